import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Client, Users } from 'node-appwrite'
import { Webhook } from 'standardwebhooks'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiKeys, auditEvents, webhookEndpoints } from '../../src/platform/db/schema'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'
import { createAdminCli, STORE_ORIGIN } from './admin-cli'

/**
 * `keys create|list|revoke` and `webhooks add|list|remove|test` (issue 44): the secret printed once on
 * the last line, the key working with node-appwrite until revoked, the test event delivered signed to a
 * receiver here, each change audited with source `cli`; bad input refused with exit code 2.
 */
let server: TestServer
let cli: ReturnType<typeof createAdminCli>
let receiver: Server
let receiverUrl = ''
const received: { headers: Record<string, string>; body: string }[] = []

beforeAll(async () => {
  // The store's own sender hears the test event too: both may post to the receiver here.
  server = await startTestServer({ listen: true, config: { webhookAllowPrivate: true } })
  cli = createAdminCli(server.database, () => STORE_ORIGIN, undefined, true)
  receiver = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      received.push({ headers: request.headers as Record<string, string>, body })
      response.end('ok')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/store-events`
})
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve))
  await server.close()
})

const lastLine = (out: string) => out.trimEnd().split('\n').at(-1) ?? ''

describe('keys', () => {
  it('creates a key whose secret is the last line, lists it without it, and revokes it', async () => {
    const created = await cli.run(
      'keys',
      'create',
      '--name',
      'Zapier',
      '--scopes',
      'users.read,documents.write',
    )
    expect(created.code).toBe(0)
    const secret = lastLine(created.out)
    expect(secret).toMatch(/^standard_[0-9a-f]{128}$/)
    const users = new Users(
      new Client().setEndpoint(`${server.url}/v1`).setProject(testConfig.projectId).setKey(secret),
    )
    expect((await users.list()).total).toBeGreaterThanOrEqual(0)

    const listed = await cli.run('keys', 'list')
    expect(listed.out).toMatch(/Zapier\s+users\.read,documents\.write\s+never\s+20\d\d-/)
    expect(listed.out).not.toContain(secret)
    const [stored] = await server.database.db.select().from(apiKeys).where(eq(apiKeys.name, 'Zapier'))
    expect(JSON.stringify(stored)).not.toContain(secret)
    // The same name twice is refused: the audit log tells keys apart by name.
    expect((await cli.run('keys', 'create', '--name', 'Zapier', '--scopes', 'users.read')).code).toBe(1)

    expect(await cli.run('keys', 'revoke', 'Zapier')).toMatchObject({ code: 0 })
    await expect(users.list()).rejects.toMatchObject({ code: 401, type: 'user_unauthorized' })
    expect((await cli.run('keys', 'revoke', 'Zapier')).code).toBe(1)
    const actions = await server.database.db
      .select({ action: auditEvents.action, source: auditEvents.source })
      .from(auditEvents)
      .where(eq(auditEvents.source, 'cli'))
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['apiKey.create', 'apiKey.revoke']),
    )
  })

  it('takes an expiry date, and refuses unknown scopes, a past date and a malformed one', async () => {
    const created = await cli.run(
      'keys',
      'create',
      '--name',
      'n8n',
      '--scopes',
      'orders.read',
      '--expires',
      '2099-01-31',
    )
    expect(created.out).toContain('expires 2099-01-31T23:59:59.999+00:00')
    expect((await cli.run('keys', 'create', '--name', 'x', '--scopes', 'users.admin')).code).toBe(2)
    expect(
      (await cli.run('keys', 'create', '--name', 'x', '--scopes', 'users.read', '--expires', 'tomorrow'))
        .code,
    ).toBe(2)
    const past = await cli.run(
      'keys',
      'create',
      '--name',
      'x',
      '--scopes',
      'users.read',
      '--expires',
      '2001-01-01',
    )
    expect(past.code).toBe(1)
    expect(past.out + past.err).toContain('future')
  })
})

describe('webhooks', () => {
  it('adds an endpoint (secret last), tests it signed, lists and removes it', async () => {
    const added = await cli.run('webhooks', 'add', receiverUrl, '--events', 'order.paid,member.created')
    expect(added.code).toBe(0)
    const secret = lastLine(added.out)
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/)
    const [row] = await server.database.db.select().from(webhookEndpoints)
    expect(row?.secret).not.toContain(secret.slice(6))

    const tested = await cli.run('webhooks', 'test', receiverUrl)
    expect(tested).toMatchObject({ code: 0 })
    expect(tested.out).toMatch(/Delivered the test event msg_[a-z0-9]{20}: HTTP 200/)
    const delivery = received.at(-1)
    if (!delivery) throw new Error('Nothing was received')
    expect(new Webhook(secret).verify(delivery.body, delivery.headers)).toMatchObject({
      type: 'webhook.test',
      data: { endpointId: row?.id },
    })

    expect((await cli.run('webhooks', 'list')).out).toMatch(/store-events\s+order\.paid,member\.created\s+on/)
    expect(await cli.run('webhooks', 'remove', receiverUrl)).toMatchObject({ code: 0 })
    expect((await cli.run('webhooks', 'list')).out).toContain('No webhook endpoints')
    expect((await cli.run('webhooks', 'test', receiverUrl)).code).toBe(1)
  })

  it('refuses a non-http address, an unknown event and the same address twice', async () => {
    expect((await cli.run('webhooks', 'add', 'ftp://example.com/x', '--events', 'order.paid')).code).toBe(1)
    expect((await cli.run('webhooks', 'add', receiverUrl, '--events', 'order.shipped')).code).toBe(2)
    expect((await cli.run('webhooks', 'add', receiverUrl, '--events', 'order.paid')).code).toBe(0)
    expect((await cli.run('webhooks', 'add', receiverUrl, '--events', 'order.paid')).code).toBe(1)
    expect(await server.database.db.select().from(webhookEndpoints)).toHaveLength(2)
  })
})
