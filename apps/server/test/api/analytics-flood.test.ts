import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * A flood of fake beacons (decision 065): distinct referrers, campaigns and sources from many addresses
 * cannot grow the table past its bound per day and metric, one address is stopped by its rate, and the
 * store keeps answering.
 */
let server: TestServer
const KEYS = 5

beforeAll(async () => {
  server = await startTestServer({
    analyticsLimits: {
      flushEveryMs: 20,
      keysPerMetricAndDay: KEYS,
      maxPending: 50,
      perAddressPerMinute: 10,
      addresses: 400,
      visitorsPerDay: 30,
    },
  })
})
afterAll(() => server.close())

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

const send = (index: number, address: string) =>
  server.app.inject({
    method: 'POST',
    url: '/v1/store/analytics/visits',
    remoteAddress: address,
    headers: { 'content-type': 'application/json', 'user-agent': `${CHROME} ${index}` },
    payload: {
      kind: index % 5 === 0 ? 'buy' : 'view',
      path: index % 2 === 0 ? '/' : `/fake-${index}`,
      referrer: `https://spam-${index}.example/`,
      utmSource: `source-${index}`,
      utmCampaign: `campaign-${index}`,
      language: index % 3 === 0 ? 'xx' : 'en',
    },
  })

it('keeps each day and metric within its keys, however many are sent, and keeps answering', async () => {
  const health: number[] = []
  for (let index = 0; index < 600; index++) {
    await send(index, `192.0.2.${index % 200}`)
    if (index % 100 === 0)
      health.push((await server.app.inject({ method: 'GET', url: '/v1/health/version' })).statusCode)
  }
  await server.app.analytics.flush()
  expect(health.every((status) => status === 200)).toBe(true)
  const perMetric = await server.database.rows(sql`
    SELECT metric, count(*) FILTER (WHERE key <> '(other)') AS keys, count(*) FILTER (WHERE key = '(other)') AS other
    FROM analytics_counts GROUP BY metric ORDER BY metric`)
  for (const row of perMetric) {
    expect(Number(row.keys), String(row.metric)).toBeLessThanOrEqual(KEYS)
    expect(Number(row.other)).toBeLessThanOrEqual(1)
  }
  // Every counted view is still counted, its key or not.
  const [views] = await server.database.rows(
    sql`SELECT sum(count) AS views FROM analytics_counts WHERE metric = 'referrer'`,
  )
  expect(Number(views?.views)).toBeGreaterThan(KEYS)
  // The day's visitors stop at their bound, and so do their hashes.
  const [visitors] = await server.database.rows(sql`SELECT count(*) AS hashes FROM analytics_visitors`)
  expect(Number(visitors?.hashes)).toBeLessThanOrEqual(30)
  const report = await server.database.rows(sql`SELECT count FROM analytics_counts WHERE metric = 'visitors'`)
  expect(report.map((row) => Number(row.count))).toEqual([Number(visitors?.hashes)])
})

it('stops counting one address past its rate', async () => {
  await server.app.analytics.flush()
  await server.database.rows(sql`DELETE FROM analytics_counts`)
  // Views of `/` (a buy click counts only after a view, decision 071: views show the rate alone).
  for (let index = 0; index < 50; index++) await send(2, '198.51.100.99')
  await server.app.analytics.flush()
  const [row] = await server.database.rows(
    sql`SELECT count FROM analytics_counts WHERE metric = 'view' AND key = '/'`,
  )
  expect(Number(row?.count)).toBe(10)
})
