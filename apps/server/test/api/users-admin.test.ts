import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Query } from 'appwrite'
import { ADMIN_LABEL } from '@pg/shared/account'
import { createUserRepository } from '../../src/members/account/user-repository'
import type { UsersService } from '../../src/members/users/users-service'
import { usersRoutes } from '../../src/members/users/users-routes'
import { createMember, type TestMember } from '../support/factories'
import { signIn } from '../support/inject'
import { signInConsoleCallers } from '../support/console-callers'
import { createMailbox, startTestServer, type TestServer } from '../support/test-app'

let server: TestServer
const mailbox = createMailbox()
let admin: TestMember
let adminCookie = ''
let memberCookie = ''
let member: TestMember

beforeAll(async () => {
  server = await startTestServer({ mailer: mailbox, config: { publicOrigin: 'https://tienda.example.test' } })
  ;({ admin, adminCookie, member, memberCookie } = await signInConsoleCallers(server, 'Owner'))
})
afterAll(() => server.close())

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: cookie ? { cookie } : {},
  })

/** Every route the users module declares, read from its own table: a new route is covered at once. */
const ADMIN_ROUTES = usersRoutes({} as UsersService).map((route) => ({
  method: route.method,
  url: route.url.replace(':userId', 'someone').replace(':sessionId', 'some-session'),
  access: route.access,
}))

describe('who may use the Users API', () => {
  it('declares every route admin-only', () => {
    expect(ADMIN_ROUTES.length).toBeGreaterThanOrEqual(10)
    expect(ADMIN_ROUTES.filter((route) => route.access !== 'admin')).toEqual([])
  })

  it.each(ADMIN_ROUTES)('$method $url: 401 user_unauthorized for a visitor and a member', async (route) => {
    for (const cookie of [undefined, () => memberCookie]) {
      const response = await call(route.method, route.url, cookie?.(), { status: false, labels: [] })
      expect(response.statusCode, `${cookie ? 'member' : 'visitor'}`).toBe(401)
      expect(response.json()).toMatchObject({ type: 'user_unauthorized', code: 401 })
    }
  })

  it('an admin whose label is taken away is refused at once', async () => {
    const deputy = await createMember(server.database)
    const users = createUserRepository(server.database.db)
    await users.setLabels(deputy.id, [ADMIN_LABEL])
    const { cookie } = await signIn(server, deputy)
    expect((await call('GET', '/v1/users', cookie)).statusCode).toBe(200)
    await users.setLabels(deputy.id, [])
    expect((await call('GET', '/v1/users', cookie)).statusCode).toBe(401)
  })
})

