import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInactivityService } from '../../src/members/inactivity/inactivity-service'
import { createMember, type TestMember } from '../support/factories'
import { signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'
import { createAdminCli } from '../cli/admin-cli'

/**
 * Issue 12, decision 028: live sessions are held in memory, and every change to a member's sessions or
 * user row takes effect at once in this process, whoever made it: the member (logout, password, name,
 * prefs), the owner's CLI (revoke, disable, delete, enable, refund), a webhook (dispute), the inactivity
 * rule or a statement sent to the database directly. Each session is used once before the change, so it
 * is answered from memory when the change comes.
 */
let server: TestServer
let cli: ReturnType<typeof createAdminCli>

beforeAll(async () => {
  server = await startTestServer()
  cli = createAdminCli(server.database)
})
afterAll(() => server.close())

const me = (cookie: string) => server.app.inject({ method: 'GET', url: '/v1/account', headers: { cookie } })
const send = (method: 'PATCH' | 'DELETE', url: string, cookie: string, payload: object = {}) =>
  server.app.inject({ method, url, headers: { cookie, 'content-type': 'application/json' }, payload })

/** A session that has been used once, so that the view holds it. */
async function usedSession(member: TestMember) {
  const session = await signIn(server, member)
  expect((await me(session.cookie)).statusCode).toBe(200)
  return { ...session, id: session.response.json<{ $id: string }>().$id }
}

describe('the member’s own changes', () => {
  it('logout ends the session at once, for every copy of its cookie', async () => {
    const member = await createMember(server.database)
    const { cookie } = await usedSession(member)
    expect((await send('DELETE', '/v1/account/sessions/current', cookie)).statusCode).toBe(204)
    expect((await me(cookie)).statusCode).toBe(401)
  })

  it('deleting one session by id ends that one only', async () => {
    const member = await createMember(server.database)
    const kept = await usedSession(member)
    const ended = await usedSession(member)
    expect((await send('DELETE', `/v1/account/sessions/${ended.id}`, kept.cookie)).statusCode).toBe(204)
    expect((await me(ended.cookie)).statusCode).toBe(401)
    expect((await me(kept.cookie)).statusCode).toBe(200)
  })

  it('deleting all sessions ends every one of them', async () => {
    const member = await createMember(server.database)
    const first = await usedSession(member)
    const second = await usedSession(member)
    expect((await send('DELETE', '/v1/account/sessions', first.cookie)).statusCode).toBe(204)
    expect((await me(first.cookie)).statusCode).toBe(401)
    expect((await me(second.cookie)).statusCode).toBe(401)
  })

  it('a new password ends every session but the current one', async () => {
    const member = await createMember(server.database)
    const current = await usedSession(member)
    const other = await usedSession(member)
    const changed = await send('PATCH', '/v1/account/password', current.cookie, {
      password: 'una frase nueva y larga',
      oldPassword: member.password,
    })
    expect(changed.statusCode).toBe(200)
    expect((await me(other.cookie)).statusCode).toBe(401)
    expect((await me(current.cookie)).statusCode).toBe(200)
  })

  it('a new name or new prefs are what the next request reads, in every session', async () => {
    const member = await createMember(server.database)
    const first = await usedSession(member)
    const second = await usedSession(member)
    expect((await send('PATCH', '/v1/account/name', first.cookie, { name: 'Nombre nuevo' })).statusCode).toBe(
      200,
    )
    const prefs = { favoriteProjects: ['demo-0001'] }
    expect((await send('PATCH', '/v1/account/prefs', first.cookie, { prefs })).statusCode).toBe(200)
    for (const { cookie } of [first, second]) {
      expect((await me(cookie)).json()).toMatchObject({ name: 'Nombre nuevo', prefs })
    }
  })

  it('signing in an eleventh time ends the oldest session even while it is held', async () => {
    const member = await createMember(server.database)
    const oldest = await usedSession(member)
    for (let index = 0; index < 10; index++) await signIn(server, member)
    expect((await me(oldest.cookie)).statusCode).toBe(401)
  })
})

describe('the owner’s commands', () => {
  it('users sessions revoke ends every session at once', async () => {
    const member = await createMember(server.database)
    const { cookie } = await usedSession(member)
    expect((await cli.run('users', 'sessions', 'revoke', member.email)).code).toBe(0)
    expect((await me(cookie)).statusCode).toBe(401)
  })

  it('users disable ends every session at once', async () => {
    const member = await createMember(server.database)
    const { cookie } = await usedSession(member)
    expect((await cli.run('users', 'disable', member.email)).code).toBe(0)
    expect((await me(cookie)).statusCode).toBe(401)
  })

  it('users delete ends every session at once', async () => {
    const member = await createMember(server.database)
    const { cookie } = await usedSession(member)
    expect((await cli.run('users', 'delete', member.email)).code).toBe(0)
    expect((await me(cookie)).statusCode).toBe(401)
  })

  it('users enable lets a session the database still holds work again at once', async () => {
    const member = await createMember(server.database)
    const { cookie } = await usedSession(member)
    // Disabled by hand in the database, so the session rows stay; the view hears it all the same.
    await server.database.rows(sql`UPDATE users SET enabled = false WHERE id = ${member.id}`)
    expect((await me(cookie)).statusCode).toBe(401)
    expect((await cli.run('users', 'enable', member.email)).code).toBe(0)
    expect((await me(cookie)).statusCode).toBe(200)
  })

  it('orders refund ends the buyer’s sessions at once', async () => {
    const member = await createMember(server.database)
    const granted = await cli.run('orders', 'grant', member.email)
    const orderId = /^Granted order (\S+) to /.exec(granted.out)?.[1] ?? ''
    const { cookie } = await usedSession(member)
    expect((await cli.run('orders', 'refund', orderId)).code).toBe(0)
    expect((await me(cookie)).statusCode).toBe(401)
  })
})

describe('changes the store makes on its own', () => {
  it('a dispute received from the payment provider ends the buyer’s sessions at once', async () => {
    const member = await createMember(server.database)
    const paid = {
      provider: 'stripe',
      orderId: `pi_view_${member.id}`,
      occurredAt: new Date(),
      buyer: { email: member.email, name: member.name },
      amount: 2500,
      currency: 'USD',
      product: 'Projects Gallery Bundle',
    } as const
    await server.app.orders.receive({
      ...paid,
      eventId: `evt_paid_${member.id}`,
      type: 'checkout.session.completed',
      status: 'paid',
    })
    const { cookie } = await usedSession(member)
    await server.app.orders.receive({
      ...paid,
      eventId: `evt_dispute_${member.id}`,
      type: 'charge.dispute.created',
      status: 'disputed',
    })
    expect((await me(cookie)).statusCode).toBe(401)
  })

  it('blocking for inactivity ends the member’s sessions at once', async () => {
    const member = await createMember(server.database)
    const { cookie } = await usedSession(member)
    // The rule's clock a little over a year ahead: the member has been inactive since signing in.
    const inAYear = new Date(Date.now() + 366 * 86_400_000)
    const blocked = await createInactivityService({ db: server.database.db, now: () => inAYear }).block(365)
    expect(blocked.map((each) => each.id)).toContain(member.id)
    expect((await me(cookie)).statusCode).toBe(401)
  })

  it('a statement sent to the database by hand is heard as well', async () => {
    const member = await createMember(server.database)
    const { cookie } = await usedSession(member)
    await server.database.rows(sql`UPDATE users SET name = 'Por SQL' WHERE id = ${member.id}`)
    expect((await me(cookie)).json()).toMatchObject({ name: 'Por SQL' })
    await server.database.rows(sql`DELETE FROM sessions WHERE user_id = ${member.id}`)
    expect((await me(cookie)).statusCode).toBe(401)
  })
})

describe('the last access time', () => {
  const accessedAt = async (member: TestMember) => {
    const [row] = await server.database.rows(sql`SELECT accessed_at FROM users WHERE id = ${member.id}`)
    return new Date(String(row?.accessed_at)).getTime()
  }

  it('moves at most once an hour', async () => {
    const member = await createMember(server.database)
    const { cookie } = await usedSession(member)
    const halfAnHourAgo = new Date(Date.now() - 1_800_000)
    await server.database.rows(
      sql`UPDATE users SET accessed_at = ${halfAnHourAgo.toISOString()}::timestamptz WHERE id = ${member.id}`,
    )
    expect((await me(cookie)).statusCode).toBe(200)
    expect(await accessedAt(member)).toBe(halfAnHourAgo.getTime())

    const twoHoursAgo = new Date(Date.now() - 7_200_000)
    await server.database.rows(
      sql`UPDATE users SET accessed_at = ${twoHoursAgo.toISOString()}::timestamptz WHERE id = ${member.id}`,
    )
    expect((await me(cookie)).statusCode).toBe(200)
    expect(await accessedAt(member)).toBeGreaterThan(Date.now() - 60_000)
    expect((await me(cookie)).json()).toMatchObject({ accessedAt: expect.any(String) })
  })
})
