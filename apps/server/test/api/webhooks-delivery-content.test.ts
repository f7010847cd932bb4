import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  hotmartDelivery,
  lemonSqueezyDelivery,
  lemonSqueezySignature,
  stripeDelivery,
  stripeSignature,
  type WebhookDelivery,
} from '../support/webhook-deliveries'
import type { TestServer } from '../support/test-app'
import {
  deliver,
  deliverOk,
  orderOf,
  startSellingStore,
  storeState,
  WEBHOOK_SECRETS,
} from '../support/webhook-store'

/**
 * Issue 28, items 9 and 11: no delivery is ever answered 5xx for its content (the provider would retry
 * it for days), and a genuine event the store does not handle is acknowledged with 2xx, changes nothing
 * and is logged (Hotmart switches off an address that answers errors). Only a bad signature or a
 * malformed body is a 4xx.
 */
let server: TestServer
const lines: string[] = []
const { stripe: stripeSecret, hotmart: hottok, lemonsqueezy: lemonSecret } = WEBHOOK_SECRETS

beforeAll(async () => {
  ;({ server } = await startSellingStore(
    { logLevel: 'info' },
    { logStream: { write: (line) => void lines.push(line) } },
  ))
})
afterAll(() => server.close())

/** The delivery with its JSON body changed by `edit` and signed again as its provider signs. */
function edited(delivery: WebhookDelivery, edit: (body: Record<string, unknown>) => void): WebhookDelivery {
  const parsed: unknown = JSON.parse(delivery.body)
  if (typeof parsed !== 'object' || parsed === null) throw new Error('Not a JSON object')
  const body = { ...parsed }
  edit(body)
  const text = JSON.stringify(body)
  const headers = { ...delivery.headers }
  if (headers['stripe-signature']) headers['stripe-signature'] = stripeSignature(text, stripeSecret)
  if (headers['x-signature']) headers['x-signature'] = lemonSqueezySignature(text, lemonSecret)
  return { ...delivery, body: text, headers }
}

/** A nested object of a parsed body, to edit in place. */
function at(body: Record<string, unknown>, ...path: string[]): Record<string, unknown> {
  let node: unknown = body
  for (const key of path) {
    if (typeof node !== 'object' || node === null || !(key in node)) throw new Error(`No ${path.join('.')}`)
    node = Object.getOwnPropertyDescriptor(node, key)?.value
  }
  if (typeof node !== 'object' || node === null) throw new Error(`${path.join('.')} is not an object`)
  return Object.fromEntries(Object.entries(node))
}
function put(body: Record<string, unknown>, path: string[], value: unknown) {
  const parents = [body]
  for (const key of path.slice(0, -1)) parents.push(at(parents.at(-1) ?? body, key))
  let child = value
  for (let index = path.length - 1; index >= 0; index -= 1) {
    const parent = parents[index] ?? body
    parent[path[index] ?? ''] = child
    child = parent
  }
}

describe('absurd amounts', () => {
  it('records a signed Hotmart delivery priced 1e308 (it answered 500) with the amount unknown', async () => {
    const delivery = hotmartDelivery({
      hottok,
      event: 'PURCHASE_APPROVED',
      transaction: 'HP_HUGE',
      price: 1e308,
    })
    expect(delivery.body).toContain('"value":1e+308')
    const answer = await deliverOk(server, delivery)
    expect(answer).toMatchObject({ status: 'paid', access: 'granted' })
    expect(await orderOf(server, 'hotmart', 'HP_HUGE')).toMatchObject({ amount: null, currency: 'USD' })
    // The same delivery again: 200, nothing changed (it is not retried for days).
    expect(await deliverOk(server, delivery)).toMatchObject({ duplicate: true })
  })

  it.each([
    ['Hotmart, a negative price', () => hotmartDelivery({ hottok, event: 'PURCHASE_APPROVED', price: -25 })],
    ['Hotmart, 1e20 USD', () => hotmartDelivery({ hottok, event: 'PURCHASE_APPROVED', price: 1e20 })],
    [
      'Stripe, 1e308 cents',
      () =>
        edited(stripeDelivery({ secret: stripeSecret, type: 'checkout.session.completed' }), (body) =>
          put(body, ['data', 'object', 'amount_total'], 1e308),
        ),
    ],
    [
      'Stripe, a refund of 1.5 cents',
      () =>
        edited(stripeDelivery({ secret: stripeSecret, type: 'charge.refunded' }), (body) =>
          put(body, ['data', 'object', 'amount'], 1.5),
        ),
    ],
    [
      'Lemon Squeezy, 1e308 cents',
      () => lemonSqueezyDelivery({ secret: lemonSecret, event: 'order_created', totalCents: 1e308 }),
    ],
  ])('records %s with the amount unknown', async (_name, build) => {
    const delivery = build()
    const answer = await deliverOk(server, delivery)
    const { orders } = await storeState(server)
    expect(orders.find((order) => order.id === answer.order)).toMatchObject({ amount: null })
  })
})

