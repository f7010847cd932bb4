import { AppwriteException, Client, Databases, ID, type Models, Query, Users } from 'node-appwrite'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiKeyScope } from '@pg/shared/automations'
import { auditEvents, rateLimits } from '../../src/platform/db/schema'
import { KEY_RATE_LIMIT } from '../../src/platform/api-keys/key-callers'
import { keyRoutes } from '../../src/platform/api-keys/key-scopes'
import { createMember } from '../support/factories'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

/**
 * API keys (issue 44) through the official server SDK, `node-appwrite` 27, as n8n's and Zapier's Appwrite
 * integrations and the owner's scripts call it: Users and Databases with keys of several scopes, the
 * scope refusals, revoked and expired keys, a key sent from a browser, the audit log under the key's
 * name, the per-key rate limit, and no key in a log line.
 */
let server: TestServer
const logLines: string[] = []

const CLI = { source: 'cli' } as const

beforeAll(async () => {
  server = await startTestServer({
    listen: true,
    // Every request logged: the test reads that no key is ever in a line.
    config: { logLevel: 'debug' },
    logStream: { write: (line) => void logLines.push(line) },
  })
})
afterAll(() => server.close())

const keyWith = async (scopes: ApiKeyScope[], extra: { expire?: string } = {}) => {
  const name = `${scopes[0]}-${ID.unique()}`
  return server.app.automations.service.createKey(CLI, { name, scopes, ...extra })
}

const sdk = (secret: string) => {
  const client = new Client().setEndpoint(`${server.url}/v1`).setProject(testConfig.projectId).setKey(secret)
  return { client, users: new Users(client), databases: new Databases(client) }
}

const refusal = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AppwriteException)
  const { code, type } = error as AppwriteException
  return { code, type }
}

