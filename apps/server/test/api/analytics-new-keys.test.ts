import { afterAll, beforeAll, expect, it } from 'vitest'
import { clearAnalytics, countsOf, sendVisit } from '../support/analytics-beacons'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * Issue 40, finding L6 (decision 071): one address brings at most 10 keys a day that the day had not
 * seen (campaigns, sources, referrers, languages); its later new keys count as `(other)`, while keys the
 * day already has count by name whoever sends them. An IPv6 address counts by its /64, here and in the
 * beacons' rate. The default limits: the bound is tested at its boundary, the 10th and the 11th.
 */
let server: TestServer
/** One minute of one day: the rate per minute and the day's keys do not move under the test. */
const NOW = new Date('2026-05-04T10:00:00Z')

beforeAll(async () => {
  server = await startTestServer({
    config: { checkoutUrl: 'https://buy.stripe.com/test_6oE?utm_campaign=launch' },
    analyticsLimits: { flushEveryMs: 600_000 },
    now: () => NOW,
  })
})
afterAll(() => server.close())

const view = (campaign: string, address: string) =>
  sendVisit(server, { kind: 'view', path: '/', utmCampaign: campaign }, { address })

it('counts ten new campaigns from one address by name, the eleventh as (other), and another address’s first by name', async () => {
  await clearAnalytics(server)
  for (let index = 1; index <= 11; index++) await view(`c-${index}`, '203.0.113.5')
  await view('c-12', '203.0.113.6')
  // Keys the day has are counted by name, from the address past its bound too.
  await view('c-3', '203.0.113.5')
  await view('c-12', '203.0.113.5')
  // The owner's campaign (on the buy link) is never new: by name, from that address too.
  await view('launch', '203.0.113.5')
  const campaigns = await countsOf(server, 'campaign_view')
  expect(campaigns).toEqual({
    ...Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`c-${index + 1}`, 1])),
    'c-3': 2,
    'c-12': 2,
    launch: 1,
    '(other)': 1,
  })
  // The page and the device are the store's own keys, never new: every view counted by name.
  expect(await countsOf(server, 'view')).toEqual({ '/': 15 })
})

it('counts every new key of a view against the address: referrer, source, campaign and language', async () => {
  await clearAnalytics(server)
  // Three views bring four new keys each (12): the third view's last two are past the bound of 10.
  for (let index = 1; index <= 3; index++)
    await sendVisit(
      server,
      {
        kind: 'view',
        path: '/',
        referrer: `https://site-${index}.example/`,
        utmSource: `source-${index}`,
        utmCampaign: `campaign-${index}`,
        language: ['es', 'en', 'pt'][index - 1],
      },
      { address: '198.51.100.40' },
    )
  const counts = await Promise.all(
    ['referrer', 'source', 'campaign_view', 'language'].map((metric) => countsOf(server, metric)),
  )
  expect(counts).toEqual([
    { 'site-1.example': 1, 'site-2.example': 1, 'site-3.example': 1 },
    { 'source-1': 1, 'source-2': 1, 'source-3': 1 },
    { 'campaign-1': 1, 'campaign-2': 1, '(other)': 1 },
    { es: 1, en: 1, '(other)': 1 },
  ])
})

it('counts the addresses of one IPv6 /64 as one address, and another /64 apart', async () => {
  await clearAnalytics(server)
  for (let index = 1; index <= 11; index++) await view(`v6-${index}`, `2001:db8:5:6::${index.toString(16)}`)
  await view('v6-other-block', '2001:db8:5:7::1')
  const campaigns = await countsOf(server, 'campaign_view')
  expect(campaigns['(other)']).toBe(1)
  expect(campaigns['v6-10']).toBe(1)
  expect(campaigns['v6-11']).toBeUndefined()
  expect(campaigns['v6-other-block']).toBe(1)
})

it('counts the beacons of one IPv6 /64 in one rate: 60 a minute', async () => {
  await clearAnalytics(server)
  for (let index = 1; index <= 61; index++)
    await sendVisit(
      server,
      { kind: 'view', path: '/faq' },
      { address: `2001:db8:9:9:${index.toString(16)}::1` },
    )
  await sendVisit(server, { kind: 'view', path: '/faq' }, { address: '2001:db8:9:a::1' })
  expect(await countsOf(server, 'view')).toEqual({ '/faq': 61 })
})
