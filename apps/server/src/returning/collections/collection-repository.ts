import { and, asc, count, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { MEMBER_COLLECTION_LIMITS } from '@pg/shared/member-collections'
import { TOTAL_COUNT_LIMIT } from '../../catalogue/collections/total-count-limit'
import type { Database } from '../../platform/db/client'
import { memberCollections, users } from '../../platform/db/schema'
import {
  announceRealtime,
  announcedAt,
  type RealtimeAnnouncement,
} from '../../platform/realtime/realtime-announcements'

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

/** One page of a member's own collections; the orders end with `$sequence`, so every row has one place. */
export interface CollectionListPlan {
  readerId: string
  ownerIds: string[] | null
  ids: string[] | null
  orders: CollectionOrder[]
  /** The page starts after (or ends before) this row, one of the reader's own. */
  cursor: { row: MemberCollectionRow; direction: 'after' | 'before' } | null
  limit: number
  offset: number
  withTotal: boolean
}

/**
 * A member's own collection by its id: ids are each owner's (issue 40, L5), so every lookup, change and
 * delete names the owner too, and the key (owner, id) answers it.
 */
const ownRow = (ownerId: string, id: string): SQL =>
  sql`(${memberCollections.ownerId} = ${ownerId} and ${memberCollections.id} = ${id})`

/**
 * What a list holds: the member's own collections only (issue 40, M2, decision 070), one range of the
 * owner's index. `equal("ownerId", …)` naming someone else matches nothing.
 */
const listedFor = (readerId: string, ownerIds: string[] | null): SQL | undefined =>
  ownerIds && !ownerIds.includes(readerId) ? sql`false` : eq(memberCollections.ownerId, readerId)

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

/** A collection as it is after a change, for the realtime hubs (decision 077): who may read it now. */
const collectionAnnouncement = (
  action: 'create' | 'update' | 'delete',
  row: MemberCollectionRow,
  unsharedId: string | null = null,
): RealtimeAnnouncement => ({
  kind: 'collection',
  action,
  id: row.id,
  ownerId: row.ownerId,
  shareId: row.shareId,
  unsharedId,
  sequence: String(row.sequence),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  at: announcedAt(),
})

export function createCollectionRepository(db: Database) {
  return {
    async findOwn(ownerId: string, id: string): Promise<MemberCollectionRow | null> {
      const [row] = await db.select().from(memberCollections).where(ownRow(ownerId, id))
      return row ?? null
    },

    /**
     * What `id` opens for a member: their own collection with that id, else the shared collection whose
     * share id it is (anyone's, the member's own included); one statement, each half by its own index.
     */
    async findOpenedBy(readerId: string, id: string): Promise<MemberCollectionRow | null> {
      const own = ownRow(readerId, id)
      const [row] = await db
        .select()
        .from(memberCollections)
        .where(or(own, eq(memberCollections.shareId, id)))
        .orderBy(desc(own))
        .limit(1)
      return row ?? null
    },

    async list(plan: CollectionListPlan): Promise<{ rows: MemberCollectionRow[]; total: number }> {
      const filters = and(
        listedFor(plan.readerId, plan.ownerIds),
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
      // Counted up to the same bound as the catalogue's totals (a member keeps at most 50: a safety bound).
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
        shareId: string | null
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
        if (row) await announceRealtime(tx, [collectionAnnouncement('create', row)])
        return row ?? null
      })
    },

    /**
     * Changes a member's own collection. `share`: true gives it `newShareId` unless it has a share id
     * already, false drops it, absent leaves it; decided in the statement, so a change racing another
     * never keeps a link the other dropped, nor makes a second one.
     */
    async update(
      ownerId: string,
      id: string,
      changes: Partial<Pick<MemberCollectionRow, 'name' | 'projectIds' | 'position'>>,
      share?: { shared: boolean; newShareId: string },
    ): Promise<MemberCollectionRow | null> {
      const shareId =
        share === undefined
          ? {}
          : {
              shareId: share.shared ? sql`coalesce(${memberCollections.shareId}, ${share.newShareId})` : null,
            }
      return db.transaction(async (tx) => {
        // The link a change to private drops: its readers are told the collection is gone for them.
        const [before] =
          share?.shared === false
            ? await tx
                .select({ shareId: memberCollections.shareId })
                .from(memberCollections)
                .where(ownRow(ownerId, id))
                .for('update')
            : []
        const [row] = await tx
          .update(memberCollections)
          .set({ ...changes, ...shareId, updatedAt: sql`now()` })
          .where(ownRow(ownerId, id))
          .returning()
        const unsharedId = row && row.shareId === null ? (before?.shareId ?? null) : null
        if (row) await announceRealtime(tx, [collectionAnnouncement('update', row, unsharedId)])
        return row ?? null
      })
    },

    async delete(ownerId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await tx.delete(memberCollections).where(ownRow(ownerId, id)).returning()
        await announceRealtime(
          tx,
          deleted.map((row) => collectionAnnouncement('delete', row)),
        )
        return deleted.length > 0
      })
    },
  }
}

export type CollectionRepository = ReturnType<typeof createCollectionRepository>
