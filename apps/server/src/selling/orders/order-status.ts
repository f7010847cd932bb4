import type { OrderStatus } from '@pg/shared/purchase'

export {
  BLOCKED_REASONS,
  ORDER_STATUSES,
  type AccessSource,
  type BlockedReason,
  type IgnoredReason,
  type OrderAccess,
  type OrderStatus,
} from '@pg/shared/purchase'

/**
 * Events may arrive in any order, so an order's status does not depend on which came last: a refund
 * or a dispute outranks the payment it undoes, a payment outranks a cancelled or pending checkout.
 */
const RANK: Record<OrderStatus, number> = { pending: 0, canceled: 1, paid: 2, disputed: 3, refunded: 4 }

export const strongerStatus = (current: OrderStatus, reported: OrderStatus): OrderStatus =>
  RANK[reported] > RANK[current] ? reported : current
