import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAutomationsService } from '../../src/automations/automations-service'
import { openServerDatabase, type DatabaseHandle } from '../../src/platform/db/client'
import { enqueueWebhookEvents } from '../../src/platform/webhooks/webhook-outbox'
import { createEmptyDatabase, startInstance, type StoreInstance } from '../support/store-instances'
import { startWebhookReceiver, verifiedEvent, type WebhookReceiver } from '../support/webhook-receiver'

/**
 * Issue 44: several store instances on one PostgreSQL database each run a webhook sender, and never send
 * one delivery twice. Every instance hears the commit that queued a batch of events, and each claims its
 * own rows (SKIP LOCKED). A sender has at most one batch (10) under way: the receiver holds every request
 * until more than one batch is under way at once, which only two senders sending together can do.
 */
const onPostgres = process.env.TEST_DB === 'postgres'
const NAMES = ['hooks-a', 'hooks-b'] as const
const EVENTS = 40
/** One sender's batch is 10 deliveries: more than that under way at once is two senders at work. */
const TWO_BATCHES = 20
/** After the last first delivery, how long nothing more may arrive. */
const QUIET_MS = 2_000

let receiver: WebhookReceiver
let database: DatabaseHandle
let dropDatabase: () => Promise<void> = async () => undefined
let instances: StoreInstance[] = []
let secret = ''

beforeAll(async () => {
  if (!onPostgres) return
  receiver = await startWebhookReceiver()
  const created = await createEmptyDatabase('webhooks')
  dropDatabase = created.drop
  database = await openServerDatabase(created.url, 2)
  await database.migrate()
  const endpoint = await createAutomationsService({ db: database.db }).addEndpoint(
    { source: 'cli' },
    { url: `${receiver.url}/n8n`, events: ['project.created'] },
  )
  secret = endpoint.secret
  const started = await Promise.allSettled(
    NAMES.map((name) => startInstance(name, created.url, { WEBHOOK_ALLOW_PRIVATE: '1' })),
  )
  instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) throw failed.reason
}, 90_000)

afterAll(async () => {
  if (!onPostgres) return
  await Promise.allSettled(instances.map((instance) => instance.remove()))
  await database?.close()
  await dropDatabase()
  await receiver?.close()
})

describe.skipIf(!onPostgres)('two store instances sending webhooks', () => {
  it('deliver each event exactly once, both sending at the same moment', async () => {
    let release: () => void = () => undefined
    const released = new Promise<void>((resolve) => (release = resolve))
    receiver.answerWith(() => ({ status: 200, after: released }))

    // One commit queues them all: every instance is woken by it at once.
    await database.db.transaction((tx) =>
      enqueueWebhookEvents(
        tx,
        'project.created',
        Array.from({ length: EVENTS }, (_, index) => ({
          projectId: `p-${index}`,
          title: `Proyecto ${index}`,
        })),
      ),
    )
    await receiver.waitForCount(() => true, TWO_BATCHES, 15_000)
    release()
    const firsts = await receiver.waitForCount(() => true, EVENTS, 20_000)
    await sleep(QUIET_MS)

    const perId = Object.groupBy(receiver.received, (delivery) => delivery.id)
    expect(Object.keys(perId)).toHaveLength(EVENTS)
    expect(Object.values(perId).filter((copies) => copies?.length !== 1)).toEqual([])
    expect(receiver.received).toHaveLength(EVENTS)
    const projects = firsts.map((delivery) => verifiedEvent(delivery, secret).data.projectId)
    expect(new Set(projects).size).toBe(EVENTS)

    const rows = await database.rows(
      sql`SELECT status, attempts, count(*)::int AS n FROM webhook_deliveries GROUP BY status, attempts`,
    )
    expect(rows).toEqual([{ status: 'delivered', attempts: 1, n: EVENTS }])
  })
})
