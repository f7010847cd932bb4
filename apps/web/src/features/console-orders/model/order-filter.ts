import { ORDER_ACCESS, ORDER_STATUSES, type OrderAccess, type OrderStatus } from '@pg/shared/purchase'
import { readChoice, readDay, readOffset, writeFilter } from '../../../lib/console/filter-address'

/** Who an order came from: a payment provider's webhook, or the owner (`orders grant`, the console). */
export const ORDER_PROVIDERS = ['stripe', 'hotmart', 'lemonsqueezy', 'manual'] as const
export type OrderProvider = (typeof ORDER_PROVIDERS)[number]

export const ORDERS_PER_PAGE = 25

/** The Orders page's filters and page, kept in the address so a view can be shared or reloaded. */
export interface OrderFilter {
  status: OrderStatus | ''
  /** What the order did to access: `ignored` lists the orders the owner may grant by hand. */
  access: OrderAccess | ''
  provider: OrderProvider | ''
  /** Days as YYYY-MM-DD, UTC, both included (as the server counts them: decision 039). */
  from: string
  to: string
  offset: number
}

/** The filter an address asks for; anything it cannot mean is left out rather than sent to the server. */
export function readOrderFilter(params: URLSearchParams): OrderFilter {
  return {
    status: readChoice(ORDER_STATUSES, params.get('status')),
    access: readChoice(ORDER_ACCESS, params.get('access')),
    provider: readChoice(ORDER_PROVIDERS, params.get('provider')),
    from: readDay(params.get('from')),
    to: readDay(params.get('to')),
    offset: readOffset(params.get('offset')),
  }
}

export const writeOrderFilter = (old: URLSearchParams, change: Partial<OrderFilter>) =>
  writeFilter<OrderFilter>(old, change)

/** The list's query parameters for the server: only those set. */
export function orderListParams(filter: OrderFilter): Record<string, string | number> {
  const params: Record<string, string | number> = { limit: ORDERS_PER_PAGE, offset: filter.offset }
  if (filter.status) params.status = filter.status
  if (filter.access) params.access = filter.access
  if (filter.provider) params.provider = filter.provider
  if (filter.from) params.from = filter.from
  if (filter.to) params.to = filter.to
  return params
}
