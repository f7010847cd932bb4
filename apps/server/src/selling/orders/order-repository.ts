import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../platform/db/client'
import { orderEvents, orders } from '../../platform/db/schema'
import { multiLineText, singleLineText } from '@pg/shared/plain-text'
import { newId } from '../../platform/security/secrets'
import type { OrderEvent, OrderProvider } from './order-event'
import type { OrderAccess, OrderStatus } from './order-status'

export type OrderRow = typeof orders.$inferSelect
export type OrderEventRow = typeof orderEvents.$inferSelect
export type OrderChanges = Partial<
  Pick<
    OrderRow,
    | 'userId'
    | 'email'
    | 'name'
    | 'product'
    | 'amount'
    | 'currency'
    | 'status'
    | 'language'
    | 'purchasedAt'
    | 'notifiedAt'
    | 'note'
    | 'productId'
    | 'campaign'
  >
>

/** What an order (and the event that did it) did to its buyer's access, and why. */
export interface AccessOutcome {
  access: OrderAccess
  detail: string[]
}

export interface OrderFilter {
  status?: OrderStatus
  access?: OrderAccess
  provider?: OrderProvider
  email?: string
  /** Bought (or, not yet paid, created) at or after `from` and before `to`. */
  from?: Date
  to?: Date
}

export function createOrderRepository(db: Database) {
  const matching = (filter: OrderFilter): SQL | undefined =>
    and(
      filter.status ? eq(orders.status, filter.status) : undefined,
      filter.access ? eq(orders.access, filter.access) : undefined,
      filter.provider ? eq(orders.provider, filter.provider) : undefined,
      filter.email ? sql`lower(${orders.email}) = lower(${filter.email})` : undefined,
      filter.from ? sql`coalesce(${orders.purchasedAt}, ${orders.createdAt}) >= ${filter.from}` : undefined,
      filter.to ? sql`coalesce(${orders.purchasedAt}, ${orders.createdAt}) < ${filter.to}` : undefined,
    )

  return {
    /**
     * The order the provider names, created (pending, without a buyer) if no event named it before, and
     * locked until the transaction ends: two deliveries about one order take turns.
     */
    async lockOrCreate(provider: OrderProvider, providerOrderId: string): Promise<OrderRow> {
      await db
        .insert(orders)
        .values({ id: newId(), provider, providerOrderId, status: 'pending' })
        .onConflictDoNothing({ target: [orders.provider, orders.providerOrderId] })
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.provider, provider), eq(orders.providerOrderId, providerOrderId)))
        .for('update')
      if (!row) throw new Error(`Order ${provider}/${providerOrderId} vanished after its insert`)
      return row
    },

    /** Locks one order by the store's id; undefined when there is none. */
    async lock(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update')
      return row
    },

    /** Records a delivery and returns its row's id; undefined when it was recorded before (a retry, a replay). */
    async addEvent(
      orderId: string,
      event: OrderEvent,
      summary: Record<string, unknown>,
    ): Promise<string | undefined> {
      const inserted = await db
        .insert(orderEvents)
        .values({
          id: newId(),
          orderId,
          provider: event.provider,
          eventId: event.eventId,
          type: event.type,
          status: event.status,
          occurredAt: event.occurredAt,
          summary,
        })
        .onConflictDoNothing({ target: [orderEvents.provider, orderEvents.eventId] })
        .returning({ id: orderEvents.id })
      return inserted[0]?.id
    },

    /** What the event did to access, on the event and as the order's latest. */
    async recordAccess(orderId: string, eventRowId: string, outcome: AccessOutcome): Promise<OrderRow> {
      const changes = { access: outcome.access, accessDetail: outcome.detail }
      await db.update(orderEvents).set(changes).where(eq(orderEvents.id, eventRowId))
      const [row] = await db
        .update(orders)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(orders.id, orderId))
        .returning()
      if (!row) throw new Error(`Order ${orderId} vanished during an update`)
      return row
    },

    /** The buyer's name, the product and the owner's note are stored without control characters. */
    async update(id: string, changes: OrderChanges): Promise<OrderRow> {
      const [row] = await db
        .update(orders)
        .set({
          ...changes,
          ...(changes.name === undefined ? {} : { name: singleLineText(changes.name) }),
          ...(changes.product === undefined ? {} : { product: singleLineText(changes.product) }),
          ...(changes.note === undefined ? {} : { note: multiLineText(changes.note) }),
          updatedAt: new Date(),
        })
        .where(eq(orders.id, id))
        .returning()
      if (!row) throw new Error(`Order ${id} vanished during an update`)
      return row
    },

    async findById(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1)
      return row
    },

    async findByProviderId(provider: OrderProvider, providerOrderId: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.provider, provider), eq(orders.providerOrderId, providerOrderId)))
        .limit(1)
      return row
    },

    /** Newest first. */
    list: (filter: OrderFilter = {}) =>
      db.select().from(orders).where(matching(filter)).orderBy(desc(orders.sequence)),

    /** One page, newest first, and how many match in all. */
    async page(filter: OrderFilter, limit: number, offset: number) {
      const where = matching(filter)
      const rows = await db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.sequence))
        .limit(limit)
        .offset(offset)
      const [counted] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(orders)
        .where(where)
      return { total: counted?.total ?? 0, orders: rows }
    },

    listForUser: (userId: string) =>
      db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.sequence)),

    /** An order's events in the order they were received. */
    events: (orderId: string) =>
      db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.sequence)),
  }
}

export type OrderRepository = ReturnType<typeof createOrderRepository>
