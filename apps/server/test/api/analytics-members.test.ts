import { Query } from 'appwrite'
import { sql } from 'drizzle-orm'
import { PROJECT_CARD_FIELDS } from '@pg/shared/constants'
import { TEXT_SEARCH_ATTRIBUTE } from '@pg/shared/search-text'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { signInConsoleCallers } from '../support/console-callers'
import { createMember } from '../support/factories'
import { listUrl, signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * What members do, counted (decision 065): the members' app's events, searches where the gallery
 * answers them, members active per week and first sign-ins with their order's campaign.
 */
let server: TestServer
let adminCookie = ''
let memberCookie = ''

beforeAll(async () => {
  server = await startTestServer({ analyticsLimits: { flushEveryMs: 600_000 } })
  ;({ adminCookie, memberCookie } = await signInConsoleCallers(server))
})
afterAll(() => server.close())

async function counted(metric: string): Promise<Record<string, number>> {
  await server.app.analytics.flush()
  const rows = await server.database.rows(
    sql`SELECT key, sum(count) AS count FROM analytics_counts WHERE metric = ${metric} GROUP BY key`,
  )
  return Object.fromEntries(rows.map((row) => [String(row.key), Number(row.count)]))
}

const event = (payload: unknown, cookie?: string) =>
  server.app.inject({
    method: 'POST',
    url: '/v1/store/analytics/member-events',
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  })

it('counts a member’s or an admin’s events by project, refuses a visitor before reading the body', async () => {
  const visitor = await event('{"kind": ')
  expect(visitor.statusCode).toBe(401)
  expect(visitor.json()).toMatchObject({ type: 'user_unauthorized' })
  expect((await event({ kind: 'details', projectId: 'p-1' })).statusCode).toBe(401)
  const answers = [
    await event({ kind: 'details', projectId: 'p-1' }, memberCookie),
    await event({ kind: 'details', projectId: 'p-1' }, adminCookie),
    await event({ kind: 'favourite', projectId: 'p-2' }, memberCookie),
    await event({ kind: 'collection', projectId: 'p-2' }, memberCookie),
  ]
  expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204, 204])
  for (const answer of answers) expect(answer.headers['set-cookie']).toBeUndefined()
  expect(await counted('details')).toEqual({ 'p-1': 2 })
  expect(await counted('favourite')).toEqual({ 'p-2': 1 })
  expect(await counted('collection')).toEqual({ 'p-2': 1 })
})

it('refuses a member’s malformed event with 400, never 500', async () => {
  const answers = [
    await event({ kind: 'opened', projectId: 'p-1' }, memberCookie),
    await event({ kind: 'details', projectId: '../x' }, memberCookie),
    await event({ kind: 'details' }, memberCookie),
    await event([1], memberCookie),
    await event('{"kind": ', memberCookie),
    await event({ kind: 'details', projectId: 'p-1', note: 'x'.repeat(3_000) }, memberCookie),
  ]
  expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400, 400, 400])
  expect(answers[0]?.json()).toMatchObject({
    type: 'general_argument_invalid',
    message: 'Invalid `kind` param: Value must be one of details, favourite, collection',
  })
})

const searchCards = (text: string, cookie: string) =>
  server.app.inject({
    method: 'GET',
    url: listUrl('projects', [
      Query.search(TEXT_SEARCH_ATTRIBUTE, text),
      Query.select([...PROJECT_CARD_FIELDS]),
      Query.limit(20),
    ]),
    headers: { cookie },
  })

it('counts searches with and without results by their normalised term, once per member and term a day', async () => {
  const [project] = await server.database.rows(sql`SELECT title FROM projects ORDER BY sequence LIMIT 1`)
  const word = String(project?.title).split(' ')[0] ?? ''
  const found = await searchCards(word, memberCookie)
  expect(found.json<{ total: number }>().total).toBeGreaterThan(0)
  await searchCards(`  ${word.toUpperCase()} `, memberCookie)
  await searchCards(word, adminCookie)
  await searchCards('qwzx ana@example.com', memberCookie)
  const searches = await counted('search')
  expect(searches[word.toLowerCase()]).toBe(2)
  expect(searches['qwzx [email]']).toBe(1)
  expect(JSON.stringify(searches)).not.toContain('ana@example.com')
})

it('counts a member active once a week, as a hash that names nobody', async () => {
  for (let time = 0; time < 3; time++)
    await server.app.inject({ method: 'GET', url: '/v1/account', headers: { cookie: memberCookie } })
  await server.app.analytics.flush()
  const rows = await server.database.rows(
    sql`SELECT week::text AS week, member_hash FROM analytics_active_members`,
  )
  // The admin and the member of this file.
  expect(rows).toHaveLength(2)
  const members = await server.database.rows(sql`SELECT id FROM users`)
  for (const row of rows) {
    expect(new Date(`${String(row.week)}T00:00:00Z`).getUTCDay()).toBe(1)
    for (const member of members) expect(String(row.member_hash)).not.toContain(String(member.id))
  }
})

it('sets a member’s first sign-in once and counts it for their order’s campaign', async () => {
  const buyer = await createMember(server.database)
  await server.database.rows(sql`
    INSERT INTO orders (id, provider, provider_order_id, user_id, email, status, amount, currency, purchased_at, campaign)
    VALUES ('o-first', 'stripe', 'pi_first', ${buyer.id}, ${buyer.email}, 'paid', 2900, 'USD', now(), 'spring-sale')`)
  const before = await counted('first_sign_in')
  await signIn(server, buyer)
  await signIn(server, buyer)
  const after = await counted('first_sign_in')
  expect(after['spring-sale']).toBe(1)
  expect(after['']).toBe(before[''])
  const [row] = await server.database.rows(sql`SELECT first_signed_in_at FROM users WHERE id = ${buyer.id}`)
  expect(row?.first_signed_in_at).not.toBeNull()
})

it('sets but does not count the first sign-in of a member who was active before it was recorded', async () => {
  const earlier = await createMember(server.database)
  await server.database.rows(
    sql`UPDATE users SET accessed_at = created_at + interval '2 days' WHERE id = ${earlier.id}`,
  )
  const before = await counted('first_sign_in')
  await signIn(server, earlier)
  expect(await counted('first_sign_in')).toEqual(before)
  const [row] = await server.database.rows(sql`SELECT first_signed_in_at FROM users WHERE id = ${earlier.id}`)
  expect(row?.first_signed_in_at).not.toBeNull()
})
