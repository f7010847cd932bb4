import { carriedCampaign } from '@pg/shared/campaign'
import { storableText } from '../../platform/appwrite/nul'
import { isStorableAmount, isStorableTime } from '../../platform/db/storable-values'
import type { OrderEvent } from './order-event'

/** What the store keeps of a provider's texts; longer ones are cut (an email longer is no address). */
const LIMITS = { email: 254, name: 128, product: 256, type: 100 } as const

/** From 2000: a provider's clock before it is wrong (and after 9999 the database cannot be given it). */
const EARLIEST = Date.UTC(2000, 0, 1)

/**
 * A text as the database can hold it (`storableText`: NUL and half surrogate pairs become U+FFFD). A
 * text cut short ends with `…`, so a cut email is never mistaken for a whole address either.
 */
function storable(text: string, limit: number): string {
  const clean = storableText(text)
  return clean.length > limit ? `${clean.slice(0, limit).toWellFormed()}…` : clean
}

/**
 * A verified event as the order service stores it (issue 28, items 7 and 9): no value a genuine,
 * signed delivery carries may make the database refuse the order and the endpoint answer 5xx, which
 * providers retry for days. The buyer's email is trimmed; an amount that is not a whole number of
 * minor units the `bigint` column can hold (`1e308`, a negative price) is unknown; a date no clock
 * gives is the moment the delivery arrived. A campaign that is not a name the storefront sends (at most
 * 100 letters, digits, `-` and `_`) is none: whoever edits the checkout's address cannot write anything
 * else into the analytics. The fields changed so (not the campaign) are named in `cleaned`, which the
 * event's summary keeps: the owner reads in the console what the store did not keep as it was sent.
 */
export function storableEvent(event: OrderEvent, receivedAt: Date): OrderEvent {
  const { amount, buyer, product } = event
  const cleaned: string[] = []
  // Each field the database could not be given as sent is named, for the owner to read on the event.
  const kept = <T>(field: string, sent: T, stored: T): T => {
    if (sent !== stored) cleaned.push(field)
    return stored
  }
  const text = (field: keyof typeof LIMITS, sent: string) => kept(field, sent, storable(sent, LIMITS[field]))
  const time = event.occurredAt.getTime()
  const plausible = time >= EARLIEST && isStorableTime(time)
  const storedEvent: OrderEvent = {
    ...event,
    type: text('type', event.type),
    occurredAt: plausible ? event.occurredAt : kept('occurredAt', event.occurredAt, receivedAt),
    amount: amount === undefined || isStorableAmount(amount) ? amount : kept('amount', amount, undefined),
    buyer: buyer && {
      email: text('email', buyer.email.trim()),
      name: text('name', buyer.name.trim()),
    },
    product: product === undefined ? undefined : text('product', product),
    campaign: carriedCampaign(event.campaign) ?? undefined,
  }
  return cleaned.length === 0 ? storedEvent : { ...storedEvent, cleaned }
}
