/** What an order is, as its events tell: the strongest status any of its events reported wins. */
export const ORDER_STATUSES = ['pending', 'paid', 'canceled', 'disputed', 'refunded'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/**
 * Events may arrive in any order, so an order's status does not depend on which came last: a refund
 * or a dispute outranks the payment it undoes, a payment outranks a cancelled or pending checkout.
 */
const RANK: Record<OrderStatus, number> = { pending: 0, canceled: 1, paid: 2, disputed: 3, refunded: 4 }

export const strongerStatus = (current: OrderStatus, reported: OrderStatus): OrderStatus =>
  RANK[reported] > RANK[current] ? reported : current

/** Why an enabled member has no access; the login page explains each (null: they have access). */
export const BLOCKED_REASONS = ['refunded', 'disputed', 'inactive'] as const
export type BlockedReason = (typeof BLOCKED_REASONS)[number]
