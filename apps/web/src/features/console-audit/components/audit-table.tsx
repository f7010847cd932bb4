import { useTranslation } from 'react-i18next'
import type { AuditEntry } from '../api/audit-api'
import { AuditRow } from './audit-row'

const head = 'px-4 py-3 font-semibold'

/** A page of the log, newest first; an event that changed fields shows them on demand. */
export function AuditTable({ events, total, busy }: { events: AuditEntry[]; total: number; busy: boolean }) {
  const { t } = useTranslation()
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="min-w-full text-sm" aria-busy={busy}>
        <caption className="sr-only">{t('consoleAudit.caption', { count: total })}</caption>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            <th scope="col" className={head}>
              {t('consoleAudit.columns.when')}
            </th>
            <th scope="col" className={head}>
              {t('consoleAudit.columns.who')}
            </th>
            <th scope="col" className={head}>
              {t('consoleAudit.columns.source')}
            </th>
            <th scope="col" className={head}>
              {t('consoleAudit.columns.action')}
            </th>
            <th scope="col" className={head}>
              {t('consoleAudit.columns.target')}
            </th>
            <th scope="col" className={head}>
              {t('consoleAudit.columns.changes')}
            </th>
          </tr>
        </thead>
        {events.map((event) => (
          <AuditRow key={event.$id} event={event} />
        ))}
      </table>
      {events.length === 0 && (
        <p className="p-6 text-center text-sm text-slate-600">{t('consoleAudit.none')}</p>
      )}
    </div>
  )
}
