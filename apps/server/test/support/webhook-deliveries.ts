import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import Stripe from 'stripe'

/*
 * Realistic, correctly signed webhook deliveries, shaped like each provider's documented payloads
 * (Stripe snapshot events, Hotmart webhook 2.0.0, Lemon Squeezy JSON:API orders). Used by the unit and
 * API tests, e2e and bench alike, so this module imports no test runner. Every builder has defaults:
 * `stripeDelivery({ secret, type: 'checkout.session.completed', email })` is a whole paid checkout.
 */

export interface WebhookDelivery {
  path: string
  body: string
  headers: Record<string, string>
}

const suffix = () => randomBytes(8).toString('hex')
const nowSeconds = () => Math.floor(Date.now() / 1000)

/** A `Stripe-Signature` header for a body, made by the SDK's own test helper. */
export const stripeSignature = (body: string, secret: string, timestamp = nowSeconds()) =>
  Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp })

/** An `X-Signature` header for a body, as Lemon Squeezy signs it. */
export const lemonSqueezySignature = (body: string, secret: string) =>
  createHmac('sha256', secret).update(body).digest('hex')

export interface StripeDeliveryOptions {
  secret: string
  type: string
  /** The payment intent, which names the order in its checkout, charge and dispute. */
  orderId?: string
  email?: string
  name?: string
  /** Minor units. */
  amount?: number
  /** Stripe writes it in lower case; either is accepted here. */
  currency?: string
  /** The Checkout Session's locale (`es`, `en`, `auto`…); null when the Payment Link set none. */
  locale?: string | null
  country?: string
  eventId?: string
  /** Unix seconds of the signature; an old one makes a stale delivery. */
  timestamp?: number
  /** Checkout sessions: `unpaid` for a delayed method (OXXO, bank transfer). */
  paymentStatus?: 'paid' | 'unpaid' | 'no_payment_required'
  /** `charge.refunded`: how much was refunded; less than `amount` is a partial refund. */
  amountRefunded?: number
  /** Checkout sessions: the product name the Payment Link's metadata carries. */
  product?: string
  /** Checkout sessions: the Payment Link that made the session (a new one by default); null for an API session. */
  paymentLink?: string | null
  /** Checkout sessions: what the buy link passed as `?client_reference_id=` (the campaign, decision 065). */
  clientReferenceId?: unknown
}

interface StripeObjectFields {
  type: string
  orderId: string
  email: string
  name: string
  amount: number
  currency: string
  locale: string | null
  country: string
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required'
  amountRefunded: number
  product: string | undefined
  paymentLink: string | null
  clientReferenceId: unknown
  created: number
}

/** The `data.object` of the event: a dispute, a charge or (any other type) a Checkout Session. */
function stripeObject(fields: StripeObjectFields) {
  const { type, orderId, email, name, amount, currency, country, created } = fields
  const address = { city: null, country, line1: null, line2: null, postal_code: null, state: null }
  if (type.startsWith('charge.dispute.')) {
    return {
      id: `du_${suffix()}`,
      object: 'dispute',
      amount,
      charge: `ch_${suffix()}`,
      created,
      currency,
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: orderId,
      reason: 'fraudulent',
      status: 'needs_response',
    }
  }
  if (type.startsWith('charge.')) {
    return {
      id: `ch_${suffix()}`,
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: fields.amountRefunded,
      billing_details: { address, email, name, phone: null },
      captured: true,
      created,
      currency,
      livemode: false,
      metadata: {},
      paid: true,
      payment_intent: orderId,
      refunded: fields.amountRefunded >= amount,
      status: 'succeeded',
    }
  }
  return {
    id: `cs_test_${suffix()}`,
    object: 'checkout.session',
    amount_subtotal: amount,
    amount_total: amount,
    client_reference_id: fields.clientReferenceId,
    created,
    currency,
    customer: null,
    customer_details: { address, email, name, phone: null, tax_exempt: 'none', tax_ids: [] },
    customer_email: null,
    livemode: false,
    locale: fields.locale,
    metadata: fields.product ? { product_name: fields.product } : {},
    mode: 'payment',
    payment_intent: orderId,
    payment_link: fields.paymentLink,
    payment_status: type.endsWith('async_payment_failed') ? 'unpaid' : fields.paymentStatus,
    status: 'complete',
  }
}

