import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Query } from 'appwrite'
import { createMember, type TestMember } from '../support/factories'
import { signIn } from '../support/inject'
import { signInConsoleCallers } from '../support/console-callers'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'
import { createAdminCli } from '../cli/admin-cli'

let server: TestServer
let admin: TestMember
let adminCookie = ''
let memberCookie = ''

beforeAll(async () => {
  server = await startTestServer()
  ;({ admin, adminCookie, memberCookie } = await signInConsoleCallers(server))
})
afterAll(() => server.close())

interface AuditEventModel {
  $id: string
  $createdAt: string
  source: string
  actor: string
  actorId: string | null
  action: string
  subject: string
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}

const documentsUrl = (collection: string, id = '') =>
  `/v1/databases/${testConfig.databaseId}/collections/${collection}/documents${id ? `/${id}` : ''}`
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string | undefined,
  payload?: object,
) => server.app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} })
async function audit(queries: string[] = [], cookie = adminCookie) {
  const params = new URLSearchParams(
    queries.map((query, index): [string, string] => [`queries[${index}]`, query]),
  )
  const response = await call('GET', `/v1/store/audit?${params.toString()}`, cookie)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ total: number; events: AuditEventModel[] }>()
}

describe('the audit log', () => {
  it('is for admins only', async () => {
    for (const cookie of [undefined, memberCookie]) {
      const response = await call('GET', '/v1/store/audit', cookie)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ type: 'user_unauthorized' })
    }
  })

  it('records each console edit of the catalogue with who, what, when, and the row before and after', async () => {
    const created = await call('POST', documentsUrl('projects'), adminCookie, {
      documentId: 'audited-1',
      data: { title: 'Primera versión', author: 'Ana' },
    })
    expect(created.statusCode).toBe(201)
    await call('PATCH', documentsUrl('projects', 'audited-1'), adminCookie, {
      data: { title: 'Segunda versión' },
    })
    await call('DELETE', documentsUrl('projects', 'audited-1'), adminCookie)

    const { events } = await audit([Query.equal('subject', 'projects/audited-1')])
    expect(events.map((event) => event.action)).toEqual([
      'document.delete',
      'document.update',
      'document.create',
    ])
    const [deleted, updated, first] = events
    for (const event of events)
      expect(event).toMatchObject({ source: 'console', actor: admin.email, actorId: admin.id })
    expect(first?.after).toMatchObject({ id: 'audited-1', title: 'Primera versión', author: 'Ana' })
    expect(updated?.before).toMatchObject({ title: 'Primera versión' })
    expect(updated?.after).toMatchObject({ title: 'Segunda versión', author: 'Ana' })
    expect(deleted?.before).toMatchObject({ title: 'Segunda versión' })
    expect(deleted?.after).toBeNull()
    expect(JSON.stringify(events)).not.toContain('title_search')
  })

  it('records nothing for a refused edit', async () => {
    const before = (await audit()).total
    const refused = await call('POST', documentsUrl('projects'), adminCookie, {
      documentId: 'unique()',
      data: { title: 'X', category: 'cat-missing' },
    })
    expect(refused.statusCode).toBe(400)
    expect((await audit()).total).toBe(before)
  })

  it('records member changes from the console, without passwords or prefs', async () => {
    const created = await call('POST', '/v1/users', adminCookie, {
      userId: 'unique()',
      email: 'auditada@example.com',
      password: 'una clave muy secreta',
    })
    const id = created.json<{ $id: string }>().$id
    await call('PATCH', `/v1/users/${id}/status`, adminCookie, { status: false })
    const { events } = await audit([Query.equal('subject', `users/${id}`)])
    expect(events.map((event) => event.action)).toEqual(['member.disable', 'member.create'])
    expect(events[0]).toMatchObject({ before: { status: true }, after: { status: false } })
    expect(JSON.stringify(events)).not.toMatch(/una clave|argon2|prefs/)
  })

  it('records admin CLI commands that change something, not those that only read', async () => {
    const cli = createAdminCli(server.database)
    expect(
      (await cli.run('users', 'create', '--email', 'cli@example.com', '--name', 'Por consola')).code,
    ).toBe(0)
    expect((await cli.run('users', 'list')).code).toBe(0)
    expect((await cli.run('users', 'disable', 'nobody@example.com')).code).not.toBe(0)
    const { events } = await audit([Query.equal('source', 'cli')])
    expect(events.map((event) => `${event.action} ${event.subject}`)).toEqual([
      'users create users/cli@example.com',
    ])
    expect(events[0]).toMatchObject({ actor: 'cli', actorId: null })
    // The generated password the command printed is not kept.
    expect(JSON.stringify(events[0]?.after)).not.toMatch(/\w{5}-\w{5}-\w{5}-\w{5}/)
    expect(JSON.stringify(events[0]?.after)).toContain('Created member cli@example.com')
  })

  it('filters by action, actor and date, pages newest first, and refuses other queries', async () => {
    const all = await audit()
    expect(all.total).toBeGreaterThanOrEqual(6)
    const updates = await audit([Query.equal('action', ['document.update', 'member.disable'])])
    expect(updates.events.map((event) => event.action).sort()).toEqual(['document.update', 'member.disable'])
    expect((await audit([Query.equal('actor', admin.email)])).total).toBe(all.total - 1)
    const future = new Date(Date.now() + 60_000).toISOString()
    expect((await audit([Query.greaterThanEqual('$createdAt', future)])).total).toBe(0)
    expect((await audit([Query.lessThan('$createdAt', future)])).total).toBe(all.total)
    const firstPage = await audit([Query.limit(2)])
    const nextPage = await audit([Query.limit(2), Query.cursorAfter(firstPage.events[1]?.$id ?? '')])
    expect(nextPage.events.map((event) => event.$id)).toEqual(
      all.events.slice(2, 4).map((event) => event.$id),
    )
    const oldest = await audit([Query.orderAsc('$createdAt'), Query.limit(1)])
    expect(oldest.events[0]?.$id).toBe(all.events.at(-1)?.$id)
    for (const query of [
      Query.equal('before', 'x'),
      Query.orderDesc('action'),
      Query.search('actor', 'x'),
      'nope',
    ]) {
      const response = await call(
        'GET',
        `/v1/store/audit?queries[0]=${encodeURIComponent(query)}`,
        adminCookie,
      )
      expect(response.statusCode, query).toBe(400)
      expect(response.json().type).toBe('general_query_invalid')
    }
  })
})

