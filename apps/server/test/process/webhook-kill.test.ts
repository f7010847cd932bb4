import { rm } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_LABEL } from '@pg/shared/account'
import type { WebhookDelivery } from '@pg/shared/automations'
import { createUserRepository } from '../../src/members/account/user-repository'
import { openEmbeddedDatabase } from '../../src/platform/db/client'
import { createMember, type TestMember } from '../support/factories'
import { SESSION_COOKIE } from '../support/inject'
import { preparedDataDir, runAdmin, startStore, stopStore, type RunningStore } from '../support/store-process'
import { startWebhookReceiver, verifiedEvent, type WebhookReceiver } from '../support/webhook-receiver'

/**
 * Issue 44: `kill -9` of the store while a webhook delivery is on its way (the receiver has the request
 * and has not answered) loses nothing: the restarted store sends it again, with the same `webhook-id`
 * the receiver deduplicates by. The real `npm start` and `npm run admin` on the embedded database, which
 * admits one process: the restarted store frees the killed one's claim at start, as the email queue's.
 */
let dataDir = ''
let receiver: WebhookReceiver
let admin: TestMember
let secret = ''
const stores = new Set<RunningStore>()

async function start() {
  const store = await startStore(dataDir, { WEBHOOK_ALLOW_PRIVATE: '1' })
  stores.add(store)
  store.child.on('exit', () => stores.delete(store))
  return store
}

async function signInTo(store: RunningStore) {
  const response = await fetch(`${store.url}/v1/account/sessions/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  })
  expect(response.status).toBe(201)
  const pair = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))
  if (!pair) throw new Error('No session cookie')
  return pair
}

describe.skipIf(process.env.TEST_DB === 'postgres')('kill -9 during a webhook delivery', () => {
  beforeAll(async () => {
    receiver = await startWebhookReceiver({ answer: () => 'hold' })
    dataDir = await preparedDataDir('empty', 'gallery-webhook-kill-')
    const database = await openEmbeddedDatabase({ dataDir: path.join(dataDir, 'pglite') })
    try {
      admin = await createMember(database)
      await createUserRepository(database.db).setLabels(admin.id, [ADMIN_LABEL])
    } finally {
      await database.close()
    }
  }, 60_000)
  afterAll(async () => {
    for (const store of stores) store.child.kill('SIGKILL')
    await receiver?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('sends the event again after the restart, with the same webhook-id, and logs it delivered', async () => {
    const first = await start()
    // Added from the terminal while the store runs (the command runs in the store, which has the database).
    const added = await runAdmin(dataDir, [
      'webhooks',
      'add',
      `${receiver.url}/n8n`,
      '--events',
      'project.created',
    ])
    expect(added.code, added.err).toBe(0)
    // The secret, alone on the last line, for a script's `tail -n 1`.
    secret = added.out.trimEnd().split('\n').at(-1) ?? ''
    expect(secret).toMatch(/^whsec_/)
    const cookie = await signInTo(first)
    const created = await fetch(`${first.url}/v1/databases/gallery/collections/projects/documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ documentId: 'matar-a-medias', data: { title: 'Enviado a medias' } }),
    })
    expect(created.status).toBe(201)
    // The receiver has the whole request, and holds it without answering.
    const held = await receiver.waitFor((delivery) => delivery.path === '/n8n', 20_000)
    expect(verifiedEvent(held, secret)).toMatchObject({
      type: 'project.created',
      data: { projectId: 'matar-a-medias', title: 'Enviado a medias' },
    })
    const killed = new Promise((resolve) => first.child.on('exit', resolve))
    first.child.kill('SIGKILL')
    await killed

    const pending = await (async () => {
      const database = await openEmbeddedDatabase({ dataDir: path.join(dataDir, 'pglite') })
      try {
        return await database.rows(
          sql`SELECT id, status, attempts, locked_until IS NOT NULL AS claimed FROM webhook_deliveries`,
        )
      } finally {
        await database.close()
      }
    })()
    // Claimed by the killed store, never answered: still due.
    expect(pending).toEqual([{ id: held.id, status: 'pending', attempts: 1, claimed: true }])

    receiver.answerWith(() => ({ status: 200 }))
    const second = await start()
    const [, again] = await receiver.waitForCount((delivery) => delivery.path === '/n8n', 2, 30_000)
    expect(again?.id).toBe(held.id)
    expect(verifiedEvent(again ?? held, secret)).toEqual(verifiedEvent(held, secret))

    let logged: WebhookDelivery | undefined
    const until = Date.now() + 10_000
    while (Date.now() < until) {
      const response = await fetch(`${second.url}/v1/store/webhooks/deliveries`, { headers: { cookie } })
      expect(response.status).toBe(200)
      const body = (await response.json()) as { deliveries: WebhookDelivery[] }
      logged = body.deliveries.find((one) => one.$id === held.id)
      if (logged?.status === 'delivered') break
      await sleep(50)
    }
    expect(logged).toMatchObject({ status: 'delivered', event: 'project.created' })
    expect(logged?.attempts.at(-1)).toMatchObject({ statusCode: 200, error: null })
    expect(receiver.received.filter((delivery) => delivery.id === held.id)).toHaveLength(2)
    expect(await stopStore(second)).toBe(0)
  }, 120_000)
})
