import type { OrderStatus } from '@pg/shared/purchase'
import { useTranslation } from 'react-i18next'

const tones: Record<OrderStatus, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  paid: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  canceled: 'bg-slate-100 text-slate-800 ring-slate-300',
  disputed: 'bg-orange-50 text-orange-900 ring-orange-300',
  refunded: 'bg-red-50 text-red-900 ring-red-300',
}

/** An order's status as a word (the colour only repeats it). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation()
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tones[status]}`}
    >
      {t(`consoleOrders.statuses.${status}`)}
    </span>
  )
}
