import { z } from 'zod'
import { emailSchema } from '@pg/shared/account'
import { ORDER_ACCESS, ORDER_STATUSES, OWNER_EVENTS } from '@pg/shared/purchase'
import { consoleRequest, pathPart } from '../../../lib/console/console-request'
import { orderListParams, type OrderFilter } from '../model/order-filter'

/** An order as the server's `orderJson` shows it (decision 039), checked at this boundary. */
const orderSchema = z.object({
  id: z.string(),
  provider: z.string(),
  providerOrderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  email: z.string(),
  name: z.string(),
  product: z.string(),
  /** The provider's id of what was sold (a Payment Link, a product); null when no event named it. */
  productId: z.string().nullable(),
  /** Minor units (cents); null for a sale the owner recorded. */
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  language: z.string(),
  userId: z.string().nullable(),
  purchasedAt: z.string().nullable(),
  createdAt: z.string(),
  note: z.string(),
  /** What the order did to its buyer's access, and why (decision 057); null while it did nothing. */
  access: z.enum(ORDER_ACCESS).nullable(),
  accessDetail: z.array(z.string()),
})
export type Order = z.infer<typeof orderSchema>

/** The fields a delivery's event may name as cleaned (the server's `storableEvent`). */
export const CLEANED_FIELDS = ['occurredAt', 'amount', 'email', 'name', 'product', 'type'] as const

const orderEventSchema = z.object({
  eventId: z.string(),
  /** The provider's name for the event (`checkout.session.completed`), or the owner's in English. */
  type: z.string(),
  /** The owner's event this is, said by the page in its language (decision 066); null for a provider's. */
  ownerEvent: z.enum(OWNER_EVENTS).nullable(),
  status: z.enum(ORDER_STATUSES),
  occurredAt: z.string(),
  receivedAt: z.string(),
  /** What the event said that the order keeps (never the provider's whole payload). */
  summary: z.looseObject({
    amount: z.number().int().optional(),
    currency: z.string().optional(),
    product: z.string().optional(),
    buyer: z.string().optional(),
    /** What the store could not keep as the provider sent it and cleaned (issue 34): field names. */
    cleaned: z.array(z.enum(CLEANED_FIELDS)).optional().catch(undefined),
  }),
  access: z.enum(ORDER_ACCESS).nullable(),
  accessDetail: z.array(z.string()),
})
export type OrderEvent = z.infer<typeof orderEventSchema>

const orderPageSchema = z.object({ total: z.number().int(), orders: z.array(orderSchema) })
const orderWithEventsSchema = orderSchema.extend({ events: z.array(orderEventSchema) })
export type OrderWithEvents = z.infer<typeof orderWithEventsSchema>

/** The order's date in the list: when it was paid, or, not yet paid, when it was made. */
export const orderDate = (order: Order) => order.purchasedAt ?? order.createdAt

export const listOrders = (filter: OrderFilter) =>
  consoleRequest('GET', '/store/orders', orderPageSchema, orderListParams(filter))

export const getOrder = (orderId: string) =>
  consoleRequest('GET', `/store/orders/${pathPart(orderId)}`, orderWithEventsSchema)

/** What `orders grant` takes: the buyer, an optional note, and the language of their welcome email. */
export interface GrantInput {
  email: string
  name: string
  note: string
  language: 'es' | 'en'
}

/** A sale made elsewhere: the server makes (or reopens) the member and queues their welcome email. */
export const grantOrder = (input: GrantInput) =>
  consoleRequest('POST', '/store/orders', orderSchema, { ...input })

/** Records a refund: the server ends the member's access unless another paid order holds it. */
export const refundOrder = (orderId: string) =>
  consoleRequest('POST', `/store/orders/${pathPart(orderId)}/refund`, orderSchema)

/**
 * Grants an order the store ignored (another product, no valid email, nothing paid): the server makes
 * (or reopens) the member and queues their welcome. `email` corrects the buyer's address.
 */
export const grantIgnoredOrder = (orderId: string, email?: string) =>
  consoleRequest(
    'POST',
    `/store/orders/${pathPart(orderId)}/grant`,
    orderSchema,
    email === undefined ? {} : { email },
  )

/** An ignored order that was paid can be granted by hand. */
export const canGrantIgnored = (order: Order) => order.access === 'ignored' && order.status === 'paid'

/** Whether the order's email is one the server would grant to, or the owner must give another. */
export const hasValidEmail = (order: Order) => emailSchema.safeParse(order.email).success

/** A refund can be recorded for a paid order, or a disputed one (the dispute was lost). */
export const canRefund = (order: Order) => order.status === 'paid' || order.status === 'disputed'
