import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import type { WebhookEndpoint } from '../api/automations-api'
import { dateTimeFormat } from '../model/date-format'
import { useEventName } from './use-event-name'

export type EndpointAction = 'test' | 'enable' | 'disable' | 'remove'

const badge = 'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset'

/** Whether it receives events, in words (not only colour): on, off, or off by the store for failing. */
function EndpointState({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, i18n } = useTranslation()
  if (!endpoint.enabled && endpoint.disabledReason === 'failing')
    return (
      <span className={`${badge} bg-red-50 text-red-800 ring-red-200`}>
        {t('consoleAutomations.webhooks.states.failing')}
      </span>
    )
  if (!endpoint.enabled)
    return (
      <span className={`${badge} bg-slate-100 text-slate-800 ring-slate-300`}>
        {t('consoleAutomations.webhooks.states.off')}
      </span>
    )
  if (endpoint.failingSince)
    return (
      <span className={`${badge} bg-amber-50 text-amber-900 ring-amber-200`}>
        {t('consoleAutomations.webhooks.states.failingSince', {
          date: dateTimeFormat(i18n.language).format(new Date(endpoint.failingSince)),
        })}
      </span>
    )
  return (
    <span className={`${badge} bg-emerald-50 text-emerald-800 ring-emerald-200`}>
      {t('consoleAutomations.webhooks.states.active')}
    </span>
  )
}

/** One endpoint: its address, its events, its state, and what the owner can do with it. */
export function EndpointItem({
  endpoint,
  busy,
  onAction,
}: {
  endpoint: WebhookEndpoint
  busy: boolean
  onAction: (action: EndpointAction, endpoint: WebhookEndpoint) => void
}) {
  const { t } = useTranslation()
  const eventName = useEventName()
  const url = endpoint.url
  const failed = !endpoint.enabled && endpoint.disabledReason === 'failing'
  return (
    <li className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 className="min-w-0 font-mono text-sm font-semibold break-all text-slate-900">{url}</h4>
        <EndpointState endpoint={endpoint} />
      </div>
      {failed && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-3">
          <p className="min-w-0 flex-1 text-sm font-medium break-words text-red-900">
            {t('consoleAutomations.webhooks.failingNotice', { url })}
          </p>
          <Button
            disabled={busy}
            onClick={() => onAction('enable', endpoint)}
            aria-label={t('consoleAutomations.webhooks.reactivateNamed', { url })}
          >
            {t('consoleAutomations.webhooks.reactivate')}
          </Button>
        </div>
      )}
      <div className="text-sm">
        <span className="text-slate-600">{t('consoleAutomations.webhooks.events')}: </span>
        <span className="text-slate-800">{endpoint.events.map(eventName).join(', ')}</span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={busy || !endpoint.enabled}
          onClick={() => onAction('test', endpoint)}
          aria-label={t('consoleAutomations.webhooks.testNamed', { url })}
        >
          {t('consoleAutomations.webhooks.test')}
        </Button>
        {endpoint.enabled ? (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => onAction('disable', endpoint)}
            aria-label={t('consoleAutomations.webhooks.disableNamed', { url })}
          >
            {t('consoleAutomations.webhooks.disable')}
          </Button>
        ) : (
          !failed && (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => onAction('enable', endpoint)}
              aria-label={t('consoleAutomations.webhooks.enableNamed', { url })}
            >
              {t('consoleAutomations.webhooks.enable')}
            </Button>
          )
        )}
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => onAction('remove', endpoint)}
          aria-label={t('consoleAutomations.webhooks.removeNamed', { url })}
        >
          {t('consoleAutomations.webhooks.remove')}
        </Button>
      </div>
    </li>
  )
}
