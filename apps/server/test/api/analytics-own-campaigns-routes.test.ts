import { sql } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInConsoleCallers } from '../support/console-callers'
import { NO_LANGUAGE, startTestServer, type TestServer } from '../support/test-app'

/**
 * The owner's own campaigns in the console (issue 40, L6; decision 071): `GET|POST
 * /v1/store/analytics/campaigns` and `DELETE …/campaigns/:campaign`, admins only; at most 50 names of 1 to
 * 100 characters, kept in `store_settings`, each change audited; the buy link's campaigns listed apart.
 */
let server: TestServer
let adminCookie = ''
let memberCookie = ''
const URL = '/v1/store/analytics/campaigns'
const CHECKOUT = 'https://pay.hotmart.com/X123?utm_campaign=launch&sck=instagram-bio&off=abc'

beforeAll(async () => {
  server = await startTestServer({ config: { checkoutUrl: CHECKOUT } })
  ;({ adminCookie, memberCookie } = await signInConsoleCallers(server))
})
afterAll(() => server.close())

const call = (options: {
  method: 'GET' | 'POST' | 'DELETE'
  url?: string
  payload?: unknown
  cookie?: string
}) =>
  server.app.inject({
    method: options.method,
    url: options.url ?? URL,
    headers: options.cookie === undefined ? {} : { cookie: options.cookie },
    ...(options.payload === undefined ? {} : { payload: options.payload as InjectOptions['payload'] }),
  })
const add = (campaign: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: URL,
    headers: { cookie: adminCookie, ...headers },
    payload: { campaign } as InjectOptions['payload'],
  })
const remove = (campaign: string) =>
  call({ method: 'DELETE', url: `${URL}/${encodeURIComponent(campaign)}`, cookie: adminCookie })
const stored = async () => {
  const rows = await server.database.rows(
    sql`SELECT value FROM store_settings WHERE key = 'analytics_campaigns'`,
  )
  return rows.map((row) => JSON.parse(String(row.value)) as string[])[0] ?? []
}
const audited = () =>
  server.database.rows(
    sql`SELECT source, action, subject, before, after FROM audit_events
        WHERE subject LIKE 'analytics-campaigns/%' ORDER BY sequence`,
  )

describe('who may call them', () => {
  it('answers 401 user_unauthorized to a visitor and to a member, before reading a body, and changes nothing', async () => {
    for (const cookie of [undefined, memberCookie]) {
      for (const request of [
        { method: 'GET' as const },
        { method: 'POST' as const, payload: { campaign: 'sneaky' } },
        { method: 'DELETE' as const, url: `${URL}/launch` },
      ]) {
        const response = await call({ ...request, cookie })
        expect(response.statusCode, `${request.method} ${cookie ? 'member' : 'visitor'}`).toBe(401)
        expect(response.json()).toMatchObject({ type: 'user_unauthorized' })
      }
    }
    expect(await stored()).toEqual([])
  })

  it('lets an admin read the list: none named yet, and the buy link’s campaigns apart', async () => {
    const response = await call({ method: 'GET', cookie: adminCookie })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      campaigns: [],
      checkoutCampaigns: ['launch', 'instagram-bio'],
      limit: 50,
    })
  })
})

describe('adding and removing', () => {
  it('adds a name (trimmed, 100 characters at most), removes it, and audits both', async () => {
    const longest = 'x'.repeat(100)
    const first = await add('  autumn sale ')
    expect(first.statusCode).toBe(201)
    expect(first.json()).toMatchObject({ campaigns: ['autumn sale'] })
    expect((await add(longest)).statusCode).toBe(201)
    expect((await add('spring/2026 ñ')).statusCode).toBe(201)
    expect(await stored()).toEqual(['autumn sale', longest, 'spring/2026 ñ'])

    const removed = await remove('spring/2026 ñ')
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toEqual({
      campaigns: ['autumn sale', longest],
      checkoutCampaigns: ['launch', 'instagram-bio'],
      limit: 50,
    })
    await remove(longest)
    expect(await stored()).toEqual(['autumn sale'])
    expect((await audited()).map(({ source, action, subject }) => [source, action, subject])).toEqual([
      ['console', 'analytics campaigns add', 'analytics-campaigns/autumn sale'],
      ['console', 'analytics campaigns add', `analytics-campaigns/${longest}`],
      ['console', 'analytics campaigns add', 'analytics-campaigns/spring/2026 ñ'],
      ['console', 'analytics campaigns remove', 'analytics-campaigns/spring/2026 ñ'],
      ['console', 'analytics campaigns remove', `analytics-campaigns/${longest}`],
    ])
  })

  it('refuses a bad name with 400, in the owner’s language, and stores nothing', async () => {
    const before = await stored()
    const refused = [
      await call({ method: 'POST', cookie: adminCookie, payload: {} }),
      await add(''),
      await add('   '),
      await add('x'.repeat(101)),
      await add(42),
      await add(['launch']),
      await add('line\nbreak'),
      await add('tab\there'),
      await call({ method: 'POST', cookie: adminCookie, payload: 'not json' }),
    ]
    expect(refused.map((response) => response.statusCode)).toEqual(Array(9).fill(400))
    for (const response of refused)
      expect(response.json()).toMatchObject({ type: 'general_argument_invalid' })
    const spanish = await add('x'.repeat(101), NO_LANGUAGE)
    expect(spanish.json<{ message: string }>().message).toMatch(
      /^Parámetro `campaign` no válido: .*100 caracteres/,
    )
    expect(await stored()).toEqual(before)
    expect(await audited()).toHaveLength(5)
  })

  it('refuses a name already counted (one of yours, or the buy link’s) with 409, and an unknown removal with 404', async () => {
    expect((await add('autumn sale')).statusCode).toBe(409)
    const checkout = await add('launch')
    expect(checkout.statusCode).toBe(409)
    expect(checkout.json<{ message: string }>().message).toContain('CHECKOUT_URL')
    expect((await remove('never-added')).statusCode).toBe(404)
    expect((await remove('launch')).statusCode).toBe(400)
    expect(await stored()).toEqual(['autumn sale'])
  })

  it('keeps 50 names at most: the 50th is added, the 51st refused with 400', async () => {
    for (let index = 2; index <= 50; index++) expect((await add(`campaign-${index}`)).statusCode).toBe(201)
    const full = await add('campaign-51')
    expect(full.statusCode).toBe(400)
    expect(full.json<{ message: string }>().message).toContain('50')
    expect(await stored()).toHaveLength(50)
    expect((await stored()).includes('campaign-51')).toBe(false)
  })
})