export function stripeDelivery(options: StripeDeliveryOptions): WebhookDelivery {
  const {
    secret,
    type,
    orderId = `pi_${suffix()}`,
    email = `buyer-${suffix()}@example.com`,
    name = 'Ana García',
    amount = 2500,
    currency = 'usd',
    locale = null,
    country = 'MX',
    eventId = `evt_${suffix()}`,
    timestamp = nowSeconds(),
    paymentStatus = 'paid',
    amountRefunded = amount,
    product,
    paymentLink = `plink_${suffix()}`,
    clientReferenceId = null,
  } = options
  const fields = {
    type,
    orderId,
    email,
    name,
    amount,
    locale,
    country,
    paymentStatus,
    amountRefunded,
    product,
    paymentLink,
    clientReferenceId,
  }
  const object = stripeObject({ ...fields, currency: currency.toLowerCase(), created: timestamp })
  const event = {
    id: eventId,
    object: 'event',
    api_version: '2025-09-30.clover',
    created: timestamp,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  }
  const body = JSON.stringify(event, null, 2)
  return {
    path: '/webhooks/stripe',
    body,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'stripe-signature': stripeSignature(body, secret, timestamp),
    },
  }
}

export interface HotmartDeliveryOptions {
  hottok: string
  event: string
  /** The transaction code, which names the order in its refund and chargeback. */
  transaction?: string
  email?: string
  name?: string
  /** A decimal in the currency's major unit, as Hotmart sends it. */
  price?: number
  currency?: string
  country?: string
  eventId?: string
  product?: string
  /** The product's id, as Hotmart shows it (HOTMART_PRODUCT_IDS names it). */
  productId?: number
  /** What the buy link passed as `?sck=` (the campaign, decision 065): `data.purchase.origin.sck`. */
  sck?: unknown
}

const HOTMART_PURCHASE_STATUS: Record<string, string> = {
  PURCHASE_APPROVED: 'APPROVED',
  PURCHASE_COMPLETE: 'COMPLETED',
  PURCHASE_REFUNDED: 'REFUNDED',
  PURCHASE_CHARGEBACK: 'CHARGEBACK',
  PURCHASE_CANCELED: 'CANCELED',
}

export function hotmartDelivery(options: HotmartDeliveryOptions): WebhookDelivery {
  const {
    hottok,
    event,
    transaction = `HP${String(randomBytes(6).readUIntBE(0, 6)).padStart(15, '0').slice(-14)}`,
    email = `buyer-${suffix()}@example.com`,
    name = 'Ana García',
    price = 25,
    currency = 'USD',
    country = 'MX',
    eventId = randomUUID(),
    product = 'Projects Gallery',
    productId = 4_774_438,
  } = options
  const now = Date.now()
  const money = { value: price, currency_value: currency }
  const [firstName = '', ...lastNames] = name.split(' ')
  const payload = {
    id: eventId,
    creation_date: now,
    event,
    version: '2.0.0',
    data: {
      product: { id: productId, ucode: randomUUID(), name: product, has_co_production: false },
      buyer: {
        email,
        name,
        first_name: firstName,
        last_name: lastNames.join(' '),
        checkout_phone: '5512345678',
        address: { country_iso: country },
      },
      producer: { name: 'Projects Gallery' },
      commissions: [
        { value: Math.round(price * 9.9) / 100, source: 'MARKETPLACE', currency_value: currency },
        { value: Math.round(price * 90.1) / 100, source: 'PRODUCER', currency_value: currency },
      ],
      purchase: {
        approved_date: now - 1000,
        full_price: money,
        price: money,
        original_offer_price: money,
        checkout_country: { iso: country },
        order_bump: { is_order_bump: false },
        order_date: now - 2000,
        status: HOTMART_PURCHASE_STATUS[event] ?? 'APPROVED',
        transaction,
        payment: { installments_number: 1, type: 'CREDIT_CARD' },
        offer: { code: 'k2pasun0' },
        ...(options.sck === undefined ? {} : { origin: { sck: options.sck } }),
        is_funnel: false,
        business_model: 'I',
      },
    },
    // Hotmart repeats the token in the body: one more reason never to log a delivery whole.
    hottok,
  }
  return {
    path: '/webhooks/hotmart',
    body: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', 'x-hotmart-hottok': hottok },
  }
}

