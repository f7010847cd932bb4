import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { checkoutLanguage } from '../checkout-language'
import { WebhookRejected, type PaymentProvider } from '../order-event'
import type { OrderStatus } from '../order-status'
import {
  currencyCode,
  parseJson,
  passedThrough,
  providerId,
  readDelivery,
  requireSecret,
  singleHeader,
  unhandledEvent,
} from './delivery-checks'

const HANDLED_EVENTS = ['order_created', 'order_refunded'] as const

/** An order's `status` when it is created. A partial refund leaves it paid (the buyer keeps access). */
const STATUS_ON_CREATION = new Map<string, OrderStatus>([
  ['paid', 'paid'],
  ['pending', 'pending'],
  ['failed', 'canceled'],
  ['fraudulent', 'canceled'],
  ['refunded', 'refunded'],
  ['partial_refund', 'paid'],
])

const envelopeSchema = z.looseObject({ meta: z.looseObject({ event_name: z.string().min(1) }) })

const timestamp = z.iso.datetime({ offset: true })

/** The order object (JSON:API) with the fields the store reads. */
const orderEventSchema = z.looseObject({
  // What the owner's checkout link passed (`checkout[custom][…]`); a malformed one is none, never a refusal.
  meta: z.looseObject({ custom_data: z.record(z.string(), z.unknown()).nullish().catch(undefined) }),
  data: z.looseObject({
    id: providerId,
    attributes: z.looseObject({
      status: z.string().min(1),
      refunded: z.boolean().nullish(),
      user_email: z.string().min(1),
      user_name: z.string().nullish(),
      /** In cents. */
      total: z.number(),
      currency: currencyCode,
      /** `product_id` is the product LEMONSQUEEZY_PRODUCT_IDS names. */
      first_order_item: z
        .looseObject({
          product_id: z.union([z.number().int().nonnegative(), providerId]).nullish(),
          product_name: z.string().nullish(),
        })
        .nullish(),
      created_at: timestamp,
      updated_at: timestamp.nullish(),
      refunded_at: timestamp.nullish(),
    }),
  }),
})

/** `X-Signature` is the hex HMAC-SHA256 of the raw body under the webhook's signing secret. */
function signatureMatches(rawBody: Buffer, signature: string, secret: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false
  const expected = createHmac('sha256', secret).update(rawBody).digest()
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'))
}

/** The owner may pass the buyer's language in the checkout URL: `checkout[custom][lang]=en`. */
function languageFrom(customData: Record<string, unknown> | null | undefined) {
  const requested = customData?.['lang'] ?? customData?.['locale']
  return typeof requested === 'string' ? checkoutLanguage(requested, undefined) : undefined
}

/**
 * Lemon Squeezy. Its deliveries carry no event id; a retry sends the same body, so the body's SHA-256
 * is the event id. The order's id names the order in its refunds too.
 */
export const lemonSqueezyProvider: PaymentProvider = {
  name: 'lemonsqueezy',
  verify(rawBody, headers, secret) {
    requireSecret('Lemon Squeezy', secret)
    const signature = singleHeader(headers, 'x-signature')
    if (!signature) throw new WebhookRejected(401, 'The X-Signature header is missing.')
    if (!signatureMatches(rawBody, signature, secret)) {
      throw new WebhookRejected(
        401,
        'The X-Signature header does not match the body and LEMONSQUEEZY_WEBHOOK_SECRET.',
      )
    }
    const body = parseJson('Lemon Squeezy', rawBody)
    const type = readDelivery('Lemon Squeezy', envelopeSchema, body).meta.event_name
    if (!HANDLED_EVENTS.some((handled) => handled === type)) throw unhandledEvent('lemonsqueezy', type)

    const { meta, data } = readDelivery('Lemon Squeezy', orderEventSchema, body)
    const order = data.attributes
    const refund = type === 'order_refunded'
    // `order_refunded` comes for partial refunds too: only a full one (status `refunded`) ends access.
    const status = refund
      ? order.status === 'refunded' || order.refunded === true
        ? 'refunded'
        : 'paid'
      : STATUS_ON_CREATION.get(order.status)
    if (!status) {
      throw new WebhookRejected(400, 'The Lemon Squeezy delivery has no valid `data.attributes.status`.')
    }
    return {
      provider: 'lemonsqueezy',
      eventId: createHash('sha256').update(rawBody).digest('hex'),
      type,
      orderId: data.id,
      status,
      occurredAt: new Date(
        (refund ? (order.refunded_at ?? order.updated_at) : undefined) ?? order.created_at,
      ),
      buyer: { email: order.user_email, name: order.user_name ?? '' },
      amount: order.total,
      currency: order.currency.toUpperCase(),
      product: order.first_order_item?.product_name || undefined,
      productId: order.first_order_item?.product_id?.toString(),
      language: languageFrom(meta.custom_data),
      // What the buy link passed as `checkout[custom][campaign]` (decision 065).
      campaign: passedThrough(meta.custom_data?.['campaign']),
    }
  },
}
