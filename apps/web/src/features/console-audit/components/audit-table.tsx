import { useTranslation } from 'react-i18next'
import { ConsoleTable } from '../../../components/console/console-table'
import type { AuditEntry } from '../api/audit-api'
import { AuditRow } from './audit-row'

/** A page of the log, newest first; an event that changed fields shows them on demand. */
export function AuditTable({ events, total, busy }: { events: AuditEntry[]; total: number; busy: boolean }) {
  const { t } = useTranslation()
  return (
    <ConsoleTable
      caption={t('consoleAudit.caption', { count: total })}
      columns={[
        { label: t('consoleAudit.columns.when') },
        { label: t('consoleAudit.columns.who') },
        { label: t('consoleAudit.columns.source') },
        { label: t('consoleAudit.columns.action') },
        { label: t('consoleAudit.columns.target') },
        { label: t('consoleAudit.columns.changes') },
      ]}
      items={events}
      busy={busy}
      empty={t('consoleAudit.none')}
      groups
      row={(event) => <AuditRow key={event.$id} event={event} />}
    />
  )
}
