import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { consoleErrorText } from '../../../lib/console/console-error'
import {
  useOffsiteBackups,
  useStartOffsiteBackup,
  type OffsiteBackupStatus,
} from '../api/offsite-backups-api'
import { settingsKey } from '../hooks'
import { OffsiteBackupFacts, OffsiteReason } from './offsite-backup-facts'

/**
 * How a run the page watched ended: the newest backup failed when the unresolved failure is about it,
 * else what is in the bucket is the newest that made it.
 */
function RunOutcome({ status }: { status: OffsiteBackupStatus }) {
  const { t } = useTranslation()
  const { lastError, lastLocal, lastOffsite } = status
  // The bucket's names end in .age; the local backup's do not.
  const failed = lastError && (!lastOffsite || lastError.name.replace(/\.age$/, '') === lastLocal?.name)
  if (failed)
    return (
      <>
        {t('consoleSettings.offsiteBackups.runFailed', { name: lastError.name })}{' '}
        <OffsiteReason reason={lastError.reason} detail={lastError.detail} />
      </>
    )
  if (lastOffsite) return <>{t('consoleSettings.offsiteBackups.runDone', { name: lastOffsite.name })}</>
  return null
}

/**
 * Off-site backups (issue 42): where the store's encrypted backups go, how the last ones went, and the
 * owner's "Back up now". While the store is at it, the page asks every 2 s and says how it ended.
 */
export function OffsiteBackupsSection() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const state = useOffsiteBackups()
  const start = useStartOffsiteBackup()
  const status = state.data
  // A run seen under way (started here or by the store's daily job) is announced when it ends.
  const [watching, setWatching] = useState(false)
  if (status?.running && !watching) setWatching(true)
  const finished = watching && status !== undefined && !status.running
  useEffect(() => {
    // The Settings table's line about off-site backups changes with the run's outcome.
    if (finished) void queryClient.invalidateQueries({ queryKey: settingsKey, exact: true })
  }, [finished, queryClient])
  const canRun = status !== undefined && status.configured && status.problem === null
  return (
    <section
      aria-labelledby="offsite-backups-heading"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-5"
    >
      <h3 id="offsite-backups-heading" className="text-lg font-semibold text-slate-900">
        {t('consoleSettings.offsiteBackups.heading')}
      </h3>
      <p className="text-sm text-slate-600">{t('consoleSettings.offsiteBackups.keyReminder')}</p>
      {status ? (
        <>
          <OffsiteBackupFacts status={status} />
          <Button
            type="button"
            disabled={!canRun || status.running || start.isPending}
            onClick={() => start.mutate()}
          >
            {t('consoleSettings.offsiteBackups.backUpNow')}
          </Button>
          <p role="status" className="text-sm text-slate-700">
            {status.running || start.isPending ? (
              t('consoleSettings.offsiteBackups.running')
            ) : finished ? (
              <RunOutcome status={status} />
            ) : null}
          </p>
          {(start.isError || state.isError) && (
            <p role="alert" className="text-sm font-semibold text-red-800">
              {consoleErrorText(start.error ?? state.error, t)}
            </p>
          )}
        </>
      ) : state.isError ? (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {consoleErrorText(state.error, t)}
        </p>
      ) : (
        <p className="text-sm text-slate-600">{t('consoleSettings.offsiteBackups.loading')}</p>
      )}
    </section>
  )
}
