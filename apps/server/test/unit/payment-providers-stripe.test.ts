import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { UnhandledEvent, WebhookRejected } from '../../src/selling/orders/order-event'
import { PAYMENT_PROVIDERS } from '../../src/selling/orders/providers/payment-providers'
import { stripeDelivery, stripeSignature, type WebhookDelivery } from '../support/webhook-deliveries'

const SECRET = 'whsec_unit_test_secret_0123456789'
const stripe = PAYMENT_PROVIDERS.stripe
const verify = (delivery: WebhookDelivery, secret = SECRET) =>
  stripe.verify(Buffer.from(delivery.body), delivery.headers, secret)

function rejectionOf(attempt: () => unknown): WebhookRejected {
  try {
    attempt()
  } catch (error) {
    if (error instanceof WebhookRejected) return error
    throw error
  }
  throw new Error('The delivery was accepted')
}

const eventSchema = z.looseObject({ data: z.looseObject({ object: z.record(z.string(), z.unknown()) }) })

/** The same delivery with its `data.object` changed by `edit`, signed again. */
function edited(delivery: WebhookDelivery, edit: (object: Record<string, unknown>) => void): WebhookDelivery {
  const event = eventSchema.parse(JSON.parse(delivery.body))
  edit(event.data.object)
  const body = JSON.stringify(event)
  return {
    ...delivery,
    body,
    headers: { ...delivery.headers, 'stripe-signature': stripeSignature(body, SECRET) },
  }
}

