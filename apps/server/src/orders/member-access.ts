import { eq } from 'drizzle-orm'
import { singleLineText } from '@pg/shared/plain-text'
import type { BlockedReason } from '@pg/shared/purchase'
import { createTokenRepository } from '../account/token-repository'
import { createUserRepository, type UserRow } from '../account/user-repository'
import type { Database } from '../db/client'
import { sessions, users } from '../db/schema'
import { unknowablePasswordHash } from '../security/password'
import { newId } from '../security/secrets'

/**
 * Who may enter the members' area (README: Selling): a member the owner let in, or a buyer while they
 * hold a paid order. These run inside the order's transaction, so access and order never disagree.
 */
export function createMemberAccess(db: Database) {
  const users_ = createUserRepository(db)
  return {
    /**
     * The member with the buyer's email, created without a password anyone knows (they choose one
     * through the welcome email's link) when there is none. Two orders for one new email at once:
     * the unique email index lets one insert win and the other find it.
     */
    async memberFor(buyer: { email: string; name: string }): Promise<{ user: UserRow; created: boolean }> {
      const existing = await users_.findByEmail(buyer.email)
      if (existing) return { user: existing, created: false }
      const inserted = await db
        .insert(users)
        .values({
          id: newId(),
          email: buyer.email,
          name: singleLineText(buyer.name),
          passwordHash: await unknowablePasswordHash(),
        })
        .onConflictDoNothing()
        .returning()
      const [user] = inserted
      if (user) return { user, created: true }
      const winner = await users_.findByEmail(buyer.email)
      if (!winner) throw new Error('A member created at the same moment could not be read back')
      return { user: winner, created: false }
    },

    /** A purchase restores access that a refund, a dispute or inactivity had ended. */
    async restore(user: UserRow, now: Date): Promise<void> {
      if (user.blockedReason === null) return
      // A purchase counts as activity: the inactivity check starts counting afresh.
      await db
        .update(users)
        .set({ blockedReason: null, inactivityWarnedAt: null, accessedAt: now, updatedAt: now })
        .where(eq(users.id, user.id))
    },

    /** Ends access now: sign-in refused with the reason, every session and outstanding link ended. */
    async end(userId: string, reason: BlockedReason, now: Date): Promise<number> {
      await db.update(users).set({ blockedReason: reason, updatedAt: new Date() }).where(eq(users.id, userId))
      await createTokenRepository(db).endOutstanding(userId, now)
      const ended = await db
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id })
      return ended.length
    },
  }
}
