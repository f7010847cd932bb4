import { z } from 'zod'
import type { LiveEvent } from '../../../lib/realtime'

/** What an order's event says happened to it (README: Realtime, `console.orders`). */
export type OrderChange = 'sale' | 'refund' | 'dispute'

/**
 * The part of a `console.orders` payload (`{$id, ...the order webhook's data}`) a notice shows; the rest
 * (and any field added later) is ignored. Amounts are in the currency's minor unit.
 */
const orderPayloadSchema = z.object({
  $id: z.string(),
  email: z.string().nullish(),
  name: z.string().nullish(),
  amount: z.number().int().nullish(),
  currency: z.string().nullish(),
})

export interface OrderNotice {
  change: OrderChange
  orderId: string
  email: string | null
  name: string | null
  amount: number | null
  currency: string | null
}

const CHANGES: Record<string, OrderChange> = { paid: 'sale', refunded: 'refund', disputed: 'dispute' }

/** A sale, refund or dispute from an event of `console.orders`; null for anything else or unreadable. */
export function orderNotice(event: LiveEvent<unknown>): OrderNotice | null {
  const action = event.events.map((name) => /^orders\.[^.]+\.(\w+)$/.exec(name)?.[1]).find(Boolean)
  const change = action === undefined ? undefined : CHANGES[action]
  const payload = orderPayloadSchema.safeParse(event.payload)
  if (!change || !payload.success) return null
  const { $id, email, name, amount, currency } = payload.data
  return {
    change,
    orderId: $id,
    email: email || null,
    name: name || null,
    amount: amount ?? null,
    currency: currency || null,
  }
}
