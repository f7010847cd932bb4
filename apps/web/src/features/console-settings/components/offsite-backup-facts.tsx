import { useTranslation } from 'react-i18next'
import type { BackupFact, OffsiteFailure } from '@pg/shared/offsite-backups'
import type { OffsiteBackupStatus } from '../api/offsite-backups-api'

const dt = 'font-semibold text-slate-900'
const dd = 'text-slate-800'

/** Why an upload fails, in the owner's words; for `other`, the server's own sentence (in English) after it. */
export function OffsiteReason({ reason, detail }: { reason: OffsiteFailure; detail?: string }) {
  const { t } = useTranslation()
  return (
    <>
      {t(`consoleSettings.offsiteReasons.${reason}`)}
      {reason === 'other' && detail && (
        <>
          {' '}
          {t('consoleSettings.fromServer')} <span lang="en">{detail}</span>
        </>
      )}
    </>
  )
}

function useFormats() {
  const { i18n } = useTranslation()
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const megabytes = (bytes: number) =>
    new Intl.NumberFormat(i18n.language, {
      style: 'unit',
      unit: 'megabyte',
      // A small store's backup is well under 1 MB: two significant digits keep it from reading as 0.
      ...(bytes < 1_000_000 ? { maximumSignificantDigits: 2 } : { maximumFractionDigits: 1 }),
    }).format(bytes / 1_000_000)
  return { date: (iso: string) => when.format(new Date(iso)), megabytes }
}

function BackupName({ fact }: { fact: BackupFact }) {
  return (
    <code className="block font-mono text-xs break-all text-slate-900" translate="no">
      {fact.name}
    </code>
  )
}

/** Where backups go, the last one made here and the last one in the bucket, what waits, what failed. */
export function OffsiteBackupFacts({ status }: { status: OffsiteBackupStatus }) {
  const { t } = useTranslation()
  const { date, megabytes } = useFormats()
  const { lastLocal, lastOffsite, lastError } = status
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      <dt className={dt}>{t('consoleSettings.offsiteBackups.destination')}</dt>
      <dd className={dd}>
        {status.configured && status.destination ? (
          <code className="font-mono text-xs break-all text-slate-900" translate="no">
            {status.destination}
          </code>
        ) : (
          t('consoleSettings.offsiteBackups.notConfigured')
        )}
      </dd>
      {status.problem && (
        <>
          <dt className={dt}>{t('consoleSettings.offsiteBackups.problem')}</dt>
          <dd className="font-semibold text-red-800">
            <OffsiteReason reason={status.problem} />
          </dd>
        </>
      )}
      <dt className={dt}>{t('consoleSettings.offsiteBackups.lastLocal')}</dt>
      <dd className={dd}>
        {lastLocal ? (
          <>
            <BackupName fact={lastLocal} />
            {t('consoleSettings.offsiteBackups.made', {
              when: date(lastLocal.at),
              size: megabytes(lastLocal.bytes),
            })}
          </>
        ) : (
          t('consoleSettings.offsiteBackups.noneYet')
        )}
      </dd>
      <dt className={dt}>{t('consoleSettings.offsiteBackups.lastOffsite')}</dt>
      <dd className={dd}>
        {lastOffsite ? (
          <>
            <BackupName fact={lastOffsite} />
            {t('consoleSettings.offsiteBackups.uploaded', {
              when: date(lastOffsite.uploadedAt),
              size: megabytes(lastOffsite.bytes),
            })}
          </>
        ) : (
          t('consoleSettings.offsiteBackups.noneYet')
        )}
      </dd>
      <dt className={dt}>{t('consoleSettings.offsiteBackups.pending')}</dt>
      <dd className={dd}>{status.pending}</dd>
      {lastError && (
        <>
          <dt className={dt}>{t('consoleSettings.offsiteBackups.lastError')}</dt>
          <dd className={dd}>
            <span className="block font-semibold text-red-800">
              <OffsiteReason reason={lastError.reason} detail={lastError.detail} />
            </span>
            <code className="block font-mono text-xs break-all text-slate-900" translate="no">
              {lastError.name}
            </code>
            {t('consoleSettings.offsiteBackups.failedAt', {
              when: date(lastError.at),
              attempts: t('consoleSettings.offsiteBackups.attempts', { count: lastError.attempts }),
            })}{' '}
            {lastError.nextAttemptAt
              ? t('consoleSettings.offsiteBackups.nextAttempt', { when: date(lastError.nextAttemptAt) })
              : t('consoleSettings.offsiteBackups.noNextAttempt')}
          </dd>
        </>
      )}
    </dl>
  )
}
