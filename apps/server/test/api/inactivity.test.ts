import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInactivityRepository } from '../../src/members/inactivity/inactivity-repository'
import { createInactivityService } from '../../src/members/inactivity/inactivity-service'
import { createMember, type TestMember } from '../support/factories'
import { signIn } from '../support/inject'
import { createMailbox, startTestServer, type TestServer } from '../support/test-app'

const DAY_MS = 86_400_000
const BLOCK_DAYS = 365

let server: TestServer
/** The clock of the daily check: moved by the tests, while sign-in keeps the real time. */
let clock = new Date()

beforeAll(async () => {
  server = await startTestServer({
    config: { inactivityBlockDays: BLOCK_DAYS },
    mailer: createMailbox(),
    now: () => clock,
  })
})
afterAll(() => server.close())

/** What the timer runs once a day (and once at start), after any check under way. */
function check() {
  const checks = server.app.inactivityChecks
  if (!checks) throw new Error('INACTIVITY_BLOCK_DAYS is set, so the checks should run')
  return checks.check()
}
const advance = (days: number) => (clock = new Date(clock.getTime() + days * DAY_MS))
/** The member's last activity, `days` before the check's clock. */
const lastActive = (member: TestMember, days: number) =>
  server.database.rows(
    sql`UPDATE users SET accessed_at = ${new Date(clock.getTime() - days * DAY_MS).toISOString()}::timestamptz WHERE id = ${member.id}`,
  )
const warningsTo = async (member: TestMember) =>
  (
    await server.database.rows(
      sql`SELECT language FROM email_queue WHERE user_id = ${member.id} AND kind = 'inactivity-warning'`,
    )
  ).map((row) => row.language)
const blockedReason = async (member: TestMember) =>
  (await server.database.rows(sql`SELECT blocked_reason FROM users WHERE id = ${member.id}`))[0]
    ?.blocked_reason
const signInAnswer = async (member: TestMember) => {
  const response = await server.app.inject({
    method: 'POST',
    url: '/v1/account/sessions/email',
    payload: { email: member.email, password: member.password },
  })
  const body = response.json<{ type?: string; reason?: string }>()
  return { status: response.statusCode, type: body.type, reason: body.reason }
}

describe('automatic blocking for inactivity (INACTIVITY_BLOCK_DAYS)', () => {
  beforeAll(async () => {
    // The check at start has run on an empty store.
    expect(await check()).toEqual({ warned: 0, blocked: 0, sessionsEnded: 0 })
  })

  it('warns once, 30 days before, and blocks only 30 days after the warning', async () => {
    clock = new Date()
    const member = await createMember(server.database)
    const { cookie } = await signIn(server, member)
    const disabled = await createMember(server.database)
    await server.database.rows(sql`UPDATE users SET enabled = false WHERE id = ${disabled.id}`)
    await lastActive(member, BLOCK_DAYS - 31)
    await lastActive(disabled, 1000)

    expect(await check()).toEqual({ warned: 0, blocked: 0, sessionsEnded: 0 })
    advance(2)
    expect(await check()).toEqual({ warned: 1, blocked: 0, sessionsEnded: 0 })
    expect(await warningsTo(member)).toEqual(['es'])
    expect(await check()).toEqual({ warned: 0, blocked: 0, sessionsEnded: 0 })

    // A year inactive, but warned only 29 days ago: not yet.
    advance(29)
    expect(await check()).toEqual({ warned: 0, blocked: 0, sessionsEnded: 0 })
    expect(await blockedReason(member)).toBeNull()

    advance(1)
    expect(await check()).toEqual({ warned: 0, blocked: 1, sessionsEnded: 1 })
    expect(await signInAnswer(member)).toEqual({ status: 401, type: 'user_blocked', reason: 'inactive' })
    expect(
      (await server.app.inject({ method: 'GET', url: '/v1/account', headers: { cookie } })).statusCode,
    ).toBe(401)
    expect(await warningsTo(member)).toEqual(['es'])
    // The owner's choice stands: a disabled member is neither written to nor blocked.
    expect(await warningsTo(disabled)).toEqual([])
    expect(await blockedReason(disabled)).toBeNull()
  })

  it('warns a member inactive past the limit first, in the language of their order, and blocks 30 days later', async () => {
    clock = new Date()
    const member = await createMember(server.database)
    await server.app.orders.receive({
      provider: 'stripe',
      eventId: 'evt_inactive_en',
      type: 'checkout.session.completed',
      orderId: 'cs_inactive_en',
      status: 'paid',
      occurredAt: clock,
      buyer: { email: member.email, name: member.name },
      language: 'en',
    })
    await lastActive(member, 2 * BLOCK_DAYS)
    expect(await check()).toMatchObject({ warned: 1, blocked: 0 })
    expect(await warningsTo(member)).toEqual(['en'])
    advance(30)
    expect(await check()).toMatchObject({ warned: 0, blocked: 1 })
    expect(await blockedReason(member)).toBe('inactive')
  })

  it('activity resets the warning: a member who signs in after it is not blocked, and is warned anew later', async () => {
    clock = new Date()
    const member = await createMember(server.database)
    await lastActive(member, BLOCK_DAYS - 20)
    expect(await check()).toMatchObject({ warned: 1, blocked: 0 })
    await signIn(server, member)

    advance(30)
    expect(await check()).toEqual({ warned: 0, blocked: 0, sessionsEnded: 0 })
    expect(await blockedReason(member)).toBeNull()
    expect(await warningsTo(member)).toHaveLength(1)

    await lastActive(member, BLOCK_DAYS - 20)
    expect(await check()).toMatchObject({ warned: 1, blocked: 0 })
    expect(await warningsTo(member)).toHaveLength(2)
  })

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'is done by one store process at a time: a second one on the same database leaves it',
    async () => {
      const other = createInactivityService({ db: server.database.db, now: () => clock })
      await server.database.db.transaction(async (tx) => {
        expect(await createInactivityRepository(tx).takeCheckTurn()).toBe(true)
        expect(await other.enforce(BLOCK_DAYS)).toBeNull()
      })
      expect(await other.enforce(BLOCK_DAYS)).not.toBeNull()
    },
  )
})
