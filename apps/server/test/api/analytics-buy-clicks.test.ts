import { afterAll, beforeAll, expect, it } from 'vitest'
import { CHROME, clearAnalytics, sendVisit, writtenCounts } from '../support/analytics-beacons'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * Issue 40, finding L6 (decision 071): a buy click counts only when the same visitor (the day's hash of
 * address and browser, as the visitor estimate tells them apart) had a page view counted that day.
 */
let server: TestServer
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'

beforeAll(async () => {
  server = await startTestServer({ analyticsLimits: { flushEveryMs: 600_000 } })
})
afterAll(() => server.close())

const buy = (address: string, userAgent = CHROME) =>
  sendVisit(server, { kind: 'buy', path: '/', utmCampaign: 'spring' }, { address, userAgent })
const view = (address: string, userAgent = CHROME) =>
  sendVisit(server, { kind: 'view', path: '/' }, { address, userAgent })

/** Writes twice: a click is checked at one write and, if its view was not found yet, at the next. */
async function bothWrites() {
  await server.app.analytics.flush()
  return writtenCounts(server)
}

it('does not count a buy click from a visitor without a page view', async () => {
  await clearAnalytics(server)
  expect((await buy('203.0.113.20')).statusCode).toBe(204)
  const counts = await bothWrites()
  expect(counts['buy /']).toBeUndefined()
  expect(counts['campaign_buy spring']).toBeUndefined()
})

it('counts it after a view by the same address and browser, not by another browser or another address', async () => {
  await clearAnalytics(server)
  await view('203.0.113.21')
  await buy('203.0.113.21')
  // Same address, another browser: another visitor. Same browser, another address: another visitor.
  await buy('203.0.113.21', FIREFOX)
  await buy('203.0.113.22')
  const counts = await bothWrites()
  expect(counts['buy /']).toBe(1)
  expect(counts['campaign_buy spring']).toBe(1)
})

it('counts a click whose view was written before (the check reads the day’s visitors, not memory)', async () => {
  await clearAnalytics(server)
  await view('203.0.113.23', FIREFOX)
  await server.app.analytics.flush()
  await buy('203.0.113.23', FIREFOX)
  await buy('203.0.113.23', FIREFOX)
  expect((await bothWrites())['buy /']).toBe(2)
})
