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
import { signInConsoleCallers } from '../support/console-callers'
import { deliver, startSellingStore, WEBHOOK_SECRETS } from '../support/webhook-store'

/**
 * Issue 34, section 4, inputs 5 to 7: signed deliveries an independent fuzzer found answered 500, which
 * a provider retries for days. Each is recorded with the bad field cleaned, and the owner reads in the
 * order's events what was cleaned, or refused with a 4xx; never a 5xx.
 */
let server: TestServer
let adminCookie = ''
const { stripe: stripeSecret, hotmart: hottok, lemonsqueezy: lemonSecret } = WEBHOOK_SECRETS

beforeAll(async () => {
  ;({ server } = await startSellingStore())
  ;({ adminCookie } = await signInConsoleCallers(server))
})
afterAll(() => server.close())

type Json = Record<string, unknown>

/** The delivery's body changed by `edit` (on a parsed copy) and signed again as its provider signs. */
function edited(delivery: WebhookDelivery, edit: (body: Json) => void): WebhookDelivery {
  const body: Json = JSON.parse(delivery.body) as Json
  edit(body)
  const text = JSON.stringify(body)
  const headers = { ...delivery.headers }
  if (headers['stripe-signature']) headers['stripe-signature'] = stripeSignature(text, stripeSecret)
  if (headers['x-signature']) headers['x-signature'] = lemonSqueezySignature(text, lemonSecret)
  return { ...delivery, body: text, headers }
}

/** The object at a path of a parsed body (the builders' payloads have it). */
function at(body: Json, ...path: string[]): Json {
  let node: unknown = body
  for (const key of path) node = (node as Json)[key]
  return node as Json
}

interface AdminOrder {
  id: string
  amount: number | null
  name: string
  product: string
  purchasedAt: string | null
  note: string
}
interface AdminEvent {
  occurredAt: string
  summary: Json
}

/** Delivers, expects the order recorded (200), and reads it and its events as the console does. */
async function recorded(delivery: WebhookDelivery) {
  const answer = await deliver(server, delivery)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  expect(answer.body).toMatchObject({ handled: true, duplicate: false })
  const response = await server.app.inject({
    url: `/v1/store/orders/${String(answer.body.order)}`,
    headers: { cookie: adminCookie },
  })
  expect(response.statusCode, response.body).toBe(200)
  const { events, ...order } = response.json<AdminOrder & { events: AdminEvent[] }>()
  // Delivered again: acknowledged and not applied twice, so the provider stops.
  expect(await deliver(server, delivery)).toMatchObject({ status: 200, body: { duplicate: true } })
  return { order, events }
}

const MAX_TIME = 8_640_000_000_000_000

describe('deliveries that answered 500 (issue 34, section 4)', () => {
  it('5. a Stripe `created` of 8640000000001 s and a Hotmart `creation_date` past 8.64e15 ms', async () => {
    const stripe = edited(
      stripeDelivery({ secret: stripeSecret, type: 'checkout.session.completed' }),
      (body) => {
        body.created = 8_640_000_000_001
        at(body, 'data', 'object').created = 8_640_000_000_001
      },
    )
    const hotmarts = [MAX_TIME, MAX_TIME + 1, 1e300].map((date) =>
      edited(hotmartDelivery({ hottok, event: 'PURCHASE_APPROVED' }), (body) => {
        body.creation_date = date
        at(body, 'data', 'purchase').approved_date = date
        at(body, 'data', 'purchase').order_date = date
      }),
    )
    for (const delivery of [stripe, ...hotmarts]) {
      const before = Date.now()
      const { order, events } = await recorded(delivery)
      // The time no clock gives is the delivery's arrival, and the owner reads that it was replaced.
      expect(Date.parse(order.purchasedAt ?? '')).toBeGreaterThanOrEqual(before - 1000)
      expect(events[0]?.summary).toMatchObject({ cleaned: ['occurredAt'] })
    }
  })

  it('6. a Hotmart `price.value` of 1e17 and more, which overflows the bigint amount column', async () => {
    for (const price of [9.3e16, 1e17, 9.3e18, 1e19]) {
      const { order, events } = await recorded(hotmartDelivery({ hottok, event: 'PURCHASE_APPROVED', price }))
      expect(order.amount).toBeNull()
      expect(events[0]?.summary).toMatchObject({ cleaned: ['amount'] })
      expect(events[0]?.summary).not.toHaveProperty('amount')
    }
  })

  it('7. a NUL or a lone surrogate in a stored string: Stripe name, Hotmart transaction, Lemon product', async () => {
    for (const [name, stored] of [
      ['Ana\u0000García', 'Ana\ufffdGarcía'],
      ['Ana \ud800 García', 'Ana \ufffd García'],
    ]) {
      const { order, events } = await recorded(
        stripeDelivery({ secret: stripeSecret, type: 'checkout.session.completed', name }),
      )
      expect(order.name).toBe(stored)
      expect(events[0]?.summary).toMatchObject({ cleaned: ['name'] })
    }
    for (const [product, stored] of [
      ['Pack\u0000', 'Pack\ufffd'],
      ['Pack \udfff', 'Pack \ufffd'],
    ]) {
      const { order, events } = await recorded(
        lemonSqueezyDelivery({ secret: lemonSecret, event: 'order_created', product }),
      )
      expect(order.product).toBe(stored)
      expect(events[0]?.summary).toMatchObject({ cleaned: ['product'] })
    }
    // An id names rows in unique indexes: one no provider sends is a malformed delivery, refused.
    for (const transaction of ['HP\u0000123', 'HP\ud800123']) {
      const answer = await deliver(
        server,
        hotmartDelivery({ hottok, event: 'PURCHASE_APPROVED', transaction }),
      )
      expect(answer.status).toBe(400)
      expect(String(answer.body.message)).toContain('data.purchase.transaction')
    }
  })
})
