import { sql } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sweepExpired } from '../../src/platform/db/housekeeping'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * The storefront's beacons (issue 33, decision 065): what is counted, what is not, and the cookie-less
 * visitor estimate. Counts are written in the background: each test asks the counters to write first.
 */
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ analyticsLimits: { flushEveryMs: 600_000 } })
})
afterAll(() => server.close())

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

function beacon(
  body: unknown,
  options: { headers?: Record<string, string>; address?: string; raw?: string } = {},
): Promise<Awaited<ReturnType<TestServer['app']['inject']>>> {
  const request: InjectOptions = {
    method: 'POST',
    url: '/v1/store/analytics/visits',
    remoteAddress: options.address ?? '203.0.113.1',
    headers: {
      'content-type': 'application/json',
      'user-agent': CHROME,
      'sec-fetch-site': 'same-origin',
      ...options.headers,
    },
    payload: options.raw ?? JSON.stringify(body),
  }
  return server.app.inject(request)
}

/** Every count of the day written so far, as `metric key` → count. */
async function counts(): Promise<Record<string, number>> {
  await server.app.analytics.flush()
  const rows = await server.database.rows(
    sql`SELECT metric, key, count FROM analytics_counts WHERE day = (now() AT TIME ZONE 'UTC')::date`,
  )
  const found: Record<string, number> = {}
  for (const row of rows) found[`${String(row.metric)} ${String(row.key)}`] = Number(row.count)
  return found
}

const clear = async () => {
  await server.app.analytics.flush()
  await server.database.rows(sql`DELETE FROM analytics_counts`)
  await server.database.rows(sql`DELETE FROM analytics_visitors`)
}

it('counts a view by page, referrer domain, campaign, source, language and device, and a buy click', async () => {
  await clear()
  const view = {
    kind: 'view',
    path: '/landing-pack-apps?utm_campaign=x',
    referrer: 'https://www.Google.com/search?q=apps',
    utmSource: '  newsletter ',
    utmCampaign: 'spring-sale',
    language: 'es-MX',
  }
  expect((await beacon(view)).statusCode).toBe(204)
  await beacon(
    { ...view, path: '/faq/', referrer: 'http://localhost/landing-pack-apps' },
    { headers: { 'user-agent': PHONE } },
  )
  await beacon({ kind: 'buy', path: '/landing-pack-apps', utmCampaign: 'spring-sale' })
  expect(await counts()).toEqual({
    'view /landing-pack-apps': 1,
    'view /faq': 1,
    'referrer google.com': 1,
    'source newsletter': 2,
    'campaign_view spring-sale': 2,
    'language es': 2,
    'device desktop': 1,
    'device phone': 1,
    'buy /landing-pack-apps': 1,
    'campaign_buy spring-sale': 1,
    // Two views from one address and two browsers: two visitors.
    'visitors ': 2,
  })
})

it('counts the same visitor once a day and two visitors twice, keeping no address', async () => {
  await clear()
  for (let time = 0; time < 3; time++) await beacon({ kind: 'view', path: '/' }, { address: '198.51.100.7' })
  await server.app.analytics.flush()
  await beacon({ kind: 'view', path: '/faq' }, { address: '198.51.100.7' })
  await beacon({ kind: 'view', path: '/' }, { address: '198.51.100.8' })
  expect((await counts())['visitors ']).toBe(2)
  expect((await counts())['view /']).toBe(4)
  const hashes = await server.database.rows(sql`SELECT hash FROM analytics_visitors`)
  expect(hashes).toHaveLength(2)
  for (const { hash } of hashes) expect(String(hash)).toMatch(/^[0-9a-f]{32}$/)
  const stored = JSON.stringify(
    await server.database.rows(sql`SELECT * FROM analytics_visitors, analytics_salts, analytics_counts`),
  )
  expect(stored).not.toContain('198.51.100')
  expect(stored).not.toContain('Chrome')
})

it('counts nothing for Do Not Track, Global Privacy Control, bots, other sites and other paths', async () => {
  await clear()
  const view = { kind: 'view', path: '/' }
  const refused: Record<string, string>[] = [
    { dnt: '1' },
    { 'sec-gpc': '1' },
    { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    { 'user-agent': 'curl/8.5.0' },
    { 'user-agent': 'HeadlessChrome/126.0.0.0' },
    { 'user-agent': '' },
    { 'sec-fetch-site': 'cross-site' },
  ]
  for (const headers of refused) expect((await beacon(view, { headers })).statusCode).toBe(204)
  await beacon({ kind: 'view', path: '/admin' })
  await beacon({ kind: 'view', path: '/not-a-page' })
  expect(await counts()).toEqual({})
  // Without Sec-Fetch-Site (an older browser) it counts.
  await beacon(view, { headers: { 'sec-fetch-site': '' } })
  expect((await counts())['view /']).toBe(1)
})

it('answers 204 to any JSON, 400 to a body that is not JSON or is past 2 KB, never 500, and never sets a cookie', async () => {
  await clear()
  const answers = [
    await beacon({ kind: 'other', path: '/' }),
    await beacon([1, 2]),
    await beacon(null),
    await beacon('text'),
    await beacon({ kind: 'view', path: 7 }),
    await beacon(undefined, { raw: '{"kind": ', headers: {} }),
    await beacon(undefined, { raw: '{not json', headers: { 'content-type': 'text/plain;charset=UTF-8' } }),
    await beacon(undefined, {
      raw: JSON.stringify({ kind: 'view', path: '/', referrer: 'x'.repeat(3_000) }),
    }),
    // navigator.sendBeacon with a string sends it as text/plain.
    await beacon(undefined, {
      raw: JSON.stringify({ kind: 'view', path: '/faq' }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    }),
  ]
  expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204, 204, 204, 400, 400, 400, 204])
  expect(answers[7]?.json()).toMatchObject({ type: 'general_argument_invalid' })
  expect((await counts())['view /faq']).toBe(1)
  for (const answer of answers) expect(answer.headers['set-cookie']).toBeUndefined()
})

it('deletes the days before today: salts and visitors’ hashes', async () => {
  await server.database.rows(
    sql`INSERT INTO analytics_salts (day, salt) VALUES ((now() AT TIME ZONE 'UTC')::date - 1, 'old')`,
  )
  await server.database.rows(
    sql`INSERT INTO analytics_visitors (day, hash) VALUES ((now() AT TIME ZONE 'UTC')::date - 1, 'old')`,
  )
  await sweepExpired(server.database)
  expect(
    await server.database.rows(
      sql`SELECT day FROM analytics_salts WHERE day < (now() AT TIME ZONE 'UTC')::date
          UNION ALL SELECT day FROM analytics_visitors WHERE day < (now() AT TIME ZONE 'UTC')::date`,
    ),
  ).toEqual([])
})
