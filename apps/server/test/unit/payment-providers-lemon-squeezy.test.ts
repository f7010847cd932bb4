import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { UnhandledEvent, WebhookRejected } from '../../src/selling/orders/order-event'
import { PAYMENT_PROVIDERS } from '../../src/selling/orders/providers/payment-providers'
import {
  lemonSqueezyDelivery,
  lemonSqueezySignature,
  type WebhookDelivery,
} from '../support/webhook-deliveries'

const SECRET = 'lemon-unit-test-secret-5f2a'
const lemonSqueezy = PAYMENT_PROVIDERS.lemonsqueezy
const verify = (delivery: WebhookDelivery, secret = SECRET) =>
  lemonSqueezy.verify(Buffer.from(delivery.body), delivery.headers, secret)

function rejectionOf(attempt: () => unknown): WebhookRejected {
  try {
    attempt()
  } catch (error) {
    if (error instanceof WebhookRejected) return error
    throw error
  }
  throw new Error('The delivery was accepted')
}

/** The same delivery with its body changed by `edit`, signed again. */
function edited(delivery: WebhookDelivery, edit: (body: string) => string): WebhookDelivery {
  const body = edit(delivery.body)
  return {
    ...delivery,
    body,
    headers: { ...delivery.headers, 'x-signature': lemonSqueezySignature(body, SECRET) },
  }
}

describe('Lemon Squeezy deliveries', () => {
  it('reads a paid order, identifying the event by its body', () => {
    const delivery = lemonSqueezyDelivery({
      secret: SECRET,
      event: 'order_created',
      orderId: '1042',
      email: 'sam@example.com',
      name: 'Sam Taylor',
      totalCents: 2999,
      currency: 'usd',
      product: 'Projects Gallery',
      productId: 356_789,
    })
    const event = verify(delivery)
    expect(lemonSqueezy.name).toBe('lemonsqueezy')
    expect(event).toEqual({
      provider: 'lemonsqueezy',
      eventId: createHash('sha256').update(delivery.body).digest('hex'),
      type: 'order_created',
      orderId: '1042',
      status: 'paid',
      occurredAt: new Date(JSON.parse(delivery.body).data.attributes.created_at),
      buyer: { email: 'sam@example.com', name: 'Sam Taylor' },
      amount: 2999,
      currency: 'USD',
      product: 'Projects Gallery',
      productId: '356789',
      language: undefined,
    })
    // A retry sends the same body: the same event id, so it changes nothing twice.
    expect(verify(delivery).eventId).toBe(event.eventId)
  })

  it.each([
    ['paid', 'paid'],
    ['pending', 'pending'],
    ['failed', 'canceled'],
    ['refunded', 'refunded'],
  ])('reads a new order with status %s as %s', (status, expected) => {
    expect(verify(lemonSqueezyDelivery({ secret: SECRET, event: 'order_created', status })).status).toBe(
      expected,
    )
  })

  it('reads a full refund as refunded, at its time, and a partial one as still paid', () => {
    const full = lemonSqueezyDelivery({ secret: SECRET, event: 'order_refunded', orderId: '77' })
    const event = verify(full)
    expect(event).toMatchObject({ type: 'order_refunded', orderId: '77', status: 'refunded' })
    expect(event.occurredAt).toEqual(new Date(JSON.parse(full.body).data.attributes.refunded_at))
    const partial = lemonSqueezyDelivery({
      secret: SECRET,
      event: 'order_refunded',
      orderId: '77',
      status: 'partial_refund',
    })
    expect(verify(partial)).toMatchObject({ orderId: '77', status: 'paid' })
  })

  it('takes the language the owner passed in the checkout URL, if any', () => {
    const language = (lang?: string) =>
      verify(lemonSqueezyDelivery({ secret: SECRET, event: 'order_created', lang })).language
    expect(language('en')).toBe('en')
    expect(language('es-MX')).toBe('es')
    expect(language('fr')).toBeUndefined()
    expect(language()).toBeUndefined()
  })

  it('refuses a wrong, malformed or missing signature with 401, naming no secret', () => {
    const delivery = lemonSqueezyDelivery({ secret: SECRET, event: 'order_created' })
    const wrong = rejectionOf(() => verify(delivery, 'another-secret'))
    expect(wrong.status).toBe(401)
    expect(wrong.message).not.toContain(SECRET)
    const tampered = rejectionOf(() => verify({ ...delivery, body: delivery.body.replace('2500', '1') }))
    expect(tampered.status).toBe(401)
    const notHex = rejectionOf(() =>
      verify({ ...delivery, headers: { ...delivery.headers, 'x-signature': 'zz' } }),
    )
    expect(notHex.status).toBe(401)
    const missing = rejectionOf(() =>
      verify({ ...delivery, headers: { 'content-type': 'application/json' } }),
    )
    expect(missing).toMatchObject({ status: 401, message: 'The X-Signature header is missing.' })
    expect(rejectionOf(() => verify(delivery, '')).status).toBe(401)
  })

  it('refuses a signed body that is not JSON, or lacks a field the store needs, with 400 naming it', () => {
    const delivery = lemonSqueezyDelivery({
      secret: SECRET,
      event: 'order_created',
      email: 'sam@example.com',
    })
    const malformed = rejectionOf(() => verify(edited(delivery, (body) => `${body}}`)))
    expect(malformed).toMatchObject({ status: 400, message: 'The Lemon Squeezy delivery is not valid JSON.' })

    const noEmail = rejectionOf(() =>
      verify(edited(delivery, (body) => body.replace('"user_email":"sam@example.com",', ''))),
    )
    expect(noEmail.status).toBe(400)
    expect(noEmail.message).toContain('`data.attributes.user_email`')

    const strangeStatus = rejectionOf(() =>
      verify(lemonSqueezyDelivery({ secret: SECRET, event: 'order_created', status: 'on_hold' })),
    )
    expect(strangeStatus.status).toBe(400)
    expect(strangeStatus.message).toContain('`data.attributes.status`')
  })

  it('reads an event the store does not handle as unhandled (acknowledged, changing nothing: issue 28)', () => {
    let thrown: unknown
    try {
      verify(lemonSqueezyDelivery({ secret: SECRET, event: 'subscription_created' }))
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(UnhandledEvent)
    expect(thrown).toMatchObject({ provider: 'lemonsqueezy', type: 'subscription_created' })
  })
})
