import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { consoleErrorText } from '../../../lib/console/console-error'
import { useNewsEmail, useSetNewsEmail, type NewsEmailState } from '../api/news-email-api'

/**
 * The weekly "what's new" email (decision 064): whether the store sends it, what its last look found and
 * did, when it looks next, and the owner's switch for the whole store.
 */
export function NewsEmailSection() {
  const { t } = useTranslation()
  const state = useNewsEmail()
  const change = useSetNewsEmail()
  return (
    <section
      aria-labelledby="news-email-heading"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-5"
    >
      <h3 id="news-email-heading" className="text-lg font-semibold text-slate-900">
        {t('consoleSettings.newsEmail.heading')}
      </h3>
      <p className="text-sm text-slate-600">{t('consoleSettings.newsEmail.about')}</p>
      {state.data ? (
        <>
          <NewsEmailFacts state={state.data} />
          <Button
            type="button"
            variant={state.data.enabled ? 'secondary' : 'primary'}
            disabled={change.isPending}
            onClick={() => state.data && change.mutate(!state.data.enabled)}
          >
            {state.data.enabled
              ? t('consoleSettings.newsEmail.turnOff')
              : t('consoleSettings.newsEmail.turnOn')}
          </Button>
          <p role="status" className="text-sm text-slate-700">
            {change.isSuccess &&
              (state.data.enabled
                ? t('consoleSettings.newsEmail.turnedOn')
                : t('consoleSettings.newsEmail.turnedOff'))}
          </p>
          {change.isError && (
            <p role="alert" className="text-sm font-semibold text-red-800">
              {consoleErrorText(change.error, t)}
            </p>
          )}
        </>
      ) : state.isError ? (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {consoleErrorText(state.error, t)}
        </p>
      ) : (
        <p className="text-sm text-slate-600">{t('consoleSettings.newsEmail.loading')}</p>
      )}
    </section>
  )
}

function NewsEmailFacts({ state }: { state: NewsEmailState }) {
  const { t, i18n } = useTranslation()
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const { lastLook, nextLookAt } = state
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold text-slate-900">{t('consoleSettings.newsEmail.status')}</dt>
      <dd className="text-slate-800">
        {state.enabled ? t('consoleSettings.newsEmail.on') : t('consoleSettings.newsEmail.off')}
      </dd>
      <dt className="font-semibold text-slate-900">{t('consoleSettings.newsEmail.lastLook')}</dt>
      <dd className="text-slate-800">
        {lastLook
          ? t('consoleSettings.newsEmail.lastLookDone', {
              when: when.format(new Date(lastLook.until)),
              projects: t('consoleSettings.newsEmail.projects', { count: lastLook.projects }),
              recipients: t('consoleSettings.newsEmail.recipients', { count: lastLook.recipients }),
              sent: lastLook.sent,
            })
          : t('consoleSettings.newsEmail.noLookYet')}
      </dd>
      <dt className="font-semibold text-slate-900">{t('consoleSettings.newsEmail.nextLook')}</dt>
      <dd className="text-slate-800">
        {nextLookAt ? when.format(new Date(nextLookAt)) : t('consoleSettings.newsEmail.noCatalogueYet')}
      </dd>
    </dl>
  )
}
