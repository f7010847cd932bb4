import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { analyticsReportSchema, type AnalyticsPeriod } from '@pg/shared/analytics'
import { endpoint } from '../../../lib/backend'
import { consoleRequest } from '../../../lib/console/console-request'

/** `GET /v1/store/analytics?days=`: the owner's report, checked against the shared schema (decision 065). */
export const getAnalyticsReport = (days: AnalyticsPeriod) =>
  consoleRequest('GET', '/store/analytics', analyticsReportSchema, { days: String(days) })

/** Under the console's key: a change made elsewhere in the console reads the report again. */
export const analyticsKey = ['console', 'analytics'] as const

export const analyticsReportQuery = (days: AnalyticsPeriod) =>
  queryOptions({
    queryKey: [...analyticsKey, { days }],
    queryFn: () => getAnalyticsReport(days),
    // The previous period's figures stay (marked busy) while the next one loads, rather than a blank page.
    placeholderData: keepPreviousData,
  })

export const useAnalyticsReport = (days: AnalyticsPeriod) => useQuery(analyticsReportQuery(days))

/** The same report as a CSV file to download (the session cookie goes with the link). */
export const analyticsExportAddress = (days: AnalyticsPeriod) =>
  `${endpoint}/store/analytics/export?days=${days}`