export interface LemonSqueezyDeliveryOptions {
  secret: string
  event: string
  orderId?: string
  email?: string
  name?: string
  totalCents?: number
  currency?: string
  /** The order's status: `paid` on creation, `refunded` (or `partial_refund`) on a refund. */
  status?: string
  /** What the owner passed as `checkout[custom][lang]`. */
  lang?: string
  product?: string
  /** The product's id (LEMONSQUEEZY_PRODUCT_IDS names it). */
  productId?: number
  /** What the buy link passed as `checkout[custom][campaign]` (decision 065). */
  campaign?: unknown
}

export function lemonSqueezyDelivery(options: LemonSqueezyDeliveryOptions): WebhookDelivery {
  const {
    secret,
    event,
    orderId = String(randomBytes(4).readUInt32BE()),
    email = `buyer-${suffix()}@example.com`,
    name = 'Ana García',
    totalCents = 2500,
    currency = 'USD',
    status = event === 'order_refunded' ? 'refunded' : 'paid',
    lang,
    product = 'Projects Gallery',
    productId = 111,
  } = options
  const now = new Date().toISOString().replace('Z', '000Z')
  const refunded = status === 'refunded'
  const refundedAmount = refunded ? totalCents : status === 'partial_refund' ? Math.floor(totalCents / 2) : 0
  const identifier = randomUUID()
  const payload = {
    meta: {
      test_mode: true,
      event_name: event,
      webhook_id: '7a3e4ab1-2f0c-4c5e-9d0b-6f3f1e2b8c11',
      ...(lang === undefined && options.campaign === undefined
        ? {}
        : {
            custom_data: {
              ...(lang === undefined ? {} : { lang }),
              ...(options.campaign === undefined ? {} : { campaign: options.campaign }),
            },
          }),
    },
    data: {
      type: 'orders',
      id: orderId,
      attributes: {
        store_id: 12_345,
        customer_id: 67_890,
        identifier,
        order_number: 1042,
        user_name: name,
        user_email: email,
        currency,
        currency_rate: '1.00000000',
        subtotal: totalCents,
        setup_fee: 0,
        discount_total: 0,
        tax: 0,
        total: totalCents,
        refunded_amount: refundedAmount,
        status,
        status_formatted: status.replace('_', ' '),
        refunded,
        refunded_at: refundedAmount > 0 ? now : null,
        first_order_item: {
          id: 1,
          order_id: Number(orderId) || 1,
          product_id: productId,
          variant_id: 222,
          product_name: product,
          variant_name: 'Default',
          price: totalCents,
          test_mode: true,
        },
        urls: { receipt: `https://app.lemonsqueezy.com/my-orders/${identifier}` },
        created_at: now,
        updated_at: now,
        test_mode: true,
      },
      links: { self: `https://api.lemonsqueezy.com/v1/orders/${orderId}` },
    },
  }
  const body = JSON.stringify(payload)
  return {
    path: '/webhooks/lemonsqueezy',
    body,
    headers: {
      'content-type': 'application/json',
      'x-event-name': event,
      'x-signature': lemonSqueezySignature(body, secret),
    },
  }
}
