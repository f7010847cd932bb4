import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { listAuditEvents } from './api/audit-api'
import type { AuditFilter } from './model/audit-filter'

export const auditKey = ['console', 'audit'] as const

export const useAuditPage = (filter: AuditFilter) =>
  useQuery({
    queryKey: [...auditKey, filter],
    queryFn: () => listAuditEvents(filter),
    placeholderData: keepPreviousData,
  })
