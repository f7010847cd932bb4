import fc from 'fast-check'
import {
  hotmartDelivery,
  lemonSqueezyDelivery,
  lemonSqueezySignature,
  stripeDelivery,
  stripeSignature,
  type WebhookDelivery,
} from '../../support/webhook-deliveries'
import { WEBHOOK_SECRETS } from '../../support/webhook-store'
import { DEEP_ARRAY, hostileValue } from './hostile-inputs'

const { stripe: stripeSecret, hotmart: hottok, lemonsqueezy: lemonSecret } = WEBHOOK_SECRETS

/** The real payloads the webhook tests deliver, one of each event the store handles. */
const REAL_DELIVERIES: (() => WebhookDelivery)[] = [
  () => stripeDelivery({ secret: stripeSecret, type: 'checkout.session.completed' }),
  () => stripeDelivery({ secret: stripeSecret, type: 'charge.refunded' }),
  () => stripeDelivery({ secret: stripeSecret, type: 'charge.dispute.created' }),
  () => hotmartDelivery({ hottok, event: 'PURCHASE_APPROVED' }),
  () => hotmartDelivery({ hottok, event: 'PURCHASE_REFUNDED' }),
  () => lemonSqueezyDelivery({ secret: lemonSecret, event: 'order_created' }),
  () => lemonSqueezyDelivery({ secret: lemonSecret, event: 'order_refunded' }),
]

type Path = (string | number)[]

/** Every place in a parsed payload a value sits at: its scalars, objects and arrays alike. */
function placesIn(value: unknown, path: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return [path]
  const children = Array.isArray(value)
    ? value.map((item, index) => placesIn(item, [...path, index]))
    : Object.entries(value).map(([key, item]) => placesIn(item, [...path, key]))
  return [path, ...children.flat()]
}

/** The payload with the value at `path` replaced; the root itself is never replaced. */
function replaced(body: unknown, path: Path, value: unknown): unknown {
  const [head, ...rest] = path
  if (head === undefined || typeof body !== 'object' || body === null) return body
  const at = (item: unknown) => (rest.length === 0 ? value : replaced(item, rest, value))
  if (Array.isArray(body)) return body.map((item: unknown, index) => (index === head ? at(item) : item))
  return Object.fromEntries(
    Object.entries(body).map(([key, item]) => [key, key === String(head) ? at(item) : item]),
  )
}

/** Values a provider never sends at the fields it fills: hostile JSON, and the edges. */
const mutation = fc.oneof(
  { weight: 4, arbitrary: hostileValue },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      8_640_000_000_001,
      8_640_000_000_000_000,
      8_640_000_000_000_001,
      1e17,
      1e19,
      'a\u0000b',
      '\ud800',
      'DEEP',
    ),
  },
)

/** The delivery's body with its mutations, signed again as its provider signs. */
function signed(delivery: WebhookDelivery, body: unknown): WebhookDelivery {
  const text = JSON.stringify(body).replaceAll('"DEEP"', DEEP_ARRAY)
  const headers = { ...delivery.headers }
  if (headers['stripe-signature']) headers['stripe-signature'] = stripeSignature(text, stripeSecret)
  if (headers['x-signature']) headers['x-signature'] = lemonSqueezySignature(text, lemonSecret)
  return { ...delivery, body: text, headers }
}

/** A real, signed delivery with one to three of its values replaced by hostile ones. */
export const mutatedDelivery = fc
  .record({
    real: fc.nat({ max: REAL_DELIVERIES.length - 1 }),
    changes: fc.array(fc.tuple(fc.nat(), mutation), { minLength: 1, maxLength: 3 }),
  })
  .map(({ real, changes }) => {
    const delivery = (REAL_DELIVERIES[real] ?? REAL_DELIVERIES[0])?.()
    if (!delivery) throw new Error('No delivery to mutate')
    let body: unknown = JSON.parse(delivery.body)
    for (const [place, value] of changes) {
      const places = placesIn(body).filter((path) => path.length > 0)
      const path = places[place % places.length]
      if (path) body = replaced(body, path, value)
    }
    return signed(delivery, body)
  })
