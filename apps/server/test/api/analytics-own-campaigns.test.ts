import { afterAll, beforeAll, expect, it } from 'vitest'
import { signInConsoleCallers } from '../support/console-callers'
import { countsOf, sendVisit } from '../support/analytics-beacons'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * Issue 40, finding L6 (decision 071), its repro scaled down: many addresses fill the day's campaign keys
 * (5 here, 1,000 in a store), and the owner's own campaigns (named on the buy link, or in the console)
 * are still counted by name, past the day's bound and past the memory's bound between two writes (past
 * an address's own bound of new keys: analytics-new-keys.test.ts); a campaign of nobody's is `(other)`.
 */
let server: TestServer
let adminCookie = ''
const KEYS = 5
const CHECKOUT = 'https://buy.stripe.com/test_6oE?utm_campaign=launch&client_reference_id=newsletter-may'

beforeAll(async () => {
  server = await startTestServer({
    config: { checkoutUrl: CHECKOUT },
    analyticsLimits: { flushEveryMs: 600_000, keysPerMetricAndDay: KEYS, maxPending: 12 },
  })
  ;({ adminCookie } = await signInConsoleCallers(server))
})
afterAll(() => server.close())

const visit = (kind: 'view' | 'buy', campaign: string, address: string) =>
  sendVisit(server, { kind, path: '/', utmCampaign: campaign }, { address })

it('counts the buy link’s and the console’s campaigns by name once many addresses filled the day’s keys', async () => {
  const added = await server.app.inject({
    method: 'POST',
    url: '/v1/store/analytics/campaigns',
    headers: { cookie: adminCookie },
    payload: { campaign: 'autumn sale' },
  })
  // The visitor who will click buy views a page first (the visitors held between two writes are 12 too).
  await sendVisit(server, { kind: 'view', path: '/' }, { address: '198.51.100.77' })
  // 30 addresses, one campaign each: the day's 5 keys, then (other); the memory's 12 keys, then (other).
  for (let index = 0; index < 30; index++) await visit('view', `spam-${index}`, `192.0.2.${index + 1}`)
  // Ten more from one address, past the memory's bound too.
  for (let index = 0; index < 10; index++) await visit('view', `own-${index}`, '198.51.100.77')
  for (const campaign of ['launch', 'newsletter-may', 'autumn sale', 'nobodys'])
    await visit('view', campaign, '198.51.100.77')
  await visit('buy', 'launch', '198.51.100.77')
  await visit('buy', 'autumn sale', '198.51.100.77')

  const views = await countsOf(server, 'campaign_view')
  expect(views).toMatchObject({ launch: 1, 'newsletter-may': 1, 'autumn sale': 1 })
  expect(views.nobodys).toBeUndefined()
  const named = Object.keys(views).filter((key) => key !== '(other)')
  expect(named).toHaveLength(KEYS + 3)
  expect(views['(other)']).toBe(30 + 10 + 1 - KEYS)
  expect(await countsOf(server, 'campaign_buy')).toEqual({ launch: 1, 'autumn sale': 1 })
  expect(added.statusCode).toBe(201)
})

it('keeps counting an owner’s campaign by name after the day’s keys were full in the table', async () => {
  for (let index = 0; index < 5; index++) await visit('view', `late-${index}`, `192.0.2.${100 + index}`)
  await visit('view', 'launch', '192.0.2.200')
  await visit('view', 'autumn sale', '192.0.2.201')
  const views = await countsOf(server, 'campaign_view')
  expect(views).toMatchObject({ launch: 2, 'autumn sale': 2 })
  expect(Object.keys(views).filter((key) => key.startsWith('late-'))).toEqual([])
})