describe('API keys with node-appwrite 27', () => {
  it('drives Users: list with queries, get, create, update name, email, labels and status, delete', async () => {
    const key = await keyWith(['users.read', 'users.write'])
    const { users } = sdk(key.secret)
    const existing = await createMember(server.database, { name: 'Compradora' })
    const listed = await users.list({ queries: [Query.equal('email', existing.email)] })
    expect(listed.total).toBe(1)
    expect(listed.users[0]).toMatchObject({ $id: existing.id, email: existing.email, name: 'Compradora' })
    expect(await users.get({ userId: existing.id })).toMatchObject({ $id: existing.id })

    const email = `nuevo-${ID.unique()}@example.com`
    const created = await users.create({ userId: ID.unique(), email, name: 'Nuevo' })
    expect(created).toMatchObject({ email, name: 'Nuevo', status: true, labels: [] })
    expect(await users.updateName({ userId: created.$id, name: 'Nuevo Nombre' })).toMatchObject({
      name: 'Nuevo Nombre',
    })
    const newEmail = `otro-${ID.unique()}@example.com`
    expect(await users.updateEmail({ userId: created.$id, email: newEmail })).toMatchObject({
      email: newEmail,
    })
    // Another member's address is refused as the console refuses it.
    expect(await refusal(users.updateEmail({ userId: created.$id, email: existing.email }))).toEqual({
      code: 409,
      type: 'user_already_exists',
    })
    expect(await users.updateLabels({ userId: created.$id, labels: ['vip'] })).toMatchObject({
      labels: ['vip'],
    })
    expect(await users.updateStatus({ userId: created.$id, status: false })).toMatchObject({ status: false })
    await users.delete({ userId: created.$id })
    expect(await refusal(users.get({ userId: created.$id }))).toEqual({ code: 404, type: 'user_not_found' })

    // Every write is in the audit log under the key's name.
    const written = await server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.source, 'key'), eq(auditEvents.actorId, key.$id)))
    expect(written.map((event) => event.action).sort()).toEqual(
      [
        'member.create',
        'member.delete',
        'member.disable',
        'member.email',
        'member.labels',
        'member.name',
      ].sort(),
    )
    expect(new Set(written.map((event) => event.actor))).toEqual(new Set([key.name]))
  })

  it('drives Databases: lists, creates, updates and deletes projects with the console’s checks', async () => {
    const key = await keyWith(['documents.read', 'documents.write'])
    const { databases } = sdk(key.secret)
    const list = await databases.listDocuments({
      databaseId: testConfig.databaseId,
      collectionId: 'projects',
      queries: [Query.limit(5)],
    })
    expect(list.documents.length).toBeLessThanOrEqual(5)
    const created = await databases.createDocument({
      databaseId: testConfig.databaseId,
      collectionId: 'projects',
      documentId: ID.unique(),
      data: { title: 'Agente de correo con IA', subtitle: 'Responde solo' },
    })
    expect(created).toMatchObject({ title: 'Agente de correo con IA', subtitle: 'Responde solo' })
    const updated = await databases.updateDocument({
      databaseId: testConfig.databaseId,
      collectionId: 'projects',
      documentId: created.$id,
      data: { subtitle: 'Responde y clasifica' },
    })
    expect(updated).toMatchObject({ subtitle: 'Responde y clasifica' })
    expect(
      await databases.getDocument({
        databaseId: testConfig.databaseId,
        collectionId: 'projects',
        documentId: created.$id,
      }),
    ).toMatchObject({ title: 'Agente de correo con IA' })
    // The console's checks: an unknown field and an empty title are refused, nothing written.
    expect(
      await refusal(
        databases.createDocument<Models.DefaultDocument>({
          databaseId: testConfig.databaseId,
          collectionId: 'projects',
          documentId: ID.unique(),
          data: { title: '', price: 3 },
        }),
      ),
    ).toMatchObject({ code: 400 })
    await databases.deleteDocument({
      databaseId: testConfig.databaseId,
      collectionId: 'projects',
      documentId: created.$id,
    })
    const actions = await server.database.db
      .select({ action: auditEvents.action, actor: auditEvents.actor })
      .from(auditEvents)
      .where(and(eq(auditEvents.source, 'key'), eq(auditEvents.actorId, key.$id)))
    expect(actions).toEqual([
      { action: 'document.create', actor: key.name },
      { action: 'document.update', actor: key.name },
      { action: 'document.delete', actor: key.name },
    ])
  })

  it('reaches the orders list and the analytics with their scopes', async () => {
    const key = await keyWith(['orders.read', 'analytics.read'])
    const { client } = sdk(key.secret)
    const orders: unknown = await client.call('get', new URL(`${server.url}/v1/store/orders`))
    expect(orders).toMatchObject({ total: expect.any(Number), orders: expect.any(Array) })
    const analytics: unknown = await client.call('get', new URL(`${server.url}/v1/store/analytics`))
    expect(analytics).toBeTypeOf('object')
  })

  it('refuses a call outside the key’s scopes with general_unauthorized_scope', async () => {
    const key = await keyWith(['users.read'])
    const { users, databases, client } = sdk(key.secret)
    const scopeRefused = { code: 401, type: 'general_unauthorized_scope' }
    expect(await refusal(users.create({ userId: ID.unique(), email: 'x@example.com' }))).toEqual(scopeRefused)
    expect(
      await refusal(databases.listDocuments({ databaseId: testConfig.databaseId, collectionId: 'projects' })),
    ).toEqual(scopeRefused)
    // The console's own settings, keys and webhooks: no key reaches them, whatever its scopes.
    const everything = await keyWith(['users.read', 'users.write', 'documents.read', 'documents.write'])
    for (const path of ['/v1/store/automations', '/v1/store/settings', '/v1/store/audit'])
      expect(
        await refusal(sdk(everything.secret).client.call('get', new URL(`${server.url}${path}`))),
      ).toEqual(scopeRefused)
    expect(await refusal(client.call('get', new URL(`${server.url}/v1/store/orders`)))).toEqual(scopeRefused)
    // Each route a key may call names one scope of the list.
    for (const { scope } of keyRoutes()) expect(scope).toMatch(/^(users|documents|orders|analytics)\./)
  })

  it('refuses a revoked, an expired, a malformed and an unknown key', async () => {
    const revoked = await keyWith(['users.read'])
    const { users } = sdk(revoked.secret)
    expect((await users.list()).total).toBeGreaterThanOrEqual(0)
    await server.app.automations.service.revokeKey(CLI, revoked.$id)
    const refused = { code: 401, type: 'user_unauthorized' }
    expect(await refusal(users.list())).toEqual(refused)

    const expiring = await keyWith(['users.read'], { expire: new Date(Date.now() + 1500).toISOString() })
    expect((await sdk(expiring.secret).users.list()).total).toBeGreaterThanOrEqual(0)
    await new Promise((resolve) => setTimeout(resolve, 1600))
    expect(await refusal(sdk(expiring.secret).users.list())).toEqual(refused)

    expect(await refusal(sdk('standard_nope').users.list())).toEqual(refused)
    expect(await refusal(sdk(`standard_${'0'.repeat(128)}`).users.list())).toEqual(refused)
  })

  it('refuses a key sent from a browser (an Origin header), even the store’s own', async () => {
    const key = await keyWith(['users.read'])
    const from = (origin: string) =>
      fetch(`${server.url}/v1/users`, {
        headers: { 'x-appwrite-key': key.secret, 'x-appwrite-project': testConfig.projectId, origin },
      })
    const own = await from('http://shop.example.test')
    expect(own.status).toBe(401)
    expect(await own.json()).toMatchObject({
      type: 'user_unauthorized',
      message: expect.stringMatching(/navegador/),
    })
    // A foreign origin is refused before any route, as every API request from it is.
    expect((await from('https://evil.example')).status).toBe(403)
  })

  it('limits each key’s calls, apart from another key’s', async () => {
    const busy = await keyWith(['users.read'])
    const calm = await keyWith(['users.read'])
    // The window holds the limit's calls already: the next one is refused, with when to try again.
    await server.database.db.insert(rateLimits).values({
      key: `${KEY_RATE_LIMIT.name}:${busy.$id}`,
      hits: KEY_RATE_LIMIT.limit,
      windowStart: new Date(),
    })
    const answer = await fetch(`${server.url}/v1/users`, {
      headers: { 'x-appwrite-key': busy.secret, 'x-appwrite-project': testConfig.projectId },
    })
    expect(answer.status).toBe(429)
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await sdk(calm.secret).users.list()).total).toBeGreaterThanOrEqual(0)
  })

  it('records a key’s last use, and never writes a key or its hash to the log', async () => {
    const key = await keyWith(['users.read'])
    await sdk(key.secret).users.list()
    const { keys } = await server.app.automations.service.overview()
    expect(keys.find((one) => one.$id === key.$id)?.accessedAt).toEqual(expect.any(String))
    expect(JSON.stringify(keys)).not.toContain(key.secret)
    await createMember(server.database)
    expect(logLines.length).toBeGreaterThan(0)
    expect(logLines.join('\n')).not.toMatch(/standard_[0-9a-f]{16}/)
  })
})
