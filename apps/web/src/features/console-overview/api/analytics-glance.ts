import { analyticsReportSchema } from '@pg/shared/analytics'
import { consoleRequest } from '../../../lib/console/console-request'

/** The last 7 days of `GET /v1/store/analytics` (decision 065), for the Overview's glance. */
export const getWeekAnalytics = () =>
  consoleRequest('GET', '/store/analytics', analyticsReportSchema, { days: '7' })
