import { and, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../platform/db/client'
import { downloadLinks, orders, users } from '../../platform/db/schema'
import type { OrderStatus } from '../orders/order-status'
import { newId } from '../../platform/security/secrets'

export type OrderRow = typeof orders.$inferSelect

/** An order with the number of download links issued for it (each one counts as a download). */
export interface OrderDownloads {
  order: OrderRow
  used: number
}

/** Orders by when they were bought; one whose purchase time is unknown by when it was recorded. */
const boughtAt = sql`coalesce(${orders.purchasedAt}, ${orders.createdAt})`

export function createDownloadRepository(db: Database) {
  return {
    /** A member's orders, newest first, whatever their status. */
    async memberOrders(userId: string): Promise<OrderDownloads[]> {
      return db
        .select({ order: orders, used: db.$count(downloadLinks, eq(downloadLinks.orderId, orders.id)) })
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(boughtAt), desc(orders.sequence))
    },

    /**
     * Issues a link for a member's order unless `refusal` (given the order and its downloads so far)
     * names a reason. The order is locked meanwhile, so two requests at once cannot both take the last
     * download, and a refund being recorded waits or is seen.
     */
    async issueLink<Reason extends string>(
      input: { orderId: string; userId: string; secretHash: string; expiresAt: Date; now: Date },
      refusal: (current: OrderDownloads) => Reason | null,
    ): Promise<{ issued: true } | { issued: false; reason: Reason | 'not_found' }> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)))
          .for('update')
        if (!order) return { issued: false, reason: 'not_found' }
        const used = await tx.$count(downloadLinks, eq(downloadLinks.orderId, order.id))
        const reason = refusal({ order, used })
        if (reason !== null) return { issued: false, reason }
        await tx.insert(downloadLinks).values({
          id: newId(),
          orderId: order.id,
          secretHash: input.secretHash,
          expiresAt: input.expiresAt,
          createdAt: input.now,
          updatedAt: input.now,
        })
        return { issued: true }
      })
    },

    /**
     * The link a secret names, with what decides now whether it still works: its order's status (a
     * refund after it was issued ends it) and whether its member may still use the store (disabled,
     * blocked or deleted since: `memberAllowed` false).
     */
    async findLink(
      secretHash: string,
    ): Promise<{ expiresAt: Date; status: OrderStatus; memberAllowed: boolean } | undefined> {
      const [row] = await db
        .select({
          expiresAt: downloadLinks.expiresAt,
          status: orders.status,
          // A deleted member's orders keep no member (`user_id` set null): the left join finds none.
          memberAllowed: sql<boolean>`coalesce(${users.enabled} and ${users.blockedReason} is null, false)`,
        })
        .from(downloadLinks)
        .innerJoin(orders, eq(orders.id, downloadLinks.orderId))
        .leftJoin(users, eq(users.id, orders.userId))
        .where(eq(downloadLinks.secretHash, secretHash))
      return row
    },
  }
}

export type DownloadRepository = ReturnType<typeof createDownloadRepository>
