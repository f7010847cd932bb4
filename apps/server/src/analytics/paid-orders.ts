import type { OrderStatus } from '@pg/shared/purchase'

/**
 * Orders that were paid: paid ones, and those refunded or disputed since (they were sales on their day).
 * Counted on their purchase date, else when the store first heard of them.
 */
export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'refunded', 'disputed']
