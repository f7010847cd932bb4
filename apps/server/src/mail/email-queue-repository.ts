import { and, asc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Database } from '../platform/db/client'
import { emailQueue, orders } from '../platform/db/schema'

/** What happened to a queued email: waiting (or retrying), sent, given up on, or no longer to be sent. */
export type QueuedEmailStatus = 'pending' | 'sent' | 'failed' | 'skipped'

/**
 * The moment a sender acts at, as SQL: the database's clock unless the sender was given one (tests).
 * Every sender of one database then reads the same clock, whatever the machines' clocks say.
 */
export const momentAt = (now?: () => Date): (() => SQL) =>
  now ? () => sql`${now().toISOString()}::timestamptz` : () => sql`now()`

const after = (at: SQL, seconds: number) => sql`${at} + make_interval(secs => ${seconds})`

export function createEmailQueueRepository(db: Database) {
  /** Ends a claim: the row is no longer held, whatever happens next. */
  async function settle(id: string, at: SQL, changes: PgUpdateSetSource<typeof emailQueue>) {
    await db
      .update(emailQueue)
      .set({ ...changes, lockedUntil: null, updatedAt: at })
      .where(eq(emailQueue.id, id))
  }

  return {
    /** Frees every claim: only when no other sender can exist (a crashed one's claims, on the embedded database). */
    async releaseClaims(): Promise<void> {
      await db
        .update(emailQueue)
        .set({ lockedUntil: null })
        .where(and(eq(emailQueue.status, 'pending'), sql`${emailQueue.lockedUntil} IS NOT NULL`))
    },

    /**
     * Takes up to `limit` due emails for this sender alone, in the order they were queued, in one
     * statement: rows another sender is claiming are skipped (SKIP LOCKED), rows it holds are not due
     * until `locked_until` passes (the sender died), and each claim counts as an attempt.
     */
    async claimDue(at: SQL, options: { limit: number; lockSeconds: number }) {
      const due = db
        .select({ id: emailQueue.id })
        .from(emailQueue)
        .where(
          and(
            eq(emailQueue.status, 'pending'),
            lte(emailQueue.nextAttemptAt, at),
            or(isNull(emailQueue.lockedUntil), lt(emailQueue.lockedUntil, at)),
          ),
        )
        .orderBy(asc(emailQueue.sequence))
        .limit(options.limit)
        .for('update', { skipLocked: true })
      return db
        .update(emailQueue)
        .set({
          lockedUntil: after(at, options.lockSeconds),
          attempts: sql`${emailQueue.attempts} + 1`,
          updatedAt: at,
        })
        .where(inArray(emailQueue.id, due))
        .returning({
          id: emailQueue.id,
          kind: emailQueue.kind,
          userId: emailQueue.userId,
          orderId: emailQueue.orderId,
          newsEmailId: emailQueue.newsEmailId,
          language: emailQueue.language,
          attempts: emailQueue.attempts,
          createdAt: emailQueue.createdAt,
        })
    },

    markSent: (id: string, at: SQL) => settle(id, at, { status: 'sent', sentAt: at, lastError: null }),

    /** Done without sending: what the email was for no longer holds. */
    markSkipped: (id: string, at: SQL, reason: string) =>
      settle(id, at, { status: 'skipped', lastError: reason }),

    /** A failed attempt: tried again after `delaySeconds`, or given up on (`failed`). */
    markFailedAttempt: (
      id: string,
      at: SQL,
      failure: { reason: string; delaySeconds: number; last: boolean },
    ) =>
      settle(id, at, {
        lastError: failure.reason,
        ...(failure.last ? { status: 'failed' } : { nextAttemptAt: after(at, failure.delaySeconds) }),
      }),

    /** Handed back untried (the store's origin is not configured yet): the claim does not count as an attempt. */
    release: (id: string, at: SQL, failure: { reason: string; delaySeconds: number }) =>
      settle(id, at, {
        lastError: failure.reason,
        nextAttemptAt: after(at, failure.delaySeconds),
        attempts: sql`${emailQueue.attempts} - 1`,
      }),

    /** What the email says of the order; the order may be gone (deleted orders leave the email). */
    async findOrder(orderId: string) {
      const [row] = await db
        .select({ product: orders.product })
        .from(orders)
        .where(eq(orders.id, orderId))
        .limit(1)
      return row
    },
  }
}

export type EmailQueueRepository = ReturnType<typeof createEmailQueueRepository>
