import { formatMoney } from '@pg/shared/money'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { AlertIcon, CheckCircleIcon, CloseIcon } from '../../../components/ui/icons'
import type { OrderChange, OrderNotice } from '../model/order-event'

const tones: Record<OrderChange, string> = {
  sale: 'border-emerald-200 bg-emerald-50 text-emerald-950',
  refund: 'border-amber-200 bg-amber-50 text-amber-950',
  dispute: 'border-red-200 bg-red-50 text-red-950',
}
const iconTones: Record<OrderChange, string> = {
  sale: 'text-emerald-700',
  refund: 'text-amber-700',
  dispute: 'text-red-700',
}

/**
 * The last order the console heard of ("New sale: $25.00 — ana@example.com"), on every console page
 * until dismissed. Its status region is always there, empty without a notice, so screen readers announce
 * each new one politely; the link and the button stay out of it, so only the news is read.
 */
export function SaleNotice({ notice, onDismiss }: { notice: OrderNotice | null; onDismiss: () => void }) {
  const { t, i18n } = useTranslation()
  const money = notice && formatMoney(notice.amount, notice.currency, i18n.language)
  const buyer = notice && (notice.email ?? notice.name)
  const details = [money, buyer].filter(Boolean).join(' — ')
  return (
    <div
      className={
        notice
          ? `mb-6 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border py-1 pr-1 pl-4 text-sm ${tones[notice.change]}`
          : undefined
      }
      data-order-notice={notice?.change}
    >
      {notice &&
        (notice.change === 'sale' ? (
          <CheckCircleIcon className={`size-5 shrink-0 ${iconTones.sale}`} />
        ) : (
          <AlertIcon className={`size-5 shrink-0 ${iconTones[notice.change]}`} />
        ))}
      <div role="status" className="min-w-0 flex-1 basis-60 py-1.5">
        {notice && (
          <p className="font-medium break-words">
            {t(`consoleLive.notice.${notice.change}`, {
              details: details || t('consoleLive.notice.noDetails'),
            })}
          </p>
        )}
      </div>
      {notice && (
        <div className="ml-auto flex shrink-0 items-center gap-1">
          <Link
            to={`/admin/orders?order=${encodeURIComponent(notice.orderId)}`}
            onClick={onDismiss}
            className="inline-flex min-h-10 items-center rounded-lg px-3 font-semibold underline underline-offset-2 hover:bg-black/5"
          >
            {t('consoleLive.notice.open')}
          </Link>
          <button
            type="button"
            onClick={onDismiss}
            aria-label={t('console.common.dismiss')}
            className="inline-flex size-10 items-center justify-center rounded-lg hover:bg-black/5"
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      )}
    </div>
  )
}