describe('the Users API for an admin', () => {
  it('creates a member as Appwrite does, never showing a password hash, and refuses a taken email', async () => {
    const created = await call('POST', '/v1/users', adminCookie, {
      userId: 'unique()',
      email: 'nueva@example.com',
      password: 'una clave larga 123',
      name: 'Nueva Compradora',
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      email: 'nueva@example.com',
      name: 'Nueva Compradora',
      status: true,
      labels: [],
    })
    expect(created.body).not.toContain('argon2')
    // The member can sign in with the password given.
    await signIn(server, { email: 'nueva@example.com', password: 'una clave larga 123' })

    const again = await call('POST', '/v1/users', adminCookie, {
      userId: 'unique()',
      email: 'NUEVA@example.com',
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ type: 'user_already_exists' })

    const chosenId = await call('POST', '/v1/users', adminCookie, {
      userId: 'buyer-42',
      email: 'b42@example.com',
    })
    expect(chosenId.json()).toMatchObject({ $id: 'buyer-42' })
    const sameId = await call('POST', '/v1/users', adminCookie, {
      userId: 'buyer-42',
      email: 'other@example.com',
    })
    expect(sameId.statusCode).toBe(409)
  })

  it('refuses bad input with 400 and the parameter named, creating nobody', async () => {
    const before = (await call('GET', '/v1/users', adminCookie)).json().total
    for (const [payload, param] of [
      [{ email: 'x@example.com' }, 'userId'],
      [{ userId: 'unique()', email: 'not an email' }, 'email'],
      [{ userId: 'unique()', email: 'y@example.com', password: 'short' }, 'password'],
      [{ userId: '-bad', email: 'z@example.com' }, 'userId'],
    ] as const) {
      const response = await call('POST', '/v1/users', adminCookie, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().message).toContain(param)
    }
    expect((await call('GET', '/v1/users', adminCookie)).json().total).toBe(before)
  })

  it('lists members with search, filters, orders, offset and cursors, and totals', async () => {
    for (const name of ['Ana Pérez', 'Bruno Díaz', 'Carla Gómez']) {
      const email = `${name.split(' ')[0]?.toLowerCase()}@lista.example.com`
      expect(
        (await call('POST', '/v1/users', adminCookie, { userId: 'unique()', email, name })).statusCode,
      ).toBe(201)
    }
    const list = async (queries: string[], extra = '') => {
      const params = new URLSearchParams(
        queries.map((query, index): [string, string] => [`queries[${index}]`, query]),
      )
      const response = await call('GET', `/v1/users?${params.toString()}${extra}`, adminCookie)
      expect(response.statusCode, response.body).toBe(200)
      return response.json() as { total: number; users: { $id: string; name: string; email: string }[] }
    }
    const searched = await list([], '&search=lista.example')
    expect(searched.total).toBe(3)
    expect(searched.users.map((user) => user.name)).toEqual(['Ana Pérez', 'Bruno Díaz', 'Carla Gómez'])
    expect((await list([], '&search=BRUNO lista')).users.map((user) => user.name)).toEqual(['Bruno Díaz'])
    // % and _ are letters in a search, not patterns.
    expect((await list([], '&search=%25')).total).toBe(0)

    const newest = await list([Query.orderDesc('$createdAt'), Query.limit(2)], '&search=lista')
    expect(newest.users.map((user) => user.name)).toEqual(['Carla Gómez', 'Bruno Díaz'])
    const next = await list(
      [Query.orderDesc('$createdAt'), Query.cursorAfter(newest.users[1]?.$id ?? '')],
      '&search=lista',
    )
    expect(next.users.map((user) => user.name)).toEqual(['Ana Pérez'])
    const back = await list(
      [Query.orderDesc('$createdAt'), Query.cursorBefore(next.users[0]?.$id ?? ''), Query.limit(1)],
      '&search=lista',
    )
    expect(back.users.map((user) => user.name)).toEqual(['Bruno Díaz'])
    const byName = await list([Query.orderDesc('name'), Query.offset(1)], '&search=lista')
    expect(byName.users.map((user) => user.name)).toEqual(['Bruno Díaz', 'Ana Pérez'])

    expect((await list([Query.contains('labels', [ADMIN_LABEL])])).users.map((user) => user.$id)).toEqual([
      admin.id,
    ])
    expect((await list([Query.equal('email', [member.email])])).users.map((user) => user.$id)).toEqual([
      member.id,
    ])
    expect((await list([Query.equal('status', false)])).total).toBe(0)
    expect((await list([Query.limit(1)], '&total=false')).total).toBe(0)
  })

  it('answers a malformed or unsupported query with 400 general_query_invalid', async () => {
    for (const query of [
      '{"method":"equal"',
      Query.equal('password_hash', 'x'),
      Query.orderAsc('prefs'),
      Query.equal('status', 'yes'),
      Query.search('name', 'ana'),
      Query.or([Query.equal('name', 'a'), Query.equal('name', 'b')]),
      Query.limit(1000),
    ]) {
      const response = await call('GET', `/v1/users?queries[0]=${encodeURIComponent(query)}`, adminCookie)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().type, query).toMatch(/general_query_invalid|general_argument_invalid/)
    }
    const cursor = await call(
      'GET',
      `/v1/users?queries[0]=${encodeURIComponent(Query.cursorAfter('nobody'))}`,
      adminCookie,
    )
    expect(cursor.json()).toMatchObject({ type: 'general_cursor_not_found', code: 400 })
  })

  it('gets a member by id, and 404 for one that does not exist', async () => {
    expect((await call('GET', `/v1/users/${member.id}`, adminCookie)).json()).toMatchObject({
      email: member.email,
    })
    for (const id of ['nobody', 'not%20an%20id']) {
      const response = await call('GET', `/v1/users/${id}`, adminCookie)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ type: 'user_not_found' })
    }
  })

  it('disabling a member signs them out at once; enabling lets them sign in again', async () => {
    const buyer = await createMember(server.database)
    const { cookie } = await signIn(server, buyer)
    const disabled = await call('PATCH', `/v1/users/${buyer.id}/status`, adminCookie, { status: false })
    expect(disabled.json()).toMatchObject({ status: false })
    expect((await call('GET', '/v1/account', cookie)).statusCode).toBe(401)
    expect(
      (await call('PATCH', `/v1/users/${buyer.id}/status`, adminCookie, { status: 'no' })).statusCode,
    ).toBe(400)
    expect(
      (await call('PATCH', `/v1/users/${buyer.id}/status`, adminCookie, { status: true })).json(),
    ).toMatchObject({
      status: true,
    })
    await signIn(server, buyer)
  })

  it('sets labels (distinct, validated) and lists and ends sessions', async () => {
    const buyer = await createMember(server.database)
    const first = await signIn(server, buyer)
    await signIn(server, buyer)
    const labelled = await call('PUT', `/v1/users/${buyer.id}/labels`, adminCookie, {
      labels: ['vip', 'vip', 'beta2'],
    })
    expect(labelled.json()).toMatchObject({ labels: ['vip', 'beta2'] })
    const badLabel = await call('PUT', `/v1/users/${buyer.id}/labels`, adminCookie, { labels: ['no spaces'] })
    expect(badLabel.statusCode).toBe(400)
    expect((await call('GET', `/v1/users/${buyer.id}`, adminCookie)).json().labels).toEqual(['vip', 'beta2'])

    const sessions = (await call('GET', `/v1/users/${buyer.id}/sessions`, adminCookie)).json()
    expect(sessions.total).toBe(2)
    expect(JSON.stringify(sessions)).not.toContain(first.value)
    const one = sessions.sessions[0].$id as string
    expect((await call('DELETE', `/v1/users/${buyer.id}/sessions/${one}`, adminCookie)).statusCode).toBe(204)
    expect((await call('DELETE', `/v1/users/${buyer.id}/sessions/${one}`, adminCookie)).statusCode).toBe(404)
    expect((await call('DELETE', `/v1/users/${buyer.id}/sessions`, adminCookie)).statusCode).toBe(204)
    expect((await call('GET', '/v1/account', first.cookie)).statusCode).toBe(401)
    expect((await call('GET', `/v1/users/${buyer.id}/sessions`, adminCookie)).json().total).toBe(0)
  })

  it('an admin cannot disable, delete or take the admin label from themselves', async () => {
    // `admin` is the first admin, the store's owner (decision 058): a deputy is an admin like any other.
    const deputy = await createMember(server.database)
    await createUserRepository(server.database.db).setLabels(deputy.id, [ADMIN_LABEL])
    const { cookie: deputyCookie } = await signIn(server, deputy)
    for (const [method, url, payload] of [
      ['PATCH', `/v1/users/${deputy.id}/status`, { status: false }],
      ['DELETE', `/v1/users/${deputy.id}`, undefined],
      ['PUT', `/v1/users/${deputy.id}/labels`, { labels: [] }],
    ] as const) {
      const response = await call(method, url, deputyCookie, payload)
      expect(response.statusCode, url).toBe(400)
      expect(response.json().message).toContain('another admin')
    }
    expect((await call('GET', '/v1/account', deputyCookie)).json()).toMatchObject({
      status: true,
      labels: [ADMIN_LABEL],
    })
    // The owner cannot either, and no other admin can do it for them.
    for (const [method, url, payload] of [
      ['PATCH', `/v1/users/${admin.id}/status`, { status: false }],
      ['DELETE', `/v1/users/${admin.id}`, undefined],
      ['PUT', `/v1/users/${admin.id}/labels`, { labels: [] }],
    ] as const) {
      const response = await call(method, url, adminCookie, payload)
      expect(response.statusCode, url).toBe(403)
      expect(response.json().message).toContain("is the store's owner")
    }
    expect((await call('GET', '/v1/account', adminCookie)).json()).toMatchObject({
      status: true,
      labels: [ADMIN_LABEL],
    })
  })

  it('deletes a member, whose session ends with them', async () => {
    const buyer = await createMember(server.database)
    const { cookie } = await signIn(server, buyer)
    expect((await call('DELETE', `/v1/users/${buyer.id}`, adminCookie)).statusCode).toBe(204)
    expect((await call('GET', `/v1/users/${buyer.id}`, adminCookie)).statusCode).toBe(404)
    expect((await call('GET', '/v1/account', cookie)).statusCode).toBe(401)
    expect((await call('DELETE', `/v1/users/${buyer.id}`, adminCookie)).statusCode).toBe(404)
  })

  it('sends an invitation in the language asked for, with a link on the configured origin', async () => {
    const buyer = await createMember(server.database)
    const response = await call('POST', `/v1/store/members/${buyer.id}/invitation`, adminCookie, {
      language: 'en',
    })
    expect(response.statusCode, response.body).toBe(204)
    const message = await mailbox.next()
    expect(message.to).toBe(buyer.email)
    expect(message.link).toMatch(/^https:\/\/tienda\.example\.test\//)
    expect(message.subject).not.toMatch(/contraseña/i)
    const bad = await call('POST', `/v1/store/members/${buyer.id}/invitation`, adminCookie, {
      language: 'fr',
    })
    expect(bad.statusCode).toBe(400)
  })
})