describe('a member’s changes to their own account (issue 31)', () => {
  it('are logged with the source member: name, password, email language and ended sessions; favourites are not', async () => {
    const member = await createMember(server.database, { name: 'Antes' })
    const { cookie } = await signIn(server, member)
    const elsewhere = await signIn(server, member)
    const as = (method: 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object) =>
      call(method, url, cookie, payload)
    expect((await as('PATCH', '/v1/account/name', { name: 'Después' })).statusCode).toBe(200)
    expect((await as('PATCH', '/v1/account/prefs', { prefs: { favoriteProjects: ['p1'] } })).statusCode).toBe(
      200,
    )
    const prefs = { prefs: { favoriteProjects: ['p1'], emailLanguage: 'en' } }
    expect((await as('PATCH', '/v1/account/prefs', prefs)).statusCode).toBe(200)
    const sessions = (await as('GET', '/v1/account/sessions')).json<{
      sessions: { $id: string; current: boolean }[]
    }>()
    const other = sessions.sessions.find((session) => !session.current)?.$id ?? ''
    expect((await as('DELETE', `/v1/account/sessions/${other}`)).statusCode).toBe(204)
    const changed = await as('PATCH', '/v1/account/password', {
      password: 'otra frase bastante larga',
      oldPassword: member.password,
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(elsewhere.cookie).not.toBe(cookie)

    const { events } = await audit([
      Query.equal('subject', `users/${member.id}`),
      Query.orderAsc('$createdAt'),
    ])
    expect(events.map((event) => [event.source, event.actor, event.action])).toEqual([
      ['member', member.email, 'account.name'],
      ['member', member.email, 'account.prefs'],
      ['member', member.email, 'account.session.delete'],
      ['member', member.email, 'account.password'],
    ])
    expect(events[0]).toMatchObject({
      actorId: member.id,
      before: { name: 'Antes' },
      after: { name: 'Después' },
    })
    expect(events[1]).toMatchObject({ before: { emailLanguage: null }, after: { emailLanguage: 'en' } })
    // The source filter finds them.
    expect((await audit([Query.equal('source', 'member')])).total).toBeGreaterThanOrEqual(4)
  })
})
