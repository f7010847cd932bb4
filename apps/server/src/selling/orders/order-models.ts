import { toAppwriteDate } from '../../platform/appwrite/dates'
import { ownerEventOf } from '@pg/shared/purchase'
import type { OrderEventRow, OrderRow } from './order-repository'

/** An order and its events as the admin CLI (`--json`) and the owner's console show them. */
export const dateOf = (date: Date | null) => (date ? toAppwriteDate(date) : null)

export const orderJson = (order: OrderRow) => ({
  id: order.id,
  provider: order.provider,
  providerOrderId: order.providerOrderId,
  status: order.status,
  email: order.email,
  name: order.name,
  product: order.product,
  productId: order.productId,
  amount: order.amount,
  currency: order.currency,
  language: order.language,
  userId: order.userId,
  purchasedAt: dateOf(order.purchasedAt),
  createdAt: toAppwriteDate(order.createdAt),
  note: order.note,
  /** What the order did to its buyer's access, and why (decision 057); null while it did nothing. */
  access: order.access,
  accessDetail: order.accessDetail,
})

export const eventJson = (event: OrderEventRow) => ({
  eventId: event.eventId,
  type: event.type,
  /** The owner's event this is (its `type` said in the console's language), null for a provider's. */
  ownerEvent: ownerEventOf(event.type),
  status: event.status,
  occurredAt: toAppwriteDate(event.occurredAt),
  receivedAt: toAppwriteDate(event.createdAt),
  summary: event.summary,
  access: event.access,
  accessDetail: event.accessDetail,
})
