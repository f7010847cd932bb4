import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { OrderStatus, PurchaseOrder } from '@pg/shared/purchase'
import { formatMoney } from '@pg/shared/money'
import { useStorefront } from '../../../lib/storefront-content'
import { formatDate } from '../model/purchase-format'
import { DownloadPanel } from './download-panel'

const badgeClass: Record<OrderStatus, string> = {
  paid: 'bg-green-50 text-green-800 ring-green-600/30',
  pending: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  refunded: 'bg-slate-100 text-slate-700 ring-slate-500/30',
  disputed: 'bg-red-50 text-red-800 ring-red-600/30',
  canceled: 'bg-slate-100 text-slate-700 ring-slate-500/30',
}

/** One order: what was bought, when, for how much, its status and its download. */
export function OrderCard({ order, supportEmail }: { order: PurchaseOrder; supportEmail: string }) {
  const { t, i18n } = useTranslation()
  const titleId = useId()
  const { productName } = useStorefront().landing.offer
  const amount = formatMoney(order.amount, order.currency, i18n.language)
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-semibold text-slate-900">
            {order.product.trim() || productName}
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            <time dateTime={order.purchasedAt}>
              {t('purchase.purchasedOn', { date: formatDate(order.purchasedAt, i18n.language) })}
            </time>
            {amount && (
              <>
                <span aria-hidden="true"> · </span>
                <span className="sr-only">, </span>
                {amount}
              </>
            )}
          </p>
        </div>
        <p
          className={`inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${badgeClass[order.status]}`}
        >
          <span className="sr-only">{t('purchase.statusLabel')} </span>
          {t(`purchase.status.${order.status}`)}
        </p>
      </div>
      <DownloadPanel order={order} supportEmail={supportEmail} describedBy={titleId} />
    </div>
  )
}
