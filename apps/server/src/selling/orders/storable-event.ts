import { carriedCampaign } from '@pg/shared/campaign'
import type { OrderEvent } from './order-event'

/** What the store keeps of a provider's texts; longer ones are cut (an email longer is no address). */
const LIMITS = { email: 254, name: 128, product: 256, type: 100 } as const

/** From 2000 to 9999: a provider's clock outside it is wrong, and the database cannot hold every Date. */
const EARLIEST = Date.UTC(2000, 0, 1)
const LATEST = Date.UTC(9999, 11, 31)

/**
 * A text as the database can hold it: PostgreSQL refuses a NUL in `text` and half a surrogate pair in
 * `jsonb`. Both become U+FFFD, as `toWellFormed` does, rather than vanish: an email with a NUL inside
 * stays something other than the address it would spell without it. A text cut short ends with `…`,
 * so a cut email is never mistaken for a whole address either.
 */
function storable(text: string, limit: number): string {
  const clean = text.replaceAll('\u0000', '\uFFFD').toWellFormed()
  return clean.length > limit ? `${clean.slice(0, limit).toWellFormed()}…` : clean
}

/**
 * A verified event as the order service stores it (issue 28, items 7 and 9): no value a genuine,
 * signed delivery carries may make the database refuse the order and the endpoint answer 5xx, which
 * providers retry for days. The buyer's email is trimmed; an amount that is not a whole number of
 * minor units the `bigint` column can hold (`1e308`, a negative price) is unknown; a date no clock
 * gives is the moment the delivery arrived. A campaign that is not a name the storefront sends (at most
 * 100 letters, digits, `-` and `_`) is none: whoever edits the checkout's address cannot write anything
 * else into the analytics.
 */
export function storableEvent(event: OrderEvent, receivedAt: Date): OrderEvent {
  const time = event.occurredAt.getTime()
  const { amount, buyer, product } = event
  return {
    ...event,
    type: storable(event.type, LIMITS.type),
    occurredAt: time >= EARLIEST && time <= LATEST ? event.occurredAt : receivedAt,
    amount: amount !== undefined && Number.isSafeInteger(amount) && amount >= 0 ? amount : undefined,
    buyer: buyer && {
      email: storable(buyer.email.trim(), LIMITS.email),
      name: storable(buyer.name.trim(), LIMITS.name),
    },
    product: product === undefined ? undefined : storable(product, LIMITS.product),
    campaign: carriedCampaign(event.campaign) ?? undefined,
  }
}
