import { sql, type SQL } from 'drizzle-orm'
import { ANALYTICS_LIMITS, ANALYTICS_OTHER_KEY } from '@pg/shared/analytics'
import type { DatabaseHandle } from '../platform/db/client'
import { PAID_STATUSES } from './paid-orders'

const TOP = ANALYTICS_LIMITS.topEntries
const number = (value: unknown) => Number(value ?? 0)
const text = (value: unknown) => (typeof value === 'string' ? value : String(value ?? ''))
/** Days are read as text (`day::text`): a driver's Date would be local midnight. */
const dayText = (value: unknown) => text(value).slice(0, 10)
const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )
const paidOrders = sql`status IN (${list(PAID_STATUSES)})`
const paidAt = sql`coalesce(purchased_at, created_at)`

/**
 * What the owner's report reads (decision 065), each list already summed and cut in the database: the
 * report's work is bounded by its days and its top lists, never by the table's rows.
 */
export function createAnalyticsReportRepository(database: DatabaseHandle) {
  const rows = (query: SQL) => database.rows(query)
  return {
    /** Each day's total of each metric. */
    async dailyTotals(from: string) {
      return (
        await rows(sql`
          SELECT day::text AS day, metric, sum(count) AS count FROM analytics_counts
          WHERE day >= ${from}::date GROUP BY day, metric`)
      ).map((row) => ({ day: dayText(row.day), metric: text(row.metric), count: number(row.count) }))
    },

    /** The most counted keys of each metric over the period. */
    async topKeys(from: string, metrics: readonly string[]) {
      return (
        await rows(sql`
          SELECT metric, key, count FROM (
            SELECT metric, key, sum(count) AS count,
              row_number() OVER (PARTITION BY metric ORDER BY sum(count) DESC, key) AS place
            FROM analytics_counts
            WHERE day >= ${from}::date AND metric IN (${list(metrics)})
            GROUP BY metric, key
          ) ranked
          WHERE place <= ${TOP}
          ORDER BY metric, count DESC, key`)
      ).map((row) => ({ metric: text(row.metric), key: text(row.key), count: number(row.count) }))
    },

    /** Projects by details opened, favourites, collection adds, with their titles (null once gone). */
    async topProjects(from: string) {
      return (
        await rows(sql`
          SELECT c.key, p.title,
            sum(c.count) FILTER (WHERE c.metric = 'details') AS details,
            sum(c.count) FILTER (WHERE c.metric = 'favourite') AS favourites,
            sum(c.count) FILTER (WHERE c.metric = 'collection') AS collections
          FROM analytics_counts c LEFT JOIN projects p ON p.id = c.key
          WHERE c.day >= ${from}::date AND c.metric IN ('details', 'favourite', 'collection')
            AND c.key <> ${ANALYTICS_OTHER_KEY}
          GROUP BY c.key, p.title
          ORDER BY details DESC NULLS LAST, favourites DESC NULLS LAST, collections DESC NULLS LAST, c.key
          LIMIT ${TOP}`)
      ).map((row) => ({
        projectId: text(row.key),
        title: typeof row.title === 'string' ? row.title : null,
        detailsOpened: number(row.details),
        favourites: number(row.favourites),
        collectionAdds: number(row.collections),
      }))
    },

    /**
     * Campaigns' views, buy clicks and first sign-ins: the most counted ones, and any of `alsoThese`
     * (those with paid orders in the period).
     */
    async campaignCounts(from: string, alsoThese: readonly string[]) {
      const wanted = alsoThese.length === 0 ? sql`` : sql` OR key IN (${list(alsoThese)})`
      return (
        await rows(sql`
          WITH totals AS (
            SELECT key,
              sum(count) FILTER (WHERE metric = 'campaign_view') AS views,
              sum(count) FILTER (WHERE metric = 'campaign_buy') AS buys,
              sum(count) FILTER (WHERE metric = 'first_sign_in') AS sign_ins,
              sum(count) AS total
            FROM analytics_counts
            WHERE day >= ${from}::date AND metric IN ('campaign_view', 'campaign_buy', 'first_sign_in')
              AND key NOT IN ('', ${ANALYTICS_OTHER_KEY})
            GROUP BY key
          )
          SELECT * FROM totals
          WHERE key IN (SELECT key FROM totals ORDER BY total DESC, key LIMIT ${TOP})${wanted}`)
      ).map((row) => ({
        campaign: text(row.key),
        landingViews: number(row.views),
        buyClicks: number(row.buys),
        firstSignIns: number(row.sign_ins),
      }))
    },

    /** Paid orders and their revenue per day, currency and campaign (null: none named). */
    async paidOrders(from: string) {
      return (
        await rows(sql`
          SELECT (${paidAt} AT TIME ZONE 'UTC')::date::text AS day, currency, campaign,
            count(*) AS orders, coalesce(sum(amount), 0) AS amount
          FROM orders
          WHERE ${paidOrders} AND ${paidAt} >= ${`${from}T00:00:00Z`}::timestamptz
          GROUP BY 1, 2, 3`)
      ).map((row) => ({
        day: dayText(row.day),
        currency: typeof row.currency === 'string' ? row.currency : null,
        campaign: typeof row.campaign === 'string' ? row.campaign : null,
        orders: number(row.orders),
        amount: number(row.amount),
      }))
    },

    /** The searches that found nothing (decision 044): each day's total, and the most searched terms. */
    async searchesWithoutResults(from: string) {
      const [daily, terms] = await Promise.all([
        rows(sql`
          SELECT day::text AS day, sum(count) AS count FROM searches_without_results
          WHERE day >= ${from}::date GROUP BY day`),
        rows(sql`
          SELECT term, sum(count) AS count FROM searches_without_results
          WHERE day >= ${from}::date AND term <> '' GROUP BY term
          ORDER BY count DESC, term LIMIT ${TOP}`),
      ])
      return {
        daily: daily.map((row) => ({ day: dayText(row.day), count: number(row.count) })),
        terms: terms.map((row) => ({ term: text(row.term), count: number(row.count) })),
      }
    },

    /** Members active in each week since `fromWeek` (a Monday). */
    async weeklyActiveMembers(fromWeek: string) {
      return (
        await rows(sql`
          SELECT week::text AS week, count(*) AS members FROM analytics_active_members
          WHERE week >= ${fromWeek}::date GROUP BY week ORDER BY week`)
      ).map((row) => ({ week: dayText(row.week), members: number(row.members) }))
    },
  }
}

export type AnalyticsReportRepository = ReturnType<typeof createAnalyticsReportRepository>
