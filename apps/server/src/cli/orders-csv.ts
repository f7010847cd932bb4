import { decimalAmount } from '@pg/shared/money'
import { toAppwriteDate } from '../platform/appwrite/dates'
import { formatCsv } from '../platform/lib/csv'
import type { OrderRow } from '../selling/orders/order-repository'

export const ORDER_CSV_COLUMNS = [
  'id',
  'provider',
  'provider_order_id',
  'status',
  'email',
  'name',
  'product',
  'amount',
  'currency',
  'purchased_at',
  'created_at',
  'note',
] as const
type OrderCsvColumn = (typeof ORDER_CSV_COLUMNS)[number]

/**
 * Every order as CSV for a spreadsheet or the accountant: the amount in the currency's major unit
 * (25.00), dates in ISO 8601, and cells a spreadsheet would run as formulas escaped (decision 020).
 */
export function ordersToCsv(orders: OrderRow[]): string {
  const rows = orders.map((order) => {
    const cells: Record<OrderCsvColumn, string> = {
      id: order.id,
      provider: order.provider,
      provider_order_id: order.providerOrderId,
      status: order.status,
      email: order.email ?? '',
      name: order.name,
      product: order.product,
      amount: decimalAmount(order.amount, order.currency),
      currency: order.currency ?? '',
      purchased_at: order.purchasedAt ? toAppwriteDate(order.purchasedAt) : '',
      created_at: toAppwriteDate(order.createdAt),
      note: order.note,
    }
    return ORDER_CSV_COLUMNS.map((column) => cells[column])
  })
  return formatCsv([[...ORDER_CSV_COLUMNS], ...rows])
}
