import { and, arrayContains, eq, isNull, sql } from 'drizzle-orm'
import type { WebhookEvent } from '@pg/shared/automations'
import type { Database } from '../db/client'
import { webhookDeliveries, webhookEndpoints } from '../db/schema'
import { announceRealtime } from '../realtime/realtime-announcements'
import { newId } from '../security/secrets'

/** The channel a committed delivery is announced on: every instance's sender hears it and sends now. */
export const WEBHOOK_CHANNEL = 'webhook_deliveries'

/** Wakes every instance's sender at the commit of `db`'s transaction (PostgreSQL holds NOTIFY until then). */
export async function wakeWebhookSenders(db: Database): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${WEBHOOK_CHANNEL}, '')`)
}

/** A delivery's id, the `webhook-id` its receiver deduplicates by: `msg_` as Standard Webhooks' examples. */
export const newDeliveryId = () => `msg_${newId()}`

/** The body every delivery carries (README: Automations): stable, documented, one shape per event. */
export const webhookBody = (type: string, data: Record<string, unknown>, at: Date) =>
  JSON.stringify({ type, timestamp: at.toISOString(), data })

/**
 * Queues an event for every enabled endpoint that asked for it, in the caller's transaction (issue 44):
 * the deliveries exist exactly when the change that caused them was committed, and the notification
 * that wakes the senders is sent at that commit too (PostgreSQL holds NOTIFY until then).
 */
export const enqueueWebhookEvent = (
  db: Database,
  event: WebhookEvent,
  data: Record<string, unknown>,
  at: Date = new Date(),
): Promise<number> => enqueueWebhookEvents(db, event, [data], at)

/**
 * Several events of one kind (a catalogue import's new projects): one read of the endpoints, batched
 * writes. The realtime hubs hear every event too, endpoints or not (decision 077), at the same commit.
 */
export async function enqueueWebhookEvents(
  db: Database,
  event: WebhookEvent,
  data: readonly Record<string, unknown>[],
  at: Date = new Date(),
): Promise<number> {
  if (data.length === 0) return 0
  await announceRealtime(
    db,
    data.map((one) => ({ kind: 'webhook', type: event, data: one, at: at.toISOString() })),
  )
  const endpoints = await endpointsFor(db, event)
  if (endpoints.length === 0) return 0
  const rows = data.flatMap((one) => {
    const payload = webhookBody(event, one, at)
    return endpoints.map((endpoint) => ({ id: newDeliveryId(), endpointId: endpoint.id, event, payload }))
  })
  for (let start = 0; start < rows.length; start += 500)
    await db.insert(webhookDeliveries).values(rows.slice(start, start + 500))
  await wakeWebhookSenders(db)
  return rows.length
}

/** The enabled endpoints that asked for an event. */
export const endpointsFor = (db: Database, event: WebhookEvent) =>
  db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.enabled, true),
        isNull(webhookEndpoints.removedAt),
        arrayContains(webhookEndpoints.events, [event]),
      ),
    )
