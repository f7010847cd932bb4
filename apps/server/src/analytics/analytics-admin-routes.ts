import { analyticsQuerySchema, ANALYTICS_PERIODS } from '@pg/shared/analytics'
import type { FastifyRequest } from 'fastify'
import { invalidParam } from '../platform/appwrite/errors'
import { queryParams } from '../platform/appwrite/params'
import type { DatabaseHandle } from '../platform/db/client'
import { said } from '../platform/error-messages/error-message'
import type { RouteDefinition } from '../platform/http/route-table'
import type { SignedIn } from '../platform/http/signed-in'
import { analyticsCsv } from './analytics-csv'
import { analyticsReport } from './analytics-report'
import { createAnalyticsReportRepository } from './analytics-report-repository'
import { ownCampaignsRoutes } from './own-campaigns-routes'
import type { StoreAnalytics } from './store-analytics'

function daysOf(request: FastifyRequest) {
  const { days } = queryParams(request)
  const parsed = analyticsQuerySchema.safeParse({ days })
  if (!parsed.success) throw invalidParam('days', said('oneOfReason', { values: ANALYTICS_PERIODS }))
  return parsed.data.days
}

/**
 * The owner's report (decision 065), for the console's admin table: JSON for the Analytics page and the
 * Overview, and the same as CSV. What was counted until now is written first, so the report shows it.
 * And the owner's own campaigns, always counted by name (decision 071).
 */
export function analyticsAdminRoutes(options: {
  analytics: Pick<StoreAnalytics, 'flush' | 'visitorsPerDay' | 'ownCampaigns'>
  database: DatabaseHandle
  now?: () => Date
}): RouteDefinition<SignedIn>[] {
  const repository = createAnalyticsReportRepository(options.database)
  const report = async (request: FastifyRequest) => {
    const days = daysOf(request)
    await options.analytics.flush()
    return analyticsReport(repository, days, options.now?.() ?? new Date(), options.analytics.visitorsPerDay)
  }
  return [
    {
      method: 'GET',
      url: '/v1/store/analytics',
      access: 'admin',
      handler: async ({ request }) => report(request),
    },
    {
      method: 'GET',
      url: '/v1/store/analytics/export',
      access: 'admin',
      handler: async ({ request, reply }) => {
        const answer = await report(request)
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="analytics-${answer.to}-${answer.days}d.csv"`)
          .send(analyticsCsv(answer))
      },
    },
    ...ownCampaignsRoutes({
      db: options.database.db,
      ownCampaigns: options.analytics.ownCampaigns,
      now: options.now,
    }),
  ]
}
