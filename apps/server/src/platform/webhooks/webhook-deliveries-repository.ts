import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../db/client'
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema'
import { announceReadiness } from '../realtime/realtime-announcements'
import { newId } from '../security/secrets'
import { wakeWebhookSenders } from './webhook-outbox'

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect

const after = (at: SQL, seconds: number) => sql`${at} + make_interval(secs => ${seconds})`

/** The deliveries and their attempts; claims as the email queue's (SKIP LOCKED, `locked_until`). */
export function createWebhookDeliveriesRepository(db: Database) {
  return {
    /** Frees every claim: only when no other sender can exist (the embedded database, at start). */
    async releaseClaims(): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({ lockedUntil: null })
        .where(
          and(eq(webhookDeliveries.status, 'pending'), sql`${webhookDeliveries.lockedUntil} IS NOT NULL`),
        )
    },

    /**
     * Takes up to `limit` due deliveries for this sender alone, oldest first, in one statement: rows
     * another sender holds are skipped, a dead sender's claim ends at `locked_until`, and only enabled
     * endpoints' deliveries are due.
     */
    async claimDue(at: SQL, options: { limit: number; lockSeconds: number }) {
      const live = db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.enabled, true), isNull(webhookEndpoints.removedAt)))
      const due = db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.status, 'pending'),
            lte(webhookDeliveries.nextAttemptAt, at),
            or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, at)),
            inArray(webhookDeliveries.endpointId, live),
          ),
        )
        .orderBy(asc(webhookDeliveries.sequence))
        .limit(options.limit)
        .for('update', { skipLocked: true })
      return db
        .update(webhookDeliveries)
        .set({
          lockedUntil: after(at, options.lockSeconds),
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          updatedAt: at,
        })
        .where(inArray(webhookDeliveries.id, due))
        .returning()
    },

    async recordAttempt(attempt: Omit<typeof webhookAttempts.$inferInsert, 'id'>) {
      await db.insert(webhookAttempts).values({ id: newId(), ...attempt })
    },

    async markDelivered(id: string, at: SQL) {
      await db
        .update(webhookDeliveries)
        .set({ status: 'delivered', deliveredAt: at, lockedUntil: null, updatedAt: at })
        .where(eq(webhookDeliveries.id, id))
    },

    async markFailedAttempt(id: string, at: SQL, next: { delaySeconds: number } | 'give-up') {
      await db
        .update(webhookDeliveries)
        .set({
          lockedUntil: null,
          updatedAt: at,
          ...(next === 'give-up'
            ? { status: 'failed' as const }
            : { nextAttemptAt: after(at, next.delaySeconds) }),
        })
        .where(eq(webhookDeliveries.id, id))
    },

    async find(id: string): Promise<WebhookDeliveryRow | undefined> {
      const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id))
      return row
    },

    /** Sent again by hand: due now, its id (the receiver's deduplication key) unchanged. */
    async redeliver(id: string, at: Date): Promise<WebhookDeliveryRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(webhookDeliveries)
          .set({ status: 'pending', nextAttemptAt: at, lockedUntil: null, updatedAt: at })
          .where(eq(webhookDeliveries.id, id))
          .returning()
        if (row) await wakeWebhookSenders(tx)
        return row
      })
    },

    /** The newest deliveries first, with their attempts oldest first. */
    async page(filter: { endpointId?: string }, limit: number, deliveryId?: string) {
      const where = deliveryId
        ? eq(webhookDeliveries.id, deliveryId)
        : filter.endpointId
          ? eq(webhookDeliveries.endpointId, filter.endpointId)
          : undefined
      const rows = await db
        .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(where)
        .orderBy(desc(webhookDeliveries.sequence))
        .limit(limit)
      const [count] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(webhookDeliveries)
        .where(where)
      const ids = rows.map((row) => row.delivery.id)
      const attempts =
        ids.length === 0
          ? []
          : await db
              .select()
              .from(webhookAttempts)
              .where(inArray(webhookAttempts.deliveryId, ids))
              .orderBy(asc(webhookAttempts.at))
      return {
        total: count?.total ?? 0,
        deliveries: rows.map((row) => ({
          ...row,
          attempts: attempts.filter((attempt) => attempt.deliveryId === row.delivery.id),
        })),
      }
    },

    /** An endpoint answered: its spell of failures (if any) is over. */
    async endpointAnswered(endpointId: string) {
      const recovered = await db
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.failingSince} IS NOT NULL`))
        .returning({ id: webhookEndpoints.id })
      if (recovered.length > 0) await announceReadiness(db, 'webhooks')
    },

    /**
     * An endpoint failed: its spell of failures starts now, or, when it began `disableAfterSeconds` ago,
     * the endpoint is turned off (`failing`). Returns the endpoint when this call turned it off.
     */
    async endpointFailed(endpointId: string, at: SQL, disableAfterSeconds: number) {
      const started = await db
        .update(webhookEndpoints)
        .set({ failingSince: at })
        .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.failingSince)))
        .returning({ id: webhookEndpoints.id })
      const [disabled] = await db
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: 'failing', updatedAt: at })
        .where(
          and(
            eq(webhookEndpoints.id, endpointId),
            eq(webhookEndpoints.enabled, true),
            lte(webhookEndpoints.failingSince, sql`${at} - make_interval(secs => ${disableAfterSeconds})`),
          ),
        )
        .returning()
      // The console's Settings says which endpoints fail and which the store turned off.
      if (started.length > 0 || disabled) await announceReadiness(db, 'webhooks')
      return disabled
    },
  }
}

export type WebhookDeliveriesRepository = ReturnType<typeof createWebhookDeliveriesRepository>
