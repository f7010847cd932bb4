import { useCallback } from 'react'
import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { AuditFilters } from '../../features/console-audit/components/audit-filters'
import { AuditTable } from '../../features/console-audit/components/audit-table'
import { useAuditPage } from '../../features/console-audit/hooks'
import {
  EVENTS_PER_PAGE,
  readAuditFilter,
  writeAuditFilter,
  type AuditFilter,
} from '../../features/console-audit/model/audit-filter'
import { ConsolePage, LoadState } from '../../components/console/console-page'
import { Pager } from '../../components/console/pager'

/** The audit log: every change from the console or the CLI, filtered and paged in the address. */
export function AuditRoute() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const filter = readAuditFilter(params)
  const page = useAuditPage(filter)
  const onFilter = useCallback(
    (change: Partial<AuditFilter>) => setParams((old) => writeAuditFilter(old, change)),
    [setParams],
  )
  return (
    <ConsolePage title={t('console.nav.audit')} description={t('consoleAudit.description')}>
      <AuditFilters filter={filter} onFilter={onFilter} />
      {page.data ? (
        <div>
          <AuditTable events={page.data.events} total={page.data.total} busy={page.isFetching} />
          <Pager
            offset={filter.offset}
            limit={EVENTS_PER_PAGE}
            total={page.data.total}
            onOffset={(offset) => onFilter({ offset })}
            label={t('consoleAudit.pages')}
          />
        </div>
      ) : (
        <LoadState query={page} />
      )}
    </ConsolePage>
  )
}