describe('Stripe deliveries', () => {
  it('reads a paid checkout into a paid order named by its payment intent', () => {
    const delivery = stripeDelivery({
      secret: SECRET,
      type: 'checkout.session.completed',
      orderId: 'pi_3Q0abc',
      eventId: 'evt_1Q0abc',
      email: 'ana@example.com',
      name: 'Ana García',
      amount: 4900,
      currency: 'usd',
      locale: 'es',
      country: 'US',
      product: 'Projects Gallery bundle',
      paymentLink: 'plink_1Q0abcBundle',
    })
    const event = verify(delivery)
    expect(stripe.name).toBe('stripe')
    expect(event).toEqual({
      provider: 'stripe',
      eventId: 'evt_1Q0abc',
      type: 'checkout.session.completed',
      orderId: 'pi_3Q0abc',
      status: 'paid',
      occurredAt: new Date(JSON.parse(delivery.body).created * 1000),
      buyer: { email: 'ana@example.com', name: 'Ana García' },
      amount: 4900,
      currency: 'USD',
      product: 'Projects Gallery bundle',
      productId: 'plink_1Q0abcBundle',
      language: 'es',
    })
  })

  it('keeps a checkout paid by a delayed method pending until Stripe says how it went', () => {
    const base = { secret: SECRET, orderId: 'pi_oxxo' }
    const completed = verify(
      stripeDelivery({ ...base, type: 'checkout.session.completed', paymentStatus: 'unpaid' }),
    )
    const succeeded = verify(stripeDelivery({ ...base, type: 'checkout.session.async_payment_succeeded' }))
    const failed = verify(stripeDelivery({ ...base, type: 'checkout.session.async_payment_failed' }))
    expect([completed.status, succeeded.status, failed.status]).toEqual(['pending', 'paid', 'canceled'])
    expect(new Set([completed.orderId, succeeded.orderId, failed.orderId])).toEqual(new Set(['pi_oxxo']))
  })

  it('counts a checkout with nothing to pay as paid, named by the session when there is no payment intent', () => {
    const delivery = edited(
      stripeDelivery({
        secret: SECRET,
        type: 'checkout.session.completed',
        paymentStatus: 'no_payment_required',
      }),
      (session) => {
        session['payment_intent'] = null
        session['id'] = 'cs_test_free'
      },
    )
    expect(verify(delivery)).toMatchObject({ status: 'paid', orderId: 'cs_test_free' })
  })

  it('reads a full refund as refunded and a partial one as still paid, on the checkout’s order', () => {
    const base = { secret: SECRET, type: 'charge.refunded', orderId: 'pi_refund', amount: 2500 }
    expect(verify(stripeDelivery(base))).toMatchObject({
      orderId: 'pi_refund',
      status: 'refunded',
      amount: 2500,
      currency: 'USD',
    })
    expect(verify(stripeDelivery({ ...base, amountRefunded: 1000 }))).toMatchObject({
      orderId: 'pi_refund',
      status: 'paid',
    })
  })

  it('reads a dispute as disputed on the checkout’s order, with no buyer', () => {
    const event = verify(
      stripeDelivery({ secret: SECRET, type: 'charge.dispute.created', orderId: 'pi_dispute' }),
    )
    expect(event).toMatchObject({ orderId: 'pi_dispute', status: 'disputed', type: 'charge.dispute.created' })
    expect(event.buyer).toBeUndefined()
  })

  it('takes the language from the checkout locale, else the buyer’s country', () => {
    const language = (locale: string | null, country: string) =>
      verify(stripeDelivery({ secret: SECRET, type: 'checkout.session.completed', locale, country })).language
    expect(language('en', 'MX')).toBe('en')
    expect(language('es-419', 'US')).toBe('es')
    expect(language('auto', 'GB')).toBe('en')
    expect(language(null, 'MX')).toBeUndefined()
  })

  it('refuses a wrong signature, a tampered body or a missing header with 401, naming no secret', () => {
    const delivery = stripeDelivery({ secret: SECRET, type: 'checkout.session.completed' })
    const wrongSecret = rejectionOf(() => verify(delivery, 'whsec_another_secret'))
    expect(wrongSecret.status).toBe(401)
    expect(wrongSecret.message).toMatch(/does not match/)
    expect(wrongSecret.message).not.toContain('whsec_')
    const tampered = rejectionOf(() => verify({ ...delivery, body: delivery.body.replace('2500', '1') }))
    expect(tampered.status).toBe(401)
    const missing = rejectionOf(() =>
      verify({ ...delivery, headers: { 'content-type': 'application/json' } }),
    )
    expect(missing).toMatchObject({ status: 401, message: 'The Stripe-Signature header is missing.' })
    expect(rejectionOf(() => verify(delivery, '')).status).toBe(401)
  })

  it('refuses a genuine but stale delivery (older than 5 minutes) with 401', () => {
    const stale = stripeDelivery({
      secret: SECRET,
      type: 'checkout.session.completed',
      timestamp: Math.floor(Date.now() / 1000) - 6 * 60,
    })
    const rejection = rejectionOf(() => verify(stale))
    expect(rejection.status).toBe(401)
    expect(rejection.message).toMatch(/timestamp is outside the 5-minute tolerance/)
    const recent = stripeDelivery({
      secret: SECRET,
      type: 'checkout.session.completed',
      timestamp: Math.floor(Date.now() / 1000) - 4 * 60,
    })
    expect(verify(recent).status).toBe('paid')
  })

  it('refuses a signed body that is not JSON, or lacks a field the store needs, with 400 naming it', () => {
    const notJson = '{"id": "evt_1", '
    const malformed = rejectionOf(() =>
      verify({
        path: '/webhooks/stripe',
        body: notJson,
        headers: { 'stripe-signature': stripeSignature(notJson, SECRET) },
      }),
    )
    expect(malformed).toMatchObject({ status: 400, message: 'The Stripe delivery is not valid JSON.' })

    const noEmail = edited(
      stripeDelivery({ secret: SECRET, type: 'checkout.session.completed' }),
      (session) => {
        session['customer_details'] = { name: 'Ana García', address: null }
      },
    )
    const missing = rejectionOf(() => verify(noEmail))
    expect(missing.status).toBe(400)
    expect(missing.message).toContain('`data.object.customer_details.email`')
    expect(missing.message).not.toContain('Ana')
  })

  it('reads an event the store does not handle as unhandled (acknowledged, changing nothing: issue 28)', () => {
    let thrown: unknown
    try {
      verify(stripeDelivery({ secret: SECRET, type: 'customer.created' }))
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(UnhandledEvent)
    expect(thrown).toMatchObject({ provider: 'stripe', type: 'customer.created' })
  })
})
