import { and, count, gt, inArray } from 'drizzle-orm'
import type { Database } from '../../platform/db/client'
import { orders, sessions } from '../../platform/db/schema'

/** What the console's members table shows of a member beside Appwrite's user: live sessions, orders. */
export interface MemberActivity {
  userId: string
  /** Sessions not yet expired (a disabled member has none: disabling ends them). */
  sessions: number
  /** Orders of any status the member holds (a refunded one too). */
  orders: number
}

/** Counts for a page of members: two grouped statements, whatever the page's size. */
export function createMemberActivity(db: Database, now: () => Date = () => new Date()) {
  return {
    async of(userIds: string[]): Promise<MemberActivity[]> {
      if (userIds.length === 0) return []
      const [live, bought] = await Promise.all([
        db
          .select({ userId: sessions.userId, total: count() })
          .from(sessions)
          .where(and(inArray(sessions.userId, userIds), gt(sessions.expiresAt, now())))
          .groupBy(sessions.userId),
        db
          .select({ userId: orders.userId, total: count() })
          .from(orders)
          .where(inArray(orders.userId, userIds))
          .groupBy(orders.userId),
      ])
      const byId = (rows: { userId: string | null; total: number }[]) =>
        new Map(rows.map((row) => [row.userId, Number(row.total)]))
      const liveOf = byId(live)
      const boughtOf = byId(bought)
      return userIds.map((userId) => ({
        userId,
        sessions: liveOf.get(userId) ?? 0,
        orders: boughtOf.get(userId) ?? 0,
      }))
    },
  }
}

export type MemberActivityReader = ReturnType<typeof createMemberActivity>
