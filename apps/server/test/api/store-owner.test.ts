import { ADMIN_LABEL } from '@pg/shared/account'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUserRepository } from '../../src/members/account/user-repository'
import { createAdminCli } from '../cli/admin-cli'
import { createMember, type TestMember } from '../support/factories'
import { signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * Issue 28, item 10: every admin was equal, and a second admin took the owner's admin label away. The
 * owner (OWNER_EMAIL, else the first admin) keeps their label and their account whatever another admin
 * asks through the console or the API; the CLI on the store's machine still can (decision 058).
 */
type Method = 'GET' | 'PUT' | 'PATCH' | 'DELETE'

async function admin(server: TestServer, overrides: Partial<TestMember> = {}) {
  const member = await createMember(server.database, overrides)
  await createUserRepository(server.database.db).setLabels(member.id, [ADMIN_LABEL])
  return { ...member, cookie: (await signIn(server, member)).cookie }
}

const callAs =
  (server: TestServer) =>
  (cookie: string, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
    server.app.inject({ method, url, headers: { cookie, ...headers }, ...(payload ? { payload } : {}) })

async function stored(server: TestServer, id: string) {
  const [row] = await server.database.rows(sql`SELECT enabled, labels FROM users WHERE id = ${id}`)
  return row ? { enabled: row.enabled, labels: row.labels } : null
}

describe('without OWNER_EMAIL: the first admin owns the store', () => {
  let server: TestServer
  let older: TestMember
  let owner: Awaited<ReturnType<typeof admin>>
  let second: Awaited<ReturnType<typeof admin>>
  let call: ReturnType<typeof callAs>

  beforeAll(async () => {
    server = await startTestServer()
    call = callAs(server)
    // A buyer who joined before anyone was an admin.
    older = await createMember(server.database)
    owner = await admin(server, { email: 'owner@example.com' })
    second = await admin(server, { email: 'second@example.com' })
  })
  afterAll(() => server.close())

  it('says who the owner is', async () => {
    const response = await call(second.cookie, 'GET', '/v1/store/owner')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      owner: { userId: owner.id, email: 'owner@example.com', source: 'first_admin' },
    })
  })

  it('refuses a second admin the owner’s label, disabling and deleting them, in both languages', async () => {
    for (const [method, url, payload] of [
      ['PUT', `/v1/users/${owner.id}/labels`, { labels: [] }],
      ['PUT', `/v1/users/${owner.id}/labels`, { labels: ['vip'] }],
      ['PATCH', `/v1/users/${owner.id}/status`, { status: false }],
      ['DELETE', `/v1/users/${owner.id}`, {}],
    ] as const) {
      const english = await call(second.cookie, method, url, payload)
      expect(english.statusCode, `${method} ${url}`).toBe(403)
      expect(english.json()).toMatchObject({
        type: 'general_access_forbidden',
        reason: 'store_owner',
        owner: owner.id,
        message: expect.stringContaining("owner@example.com is the store's owner (the first admin)"),
      })
      const spanish = await call(second.cookie, method, url, payload, { 'x-appwrite-locale': 'es' })
      expect(spanish.json<{ message: string }>().message).toContain(
        'owner@example.com es el propietario de la tienda (el primer administrador)',
      )
    }
    expect(await stored(server, owner.id)).toEqual({ enabled: true, labels: [ADMIN_LABEL] })
    // Nothing happened, so nothing is in the audit log.
    const events = await server.database.rows(
      sql`SELECT action FROM audit_events WHERE subject = ${`users/${owner.id}`}`,
    )
    expect(events).toEqual([])
    // The owner's session still works.
    expect((await call(owner.cookie, 'GET', '/v1/store/owner')).statusCode).toBe(200)
  })

  it('lets the owner (and other admins) manage the other admins as before', async () => {
    const third = await admin(server)
    expect(
      (await call(second.cookie, 'PUT', `/v1/users/${third.id}/labels`, { labels: [] })).statusCode,
    ).toBe(200)
    expect(
      (await call(owner.cookie, 'PATCH', `/v1/users/${second.id}/status`, { status: false })).statusCode,
    ).toBe(200)
    expect(
      (await call(owner.cookie, 'PATCH', `/v1/users/${second.id}/status`, { status: true })).statusCode,
    ).toBe(200)
  })

  it('refuses the admin label to a member who joined before the owner, which would hand them the store', async () => {
    const { cookie } = await signIn(server, second)
    const response = await call(cookie, 'PUT', `/v1/users/${older.id}/labels`, { labels: [ADMIN_LABEL] })
    expect(response.statusCode).toBe(403)
    expect(response.json<{ message: string }>().message).toContain('they would become the owner')
    expect(await stored(server, older.id)).toEqual({ enabled: true, labels: [] })
  })

  it('leaves the CLI on the store’s machine all-powerful', async () => {
    const cli = createAdminCli(server.database)
    expect((await cli.run('users', 'label', 'remove', 'owner@example.com', ADMIN_LABEL)).code).toBe(0)
    expect(await stored(server, owner.id)).toEqual({ enabled: true, labels: [] })
    // The next admin by joining order owns the store now.
    const { cookie } = await signIn(server, second)
    expect((await call(cookie, 'GET', '/v1/store/owner')).json()).toMatchObject({
      owner: { userId: second.id, source: 'first_admin' },
    })
  })
})

describe('OWNER_EMAIL names the owner', () => {
  let server: TestServer
  let first: Awaited<ReturnType<typeof admin>>
  let named: Awaited<ReturnType<typeof admin>>
  let call: ReturnType<typeof callAs>

  beforeAll(async () => {
    server = await startTestServer({ config: { ownerEmail: 'Duena@Example.com' } })
    call = callAs(server)
    first = await admin(server)
    named = await admin(server, { email: 'duena@example.com' })
  })
  afterAll(() => server.close())

  it('protects the member it names, not the first admin', async () => {
    expect((await call(first.cookie, 'GET', '/v1/store/owner')).json()).toEqual({
      owner: { userId: named.id, email: 'duena@example.com', source: 'configured' },
    })
    const refused = await call(first.cookie, 'PUT', `/v1/users/${named.id}/labels`, { labels: [] })
    expect(refused.statusCode).toBe(403)
    expect(refused.json<{ message: string }>().message).toContain('OWNER_EMAIL names them')
    expect((await call(named.cookie, 'PUT', `/v1/users/${first.id}/labels`, { labels: [] })).statusCode).toBe(
      200,
    )
  })
})
