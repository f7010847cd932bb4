import { ORDER_ACCESS, ORDER_STATUSES, type OrderAccess, type OrderStatus } from '@pg/shared/purchase'

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

const DAY = /^\d{4}-\d{2}-\d{2}$/

const oneOf = <T extends string>(choices: readonly T[], value: string | null): T | '' =>
  choices.find((choice) => choice === value) ?? ''

const day = (value: string | null) =>
  value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : ''

/** The filter an address asks for; anything it cannot mean is left out rather than sent to the server. */
export function readOrderFilter(params: URLSearchParams): OrderFilter {
  const offset = Number(params.get('offset'))
  return {
    status: oneOf(ORDER_STATUSES, params.get('status')),
    access: oneOf(ORDER_ACCESS, params.get('access')),
    provider: oneOf(ORDER_PROVIDERS, params.get('provider')),
    from: day(params.get('from')),
    to: day(params.get('to')),
    offset: Number.isSafeInteger(offset) && offset > 0 ? offset : 0,
  }
}

/** The address after a change: empty values and the first page leave no parameter behind. */
export function writeOrderFilter(old: URLSearchParams, change: Partial<OrderFilter>): URLSearchParams {
  const next = new URLSearchParams(old)
  for (const [key, value] of Object.entries(change)) {
    if (value === '' || value === 0 || value === undefined) next.delete(key)
    else next.set(key, String(value))
  }
  return next
}

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