describe('texts and times the database could not hold', () => {
  it('records NUL characters, half surrogate pairs, a 20,000-character email and a time no clock gives', async () => {
    const deliveries = [
      hotmartDelivery({ hottok, event: 'PURCHASE_APPROVED', name: 'Ana\u0000García', product: 'Pack\u0000' }),
      hotmartDelivery({ hottok, event: 'PURCHASE_APPROVED', product: 'Pack \ud800 roto', name: '\udfff' }),
      hotmartDelivery({ hottok, event: 'PURCHASE_APPROVED', email: `${'a'.repeat(20_000)}@example.com` }),
      hotmartDelivery({ hottok, event: 'PURCHASE_APPROVED', email: 'nul\u0000@example.com' }),
      edited(hotmartDelivery({ hottok, event: 'PURCHASE_APPROVED' }), (body) => {
        body.creation_date = 1e20
      }),
      edited(stripeDelivery({ secret: stripeSecret, type: 'checkout.session.completed' }), (body) => {
        body.created = 9e15
      }),
      lemonSqueezyDelivery({ secret: lemonSecret, event: 'order_created', name: 'x'.repeat(100_000) }),
    ]
    for (const [index, delivery] of deliveries.entries()) {
      const answer = await deliver(server, delivery)
      expect(answer.status, `delivery ${index}: ${JSON.stringify(answer.body)}`).toBe(200)
    }
    const { orders } = await storeState(server)
    const long = orders.find((order) => (order.email ?? '').startsWith('aaaa'))
    expect(long).toMatchObject({ access: 'ignored', accessDetail: ['email'], userId: null })
    expect(long?.email).toHaveLength(255)
    expect(orders.find((order) => order.email === 'nul\ufffd@example.com')).toMatchObject({
      access: 'ignored',
      userId: null,
    })
  })

  it('refuses ids no provider sends (a NUL, 300 characters) as a malformed body, changing nothing', async () => {
    const before = await storeState(server)
    for (const orderId of ['pi_\u0000nul', `pi_${'x'.repeat(300)}`]) {
      const answer = await deliver(
        server,
        stripeDelivery({ secret: stripeSecret, type: 'checkout.session.completed', orderId }),
      )
      expect(answer.status).toBe(400)
      expect(String(answer.body.message)).toContain('data.object.payment_intent')
    }
    expect(await storeState(server)).toEqual(before)
  })
})

describe('events the store does not handle', () => {
  it.each([
    ['Stripe', 'customer.created', () => stripeDelivery({ secret: stripeSecret, type: 'customer.created' })],
    [
      'Stripe',
      'charge.dispute.closed',
      () => stripeDelivery({ secret: stripeSecret, type: 'charge.dispute.closed' }),
    ],
    ['Hotmart', 'SWITCH_PLAN', () => hotmartDelivery({ hottok, event: 'SWITCH_PLAN' })],
    ['Hotmart', 'PURCHASE_PROTEST', () => hotmartDelivery({ hottok, event: 'PURCHASE_PROTEST' })],
    [
      'Lemon Squeezy',
      'subscription_created',
      () => lemonSqueezyDelivery({ secret: lemonSecret, event: 'subscription_created' }),
    ],
  ])('%s: acknowledges a signed %s with 200, changes nothing and logs it', async (_provider, type, build) => {
    const before = await storeState(server)
    const answer = await deliver(server, build())
    expect(answer).toEqual({ status: 200, body: { received: true, handled: false } })
    expect(await storeState(server)).toEqual(before)
    expect(lines.join('')).toMatch(
      new RegExp(`"event":"${type.replaceAll('.', '\\.')}".*webhook event not handled: acknowledged`),
    )
  })

  it('still refuses the same events unsigned or forged', async () => {
    const forged = stripeDelivery({ secret: 'whsec_not_the_store', type: 'customer.created' })
    expect((await deliver(server, forged)).status).toBe(401)
    const wrongHottok = hotmartDelivery({ hottok: 'not-the-hottok', event: 'SWITCH_PLAN' })
    expect((await deliver(server, wrongHottok)).status).toBe(401)
    const lemon = lemonSqueezyDelivery({ secret: 'not-the-secret', event: 'subscription_created' })
    expect((await deliver(server, lemon)).status).toBe(401)
  })
})
