import { and, eq, ne } from 'drizzle-orm'
import { ADMIN_LABEL } from '@pg/shared/account'
import { singleLineText } from '@pg/shared/plain-text'
import type { AccessSource, BlockedReason } from '@pg/shared/purchase'
import { endMemberAccess } from '../../members/account/ended-access'
import { createUserRepository, type UserRow } from '../../members/account/user-repository'
import type { Database } from '../../platform/db/client'
import { orders, users } from '../../platform/db/schema'
import { unknowablePasswordHash } from '../../platform/security/password'
import { newId } from '../../platform/security/secrets'
import { enqueueWebhookEvent } from '../../platform/webhooks/webhook-outbox'
import { memberData } from '../../platform/webhooks/webhook-payloads'

/**
 * Who may enter the members' area (README: Selling; decision 057). A member's access is the sum of what
 * granted it: the owner (who created, imported or enabled them), each paid order of theirs, the admin
 * label. A refund or dispute ends only its own order's grant; the member loses access only when nothing
 * else grants it, and an admin never does. These run inside the order's transaction, so access and
 * order never disagree.
 */
export function createMemberAccess(db: Database) {
  const users_ = createUserRepository(db)

  return {
    /**
     * The member with the buyer's email, created without a password anyone knows (they choose one
     * through the welcome email's link) when there is none. Two orders for one new email at once:
     * the unique email index lets one insert win and the other find it. A member an order makes is
     * not granted by the owner: refunding that order ends their access.
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
      if (user) {
        await enqueueWebhookEvent(db, 'member.created', memberData(user))
        return { user, created: true }
      }
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

    /**
     * One order's grant ends (a refund, a dispute, a chargeback): the member keeps access when anything
     * else grants it, and says what; otherwise access ends now. The member's row is locked first, so two
     * refunds of their two orders at once take turns, and the second sees the first's.
     */
    async endOrderGrant(
      userId: string,
      orderId: string,
      reason: BlockedReason,
      now: Date,
    ): Promise<{ keptBy: AccessSource[]; sessionsEnded: number }> {
      const [user] = await db.select().from(users).where(eq(users.id, userId)).for('update')
      if (!user) return { keptBy: [], sessionsEnded: 0 }
      const [otherPaid] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.status, 'paid'), ne(orders.id, orderId)))
        .limit(1)
      const keptBy: AccessSource[] = []
      if (user.grantedByOwner) keptBy.push('owner')
      if (user.labels.includes(ADMIN_LABEL)) keptBy.push('admin')
      if (otherPaid) keptBy.push('order')
      if (keptBy.length > 0) return { keptBy, sessionsEnded: 0 }
      return { keptBy, sessionsEnded: await endMemberAccess(db, userId, reason, now) }
    },
  }
}
