import { sql } from 'drizzle-orm'
import { analyticsReportSchema } from '@pg/shared/analytics'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { parseCsv } from '../../src/platform/lib/csv'
import { signInConsoleCallers } from '../support/console-callers'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * The owner's report (decision 065): admins only, every day of the period, the funnel joined to paid
 * orders and their campaigns, revenue per currency, and the same as CSV with formulas escaped.
 */
let server: TestServer
let adminCookie = ''
let memberCookie = ''

beforeAll(async () => {
  server = await startTestServer({ analyticsLimits: { flushEveryMs: 600_000 } })
  ;({ adminCookie, memberCookie } = await signInConsoleCallers(server))
  const today = sql`(now() AT TIME ZONE 'UTC')::date`
  await server.database.rows(sql`
    INSERT INTO analytics_counts (day, metric, key, count) VALUES
      (${today}, 'visitors', '', 40), (${today} - 1, 'visitors', '', 60),
      (${today}, 'view', '/', 70), (${today} - 1, 'view', '/', 30),
      (${today}, 'buy', '/', 8), (${today}, 'campaign_view', 'spring', 20),
      (${today}, 'campaign_buy', 'spring', 4), (${today}, 'first_sign_in', 'spring', 1),
      (${today}, 'first_sign_in', '', 1), (${today}, 'referrer', 'google.com', 12),
      (${today}, 'referrer', '=cmd|calc', 3), (${today}, 'details', 'p-gone', 5),
      (${today} - 40, 'view', '/', 1000)`)
  await server.database.rows(sql`
    INSERT INTO orders (id, provider, provider_order_id, status, amount, currency, purchased_at, campaign) VALUES
      ('o1', 'stripe', 'pi_1', 'paid', 2900, 'USD', now(), 'spring'),
      ('o2', 'stripe', 'pi_2', 'refunded', 2900, 'USD', now(), null),
      ('o3', 'hotmart', 'hp_3', 'paid', 9900, 'BRL', now() - interval '1 day', 'autumn'),
      ('o4', 'stripe', 'pi_4', 'pending', 2900, 'USD', now(), 'spring'),
      ('o5', 'stripe', 'pi_5', 'paid', 2900, 'USD', now() - interval '40 days', 'spring')`)
})
afterAll(() => server.close())

const ask = (url: string, cookie?: string) =>
  server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })

it('answers only admins: 401 to a visitor and to a member', async () => {
  for (const url of ['/v1/store/analytics?days=7', '/v1/store/analytics/export?days=7'])
    for (const cookie of [undefined, memberCookie]) {
      const answer = await ask(url, cookie)
      expect(answer.statusCode).toBe(401)
      expect(answer.json()).toMatchObject({ type: 'user_unauthorized' })
    }
})

it('gives the admin every day of the period, the funnel, campaigns, revenue and top lists', async () => {
  const answer = await ask('/v1/store/analytics?days=7', adminCookie)
  expect(answer.statusCode).toBe(200)
  expect(answer.headers['set-cookie']).toBeUndefined()
  const report = analyticsReportSchema.parse(answer.json())
  expect(report.days).toBe(7)
  expect(report.daily).toHaveLength(7)
  expect(report.daily.at(-1)?.day).toBe(report.to)
  expect(report.daily[0]?.day).toBe(report.from)
  expect(report.funnel).toEqual({
    visitors: 100,
    landingViews: 100,
    buyClicks: 8,
    paidOrders: 3,
    // Two counted here, and the first sign-ins of this file's admin and member.
    firstSignIns: 4,
    buyClickRate: 0.08,
    paymentRate: 3 / 8,
    signInRate: 4 / 3,
    conversionRate: 0.03,
  })
  expect(report.daily.at(-1)).toMatchObject({
    visitors: 40,
    views: 70,
    paidOrders: 2,
    revenue: [{ currency: 'USD', amount: 5800 }],
  })
  expect(report.campaigns).toEqual([
    {
      campaign: 'spring',
      landingViews: 20,
      buyClicks: 4,
      paidOrders: 1,
      firstSignIns: 1,
      revenue: [{ currency: 'USD', amount: 2900 }],
    },
    {
      campaign: 'autumn',
      landingViews: 0,
      buyClicks: 0,
      paidOrders: 1,
      firstSignIns: 0,
      revenue: [{ currency: 'BRL', amount: 9900 }],
    },
  ])
  expect(report.revenue).toEqual([
    { currency: 'BRL', amount: 9900, orders: 1 },
    { currency: 'USD', amount: 5800, orders: 2 },
  ])
  expect(report.referrers).toEqual([
    { key: 'google.com', count: 12 },
    { key: '=cmd|calc', count: 3 },
  ])
  expect(report.projects).toEqual([
    { projectId: 'p-gone', title: null, detailsOpened: 5, favourites: 0, collectionAdds: 0 },
  ])
  expect(report.visitorsCappedDays).toEqual([])
  // 90 days reach the older counts.
  const longer = analyticsReportSchema.parse((await ask('/v1/store/analytics?days=90', adminCookie)).json())
  expect(longer.daily).toHaveLength(90)
  expect(longer.funnel.landingViews).toBe(1100)
  expect(longer.funnel.paidOrders).toBe(4)
})

it('refuses a period other than 7, 30 or 90 days', async () => {
  const answer = await ask('/v1/store/analytics?days=365', adminCookie)
  expect(answer.statusCode).toBe(400)
  expect(answer.json()).toMatchObject({ message: 'Invalid `days` param: Value must be one of 7, 30, 90' })
  expect((await ask('/v1/store/analytics', adminCookie)).json()).toMatchObject({ days: 30 })
})

it('exports the report as CSV, a row per number, formulas escaped', async () => {
  const answer = await ask('/v1/store/analytics/export?days=7', adminCookie)
  expect(answer.statusCode).toBe(200)
  expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
  expect(answer.headers['content-disposition']).toMatch(
    /^attachment; filename="analytics-\d{4}-\d\d-\d\d-7d\.csv"$/,
  )
  const rows = parseCsv(answer.body)
  expect(rows[0]).toEqual(['section', 'day', 'key', 'label', 'measure', 'value', 'currency'])
  expect(rows).toContainEqual(['referrers', '', "'=cmd|calc", '', 'count', '3', ''])
  expect(rows).toContainEqual(['campaigns', '', 'spring', '', 'revenue', '29.00', 'USD'])
  expect(rows).toContainEqual(['funnel', '', '', '', 'paidOrders', '3', ''])
})
