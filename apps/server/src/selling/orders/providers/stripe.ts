import Stripe from 'stripe'
import { z } from 'zod'
import { checkoutLanguage } from '../checkout-language'
import { WebhookRejected, type OrderEvent, type PaymentProvider } from '../order-event'
import type { OrderStatus } from '../order-status'
import {
  currencyCode,
  providerId,
  readDelivery,
  requireSecret,
  singleHeader,
  passedThrough,
  unhandledEvent,
} from './delivery-checks'

/** Stripe's own recommendation: older deliveries may be replays. */
const TOLERANCE_SECONDS = 300

const HANDLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'charge.refunded',
  'charge.dispute.created',
] as const

const isHandled = (type: string): type is (typeof HANDLED_EVENTS)[number] =>
  HANDLED_EVENTS.some((handled) => handled === type)

const envelopeSchema = z.looseObject({ id: z.string().min(1), type: z.string().min(1) })

/** The snapshot event around `data.object`, with only the fields the store reads (others may come and go). */
const eventOf = <Shape extends z.ZodType>(object: Shape) =>
  z.looseObject({
    id: providerId,
    created: z.number().nonnegative(),
    data: z.looseObject({ object }),
  })

const addressSchema = z.looseObject({ country: z.string().nullish() }).nullish()

/** An id Stripe may send expanded, as the object it names. */
const idOrObject = z.union([providerId, z.looseObject({ id: providerId }).transform((object) => object.id)])

const sessionEventSchema = eventOf(
  z.looseObject({
    id: providerId,
    payment_intent: idOrObject.nullish(),
    /** The Payment Link that made the session, which STRIPE_PAYMENT_LINK_IDS names; null for API sessions. */
    payment_link: idOrObject.nullish(),
    payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
    amount_total: z.number().nullish(),
    currency: currencyCode.nullish(),
    locale: z.string().nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
    /** What the buy link passed as `client_reference_id`: the storefront's campaign (decision 065). */
    client_reference_id: z.unknown().optional(),
    // Stripe fills these once the checkout is complete: an order without an email cannot become a member.
    customer_details: z.looseObject({
      email: z.string().min(1),
      name: z.string().nullish(),
      address: addressSchema,
    }),
  }),
)

const chargeEventSchema = eventOf(
  z.looseObject({
    id: providerId,
    payment_intent: idOrObject.nullish(),
    amount: z.number(),
    currency: currencyCode,
    refunded: z.boolean(),
    billing_details: z
      .looseObject({ email: z.string().nullish(), name: z.string().nullish(), address: addressSchema })
      .nullish(),
  }),
)

const disputeEventSchema = eventOf(
  z.looseObject({
    charge: idOrObject,
    payment_intent: idOrObject.nullish(),
    amount: z.number(),
    currency: currencyCode,
  }),
)

function constructEvent(rawBody: Buffer, signature: string, secret: string): unknown {
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret, TOLERANCE_SECONDS)
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      // The SDK checks the signature first, so a stale timestamp means a genuine but old (replayed) delivery.
      throw new WebhookRejected(
        401,
        /tolerance/i.test(error.message)
          ? 'The Stripe-Signature timestamp is outside the 5-minute tolerance: the delivery is too old (a replay, or a clock out of step).'
          : 'The Stripe-Signature header does not match the body and STRIPE_WEBHOOK_SECRET.',
      )
    }
    if (error instanceof SyntaxError) throw new WebhookRejected(400, 'The Stripe delivery is not valid JSON.')
    throw new WebhookRejected(400, 'The Stripe delivery is not a snapshot event.')
  }
}

/** The store's product name, when the Payment Link or Checkout Session carries it in its metadata. */
function productFrom(metadata: Record<string, unknown> | null | undefined): string | undefined {
  const product = metadata?.['product_name'] ?? metadata?.['product']
  return typeof product === 'string' && product !== '' ? product : undefined
}

function sessionStatus(type: string, paymentStatus: 'paid' | 'unpaid' | 'no_payment_required'): OrderStatus {
  if (type === 'checkout.session.async_payment_failed') return 'canceled'
  if (type === 'checkout.session.async_payment_succeeded') return 'paid'
  // `unpaid` on completion: a delayed method (OXXO, bank transfer) that an async_payment event settles later.
  return paymentStatus === 'unpaid' ? 'pending' : 'paid'
}

/**
 * Stripe Payment Links and Checkout. A session, its charge and any dispute all name the payment intent,
 * so it is the order id: a refund finds the order its checkout created, in whichever order they arrive.
 */
export const stripeProvider: PaymentProvider = {
  name: 'stripe',
  verify(rawBody, headers, secret) {
    requireSecret('Stripe', secret)
    const signature = singleHeader(headers, 'stripe-signature')
    if (!signature) throw new WebhookRejected(401, 'The Stripe-Signature header is missing.')
    const body = constructEvent(rawBody, signature, secret)
    const { type } = readDelivery('Stripe', envelopeSchema, body)
    if (!isHandled(type)) throw unhandledEvent('stripe', type)
    const common = { provider: 'stripe', type } as const

    if (type === 'charge.refunded') {
      const event = readDelivery('Stripe', chargeEventSchema, body)
      const charge = event.data.object
      const billing = charge.billing_details
      return {
        ...common,
        eventId: event.id,
        orderId: charge.payment_intent ?? charge.id,
        // A partial refund leaves the purchase paid (the buyer keeps access); only a full one ends it.
        status: charge.refunded ? 'refunded' : 'paid',
        occurredAt: new Date(event.created * 1000),
        buyer: billing?.email ? { email: billing.email, name: billing.name ?? '' } : undefined,
        amount: charge.amount,
        currency: charge.currency.toUpperCase(),
        language: checkoutLanguage(undefined, billing?.address?.country),
      } satisfies OrderEvent
    }

    if (type === 'charge.dispute.created') {
      const event = readDelivery('Stripe', disputeEventSchema, body)
      const dispute = event.data.object
      return {
        ...common,
        eventId: event.id,
        orderId: dispute.payment_intent ?? dispute.charge,
        status: 'disputed',
        occurredAt: new Date(event.created * 1000),
        amount: dispute.amount,
        currency: dispute.currency.toUpperCase(),
      } satisfies OrderEvent
    }

    const event = readDelivery('Stripe', sessionEventSchema, body)
    const session = event.data.object
    const customer = session.customer_details
    return {
      ...common,
      eventId: event.id,
      // A session without a payment intent (nothing to pay) has no later charge to match.
      orderId: session.payment_intent ?? session.id,
      status: sessionStatus(type, session.payment_status),
      occurredAt: new Date(event.created * 1000),
      buyer: { email: customer.email, name: customer.name ?? '' },
      amount: session.amount_total ?? undefined,
      currency: session.currency?.toUpperCase(),
      product: productFrom(session.metadata),
      productId: session.payment_link ?? undefined,
      language: checkoutLanguage(session.locale, customer.address?.country),
      campaign: passedThrough(session.client_reference_id),
    } satisfies OrderEvent
  },
}
