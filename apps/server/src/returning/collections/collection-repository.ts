import { and, asc, count, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { MEMBER_COLLECTION_LIMITS } from '@pg/shared/member-collections'
import { TOTAL_COUNT_LIMIT } from '../../catalogue/collections/total-count-limit'
import type { Database } from '../../platform/db/client'
import { memberCollections, users } from '../../platform/db/schema'

export type MemberCollectionRow = typeof memberCollections.$inferSelect

/** The attributes a list may be ordered by, and the column behind each. */
export const ORDER_COLUMNS = {
  position: memberCollections.position,
  name: memberCollections.name,
  $createdAt: memberCollections.createdAt,
  $updatedAt: memberCollections.updatedAt,
  $sequence: memberCollections.sequence,
} satisfies Record<string, AnyPgColumn>
export type OrderKey = keyof typeof ORDER_COLUMNS

const ROW_VALUES: Record<OrderKey, (row: MemberCollectionRow) => string | number | Date> = {
  position: (row) => row.position,
  name: (row) => row.name,
  $createdAt: (row) => row.createdAt,
  $updatedAt: (row) => row.updatedAt,
  $sequence: (row) => row.sequence,
}

export interface CollectionOrder {
  key: OrderKey
  direction: 'asc' | 'desc'
}

/** One page of what a member may read; the orders end with `$sequence`, so every row has one place. */
export interface CollectionListPlan {
  readerId: string
  ownerIds: string[] | null
  ids: string[] | null
  orders: CollectionOrder[]
  /** The page starts after (or ends before) this row, which the reader may read. */
  cursor: { row: MemberCollectionRow; direction: 'after' | 'before' } | null
  limit: number
  offset: number
  withTotal: boolean
}

/** What a member may read: their own collections and every shared one (decision 064). */
const readableBy = (readerId: string) =>
  or(eq(memberCollections.ownerId, readerId), eq(memberCollections.shared, true))

/**
 * What a member may read of these owners' collections, written so that the owner's index answers it: a
 * member's own list (`equal("ownerId", [their id])`) is one range of it, in its order, with no OR to plan.
 */
function readableOf(readerId: string, ownerIds: string[]): SQL | undefined {
  const others = ownerIds.filter((id) => id !== readerId)
  const own = others.length < ownerIds.length ? eq(memberCollections.ownerId, readerId) : undefined
  const shared =
    others.length > 0
      ? and(inArray(memberCollections.ownerId, others), eq(memberCollections.shared, true))
      : undefined
  if (!own && !shared) return sql`false`
  return own && shared ? or(own, shared) : (own ?? shared)
}

/** Rows strictly after the cursor row in these orders (every column is NOT NULL). */
function afterRow(orders: CollectionOrder[], row: MemberCollectionRow): SQL | undefined {
  return or(
    ...orders.map((order, index) => {
      const equalBefore = orders
        .slice(0, index)
        .map((earlier) => eq(ORDER_COLUMNS[earlier.key], ROW_VALUES[earlier.key](row)))
      const column = ORDER_COLUMNS[order.key]
      const value = ROW_VALUES[order.key](row)
      return and(...equalBefore, order.direction === 'asc' ? gt(column, value) : lt(column, value))
    }),
  )
}

const flipped = (orders: CollectionOrder[]): CollectionOrder[] =>
  orders.map((order) => ({ ...order, direction: order.direction === 'asc' ? 'desc' : 'asc' }))

export function createCollectionRepository(db: Database) {
  return {
    async find(id: string): Promise<MemberCollectionRow | null> {
      const [row] = await db.select().from(memberCollections).where(eq(memberCollections.id, id))
      return row ?? null
    },

    async findReadable(readerId: string, id: string): Promise<MemberCollectionRow | null> {
      const [row] = await db
        .select()
        .from(memberCollections)
        .where(and(eq(memberCollections.id, id), readableBy(readerId)))
      return row ?? null
    },

    async list(plan: CollectionListPlan): Promise<{ rows: MemberCollectionRow[]; total: number }> {
      const filters = and(
        plan.ownerIds ? readableOf(plan.readerId, plan.ownerIds) : readableBy(plan.readerId),
        plan.ids ? inArray(memberCollections.id, plan.ids) : undefined,
      )
      // A page before the cursor is read backwards from it, then put back in order.
      const backwards = plan.cursor?.direction === 'before'
      const orders = backwards ? flipped(plan.orders) : plan.orders
      const pageQuery = db
        .select()
        .from(memberCollections)
        .where(and(filters, plan.cursor ? afterRow(orders, plan.cursor.row) : undefined))
        .orderBy(
          ...orders.map((order) =>
            order.direction === 'asc' ? asc(ORDER_COLUMNS[order.key]) : desc(ORDER_COLUMNS[order.key]),
          ),
        )
        .limit(plan.limit)
        .offset(plan.offset)
      // Counted up to the same bound as the catalogue's totals: every shared collection may be many.
      const matches = db.$with('matches').as(
        db
          .select({ one: sql`1`.as('one') })
          .from(memberCollections)
          .where(filters)
          .limit(TOTAL_COUNT_LIMIT),
      )
      const rows = await pageQuery
      // A first page (no cursor) shorter than its limit holds every match after the offset: the total is
      // known without counting, as for a member's own collections on the dashboard (at most 50).
      const complete = !plan.cursor && rows.length < plan.limit && (rows.length > 0 || plan.offset === 0)
      let total = 0
      if (plan.withTotal && complete) total = Math.min(TOTAL_COUNT_LIMIT, plan.offset + rows.length)
      else if (plan.withTotal) {
        const [counted] = await db.with(matches).select({ total: count() }).from(matches)
        total = counted?.total ?? 0
      }
      return { rows: backwards ? rows.reverse() : rows, total }
    },

    /**
     * Creates a member's collection unless they already keep `limit`: the member's row is locked first,
     * so two creates at once are counted one after the other. Null when the limit is reached.
     */
    async create(
      input: {
        id: string
        ownerId: string
        name: string
        projectIds: string[]
        position?: number
        shared: boolean
      },
      limit: number,
    ): Promise<MemberCollectionRow | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, input.ownerId)).for('update')
        const [kept] = await tx
          .select({ count: count(), last: sql<number | null>`max(${memberCollections.position})` })
          .from(memberCollections)
          .where(eq(memberCollections.ownerId, input.ownerId))
        if ((kept?.count ?? 0) >= limit) return null
        // Without a position a new collection goes after the member's others.
        const last = kept?.last ?? null
        const position =
          input.position ??
          (last === null ? 0 : Math.min(Number(last) + 1, MEMBER_COLLECTION_LIMITS.maxPosition))
        const [row] = await tx
          .insert(memberCollections)
          .values({ ...input, position })
          .returning()
        return row ?? null
      })
    },

    async update(
      id: string,
      changes: Partial<Pick<MemberCollectionRow, 'name' | 'projectIds' | 'position' | 'shared'>>,
    ): Promise<MemberCollectionRow | null> {
      const [row] = await db
        .update(memberCollections)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(memberCollections.id, id))
        .returning()
      return row ?? null
    },

    async delete(id: string): Promise<boolean> {
      const deleted = await db
        .delete(memberCollections)
        .where(eq(memberCollections.id, id))
        .returning({ id: memberCollections.id })
      return deleted.length > 0
    },
  }
}

export type CollectionRepository = ReturnType<typeof createCollectionRepository>
