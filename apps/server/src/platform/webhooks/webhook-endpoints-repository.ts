import { randomBytes } from 'node:crypto'
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Database } from '../db/client'
import { webhookDeliveries, webhookEndpoints } from '../db/schema'
import { openSecret, sealSecret } from '../security/sealed-secrets'
import { readStoreKey } from '../security/store-keys'
import { newId } from '../security/secrets'

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect

/** A Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`

/** The endpoints and their secrets, sealed at rest with the store key `webhook-secrets`. */
export function createWebhookEndpointsRepository(db: Database) {
  const key = () => readStoreKey(db, 'webhook-secrets')
  return {
    /** A new endpoint and its secret, which the caller shows once. */
    async create(input: {
      url: string
      events: string[]
    }): Promise<{ endpoint: WebhookEndpointRow; secret: string }> {
      const id = newId()
      const secret = newWebhookSecret()
      const [endpoint] = await db
        .insert(webhookEndpoints)
        .values({ id, url: input.url, events: input.events, secret: sealSecret(await key(), id, secret) })
        .returning()
      if (!endpoint) throw new Error('The endpoint was not written')
      return { endpoint, secret }
    },

    list: () =>
      db
        .select()
        .from(webhookEndpoints)
        .where(isNull(webhookEndpoints.removedAt))
        .orderBy(asc(webhookEndpoints.sequence)),

    async find(id: string): Promise<WebhookEndpointRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.removedAt)))
      return row
    },

    async findByUrl(url: string): Promise<WebhookEndpointRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.url, url), isNull(webhookEndpoints.removedAt)))
        .orderBy(asc(webhookEndpoints.sequence))
      return row
    },

    /** The endpoint's signing secret, opened for a delivery. */
    async secretOf(endpoint: Pick<WebhookEndpointRow, 'id' | 'secret'>): Promise<string> {
      return openSecret(await key(), endpoint.id, endpoint.secret)
    },

    async update(id: string, changes: { enabled?: boolean; events?: string[] }, at: Date) {
      const [row] = await db
        .update(webhookEndpoints)
        .set({
          ...changes,
          // Turned on by the owner: its three days of failures start again.
          ...(changes.enabled === true ? { disabledReason: null, failingSince: null } : {}),
          updatedAt: at,
        })
        .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.removedAt)))
        .returning()
      return row
    },

    /** Removed: nothing more is sent to it; its deliveries not yet made are given up, its log kept. */
    async remove(id: string, at: Date): Promise<WebhookEndpointRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(webhookEndpoints)
          .set({ removedAt: at, enabled: false, updatedAt: at })
          .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.removedAt)))
          .returning()
        if (row)
          await tx
            .update(webhookDeliveries)
            .set({ status: 'failed', lockedUntil: null, updatedAt: at })
            .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')))
        return row
      })
    },
  }
}

export type WebhookEndpointsRepository = ReturnType<typeof createWebhookEndpointsRepository>
