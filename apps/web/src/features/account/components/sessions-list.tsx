import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import {
  deleteOtherSessions,
  deleteSession,
  sessionsQueryKey,
  sessionsQueryOptions,
  type OwnSession,
} from '../api/account-calls'
import { AccountSection, FormOutcome } from './account-section'

/** A browser's own words for itself are long: its name and platform are what a member recognises. */
function deviceName(userAgent: string, unknown: string): string {
  if (!userAgent) return unknown
  const browser = /(Edg|OPR|Firefox|Chrome|Chromium|Safari)\/[\d.]+/.exec(userAgent)?.[1]
  const platform = /(Android|iPhone|iPad|Windows|Mac OS X|Linux|CrOS)/.exec(userAgent)?.[1]
  const names: Record<string, string> = { Edg: 'Edge', OPR: 'Opera', 'Mac OS X': 'macOS', CrOS: 'ChromeOS' }
  const parts = [browser && (names[browser] ?? browser), platform && (names[platform] ?? platform)].filter(
    Boolean,
  )
  return parts.length > 0 ? parts.join(' · ') : userAgent.slice(0, 60)
}

/** Where the member is signed in, and signing out of any other place, or of all the others at once. */
export function SessionsList() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const sessions = useQuery(sessionsQueryOptions())
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey })
  const endOne = useMutation({ mutationFn: deleteSession, onSettled: refresh })
  const endOthers = useMutation({
    mutationFn: (list: OwnSession[]) => deleteOtherSessions(list),
    onSettled: refresh,
  })
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const list = sessions.data ?? []
  const others = list.filter((session) => !session.current)

  return (
    <AccountSection heading={t('account.sessions.heading')}>
      <p className="mb-4 text-sm text-slate-600">{t('account.sessions.intro')}</p>
      {sessions.isPending && <Spinner label={t('account.sessions.heading')} />}
      {sessions.isError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t('account.errors.loadFailed')}
        </p>
      )}
      {list.length > 0 && (
        <ul className="divide-y divide-slate-200">
          {list.map((session) => {
            const device = deviceName(session.clientName, t('account.sessions.unknownDevice'))
            return (
              <li key={session.$id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-slate-900">
                    {device}
                    {session.current && (
                      <span className="ml-2 rounded-full bg-blue-50 px-2 py-0.5 text-xs font-semibold text-blue-800">
                        {t('account.sessions.current')}
                      </span>
                    )}
                  </p>
                  <p className="text-slate-600">
                    {t('account.sessions.lastUsed')}: {dates.format(new Date(session.$updatedAt))} ·{' '}
                    {t('account.sessions.signedIn')}: {dates.format(new Date(session.$createdAt))} ·{' '}
                    {t('account.sessions.place')}: {session.ip}
                  </p>
                </div>
                {!session.current && (
                  <Button
                    variant="secondary"
                    aria-label={t('account.sessions.signOutNamed', { device })}
                    disabled={endOne.isPending || endOthers.isPending}
                    onClick={() => endOne.mutate(session.$id)}
                  >
                    {t('account.sessions.signOut')}
                  </Button>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {sessions.isSuccess && others.length === 0 && !endOthers.isSuccess && (
        <p className="text-sm text-slate-600">{t('account.sessions.onlyThis')}</p>
      )}
      {others.length > 0 && (
        <Button
          variant="danger"
          className="mt-4"
          disabled={endOthers.isPending}
          onClick={() => endOthers.mutate(list)}
        >
          {endOthers.isPending ? t('account.sessions.signingOut') : t('account.sessions.signOutOthers')}
        </Button>
      )}
      <div className="mt-3">
        <FormOutcome
          saved={endOthers.isSuccess ? t('account.sessions.othersDone') : null}
          failed={endOne.isError || endOthers.isError ? t('account.errors.failed') : null}
        />
      </div>
    </AccountSection>
  )
}
