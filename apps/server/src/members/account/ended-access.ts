import { eq } from 'drizzle-orm'
import type { BlockedReason } from '@pg/shared/purchase'
import type { Database } from '../../platform/db/client'
import { sessions, users } from '../../platform/db/schema'
import { createTokenRepository } from './token-repository'

/**
 * Ends a member's access now, in the caller's transaction: sign-in refused with the reason, every
 * session and outstanding link ended. How many sessions ended. A refund's end of access
 * (selling/orders/member-access.ts) and inactivity (members/inactivity) both come here.
 */
export async function endMemberAccess(
  db: Database,
  userId: string,
  reason: BlockedReason,
  now: Date,
): Promise<number> {
  await db.update(users).set({ blockedReason: reason, updatedAt: now }).where(eq(users.id, userId))
  await createTokenRepository(db).endOutstanding(userId, now)
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id })
  return ended.length
}
