import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogState, users } from '../../src/platform/db/schema'
import { createMember } from '../support/factories'
import { signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * Issue 32, "Novedades": `GET /v1/store/catalog` tells a member since when projects are news to them, their
 * previous visit (a request after more than three hours without one starts a visit), never before the
 * catalogue's first load, and the last 30 days on a first visit (decision 064).
 */
let server: TestServer
const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const firstLoad = new Date(Date.now() - 40 * DAY)

beforeAll(async () => {
  server = await startTestServer()
  // Before anything reads it (the store keeps it once read): the catalogue was first loaded 40 days ago.
  await server.database.db
    .update(catalogState)
    .set({ firstLoadedAt: firstLoad })
    .where(eq(catalogState.id, 1))
})
afterAll(() => server.close())

async function newsSince(cookie: string): Promise<number> {
  const response = await server.app.inject({ method: 'GET', url: '/v1/store/catalog', headers: { cookie } })
  expect(response.statusCode, response.body).toBe(200)
  const body = response.json<{ firstLoadedAt: string; newsSince: string }>()
  expect(Date.parse(body.firstLoadedAt)).toBe(firstLoad.getTime())
  return Date.parse(body.newsSince)
}

const setVisits = (id: string, accessedAt: Date, previousVisitAt: Date | null = null) =>
  server.database.db.update(users).set({ accessedAt, previousVisitAt }).where(eq(users.id, id))

async function storedPreviousVisit(id: string): Promise<number | null> {
  const [row] = await server.database.db
    .select({ at: users.previousVisitAt })
    .from(users)
    .where(eq(users.id, id))
  return row?.at?.getTime() ?? null
}

describe('what is news to a member', () => {
  it('is for members; a visitor gets 401', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/v1/store/catalog' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ type: 'user_unauthorized' })
  })

  it('is the last 30 days on a first visit', async () => {
    const member = await createMember(server.database)
    const { cookie } = await signIn(server, member)
    const since = await newsSince(cookie)
    expect(Math.abs(since - (Date.now() - 30 * DAY))).toBeLessThan(60_000)
  })

  it('starts at the previous visit, which a request after three quiet hours moves, and no other', async () => {
    const member = await createMember(server.database)
    const { cookie } = await signIn(server, member)
    const yesterday = new Date(Date.now() - 20 * HOUR)
    await setVisits(member.id, yesterday)
    // This request starts a visit: the previous one ended yesterday, and the store keeps it.
    expect(await newsSince(cookie)).toBe(yesterday.getTime())
    expect(await storedPreviousVisit(member.id)).toBe(yesterday.getTime())
    // Later in the same visit, and after a touch less than three hours after the last: still yesterday.
    expect(await newsSince(cookie)).toBe(yesterday.getTime())
    await setVisits(member.id, new Date(Date.now() - 2 * HOUR), yesterday)
    expect(await newsSince(cookie)).toBe(yesterday.getTime())
    expect(await storedPreviousVisit(member.id)).toBe(yesterday.getTime())
    // Back after five quiet hours: the visit before this one ended then.
    const fiveHoursAgo = new Date(Date.now() - 5 * HOUR)
    await setVisits(member.id, fiveHoursAgo, yesterday)
    expect(await newsSince(cookie)).toBe(fiveHoursAgo.getTime())
    expect(await storedPreviousVisit(member.id)).toBe(fiveHoursAgo.getTime())
  })

  it('never starts before the catalogue’s first load', async () => {
    const member = await createMember(server.database)
    const { cookie } = await signIn(server, member)
    await setVisits(member.id, new Date(Date.now() - 50 * DAY))
    expect(await newsSince(cookie)).toBe(firstLoad.getTime())
  })

  it('is each member’s own: one member’s visit moves nobody else’s', async () => {
    const [one, other] = [await createMember(server.database), await createMember(server.database)]
    const oneCookie = (await signIn(server, one)).cookie
    const otherCookie = (await signIn(server, other)).cookie
    const monday = new Date(Date.now() - 3 * DAY)
    const lastWeek = new Date(Date.now() - 10 * DAY)
    await setVisits(one.id, monday)
    await setVisits(other.id, lastWeek)
    expect(await newsSince(oneCookie)).toBe(monday.getTime())
    expect(await newsSince(otherCookie)).toBe(lastWeek.getTime())
    expect(await newsSince(oneCookie)).toBe(monday.getTime())
  })
})
