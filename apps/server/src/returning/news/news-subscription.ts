import { eq, sql } from 'drizzle-orm'
import { recordAuditEvent } from '../../platform/audit/audit-log'
import type { Database } from '../../platform/db/client'
import { users } from '../../platform/db/schema'

/** A member as the unsubscribe page needs them: their prefs (the language, whether they still get it). */
export interface NewsSubscriber {
  id: string
  prefs: Record<string, unknown>
}

/** A member's own switch of the weekly email, as their unsubscribe link changes it (decision 064). */
export function createNewsSubscription(db: Database, now: () => Date = () => new Date()) {
  return {
    async find(userId: string): Promise<NewsSubscriber | null> {
      const [row] = await db
        .select({ id: users.id, prefs: users.prefs })
        .from(users)
        .where(eq(users.id, userId))
      return row ?? null
    },

    /**
     * Turns the member's weekly email off: `newsEmail: false` merged into their prefs in one statement,
     * so their favourites and email language stay whatever they are at that moment. Audited as the
     * member's own change when it changed something. False when the member no longer exists.
     */
    turnOff: (userId: string): Promise<boolean> =>
      db.transaction(async (tx) => {
        const [before] = await tx
          .select({ email: users.email, newsEmail: sql<unknown>`${users.prefs} -> 'newsEmail'` })
          .from(users)
          .where(eq(users.id, userId))
          .for('update')
        if (!before) return false
        if (before.newsEmail === false) return true
        await tx
          .update(users)
          .set({ prefs: sql`${users.prefs} || '{"newsEmail": false}'::jsonb`, updatedAt: now() })
          .where(eq(users.id, userId))
        await recordAuditEvent(
          tx,
          { source: 'member', id: userId, email: before.email },
          {
            action: 'account.prefs',
            subject: `users/${userId}`,
            before: { newsEmail: before.newsEmail ?? null },
            after: { newsEmail: false },
          },
        )
        return true
      }),
  }
}

export type NewsSubscription = ReturnType<typeof createNewsSubscription>
