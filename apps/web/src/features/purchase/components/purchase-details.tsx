import { Trans, useTranslation } from 'react-i18next'
import type { Purchase } from '@pg/shared/purchase'
import { MailLink } from '../../../components/ui/mail-link'
import { BonusList } from './bonus-list'
import { OrderCard } from './order-card'

const supportLink = (email: string) => ({ mail: <MailLink address={email} /> })

/**
 * The member's orders (newest first, as the server lists them) and bonuses; a member the owner let in
 * without an order is told why there is nothing here and whom to ask.
 */
export function PurchaseDetails({ purchase }: { purchase: Purchase }) {
  const { t } = useTranslation()
  const { orders, bonuses, supportEmail } = purchase
  return (
    <div className="space-y-8">
      {orders.length === 0 ? (
        <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h3 className="text-lg font-semibold text-slate-900">{t('purchase.noOrders.title')}</h3>
          <p className="mt-2 text-slate-700">{t('purchase.noOrders.text')}</p>
          <p className="mt-2 text-slate-700">
            <Trans
              i18nKey="purchase.noOrders.help"
              values={{ email: supportEmail }}
              components={supportLink(supportEmail)}
            />
          </p>
        </div>
      ) : (
        <>
          <ul aria-label={t('purchase.ordersHeading')} className="space-y-4">
            {orders.map((order) => (
              <li key={order.$id}>
                <OrderCard order={order} supportEmail={supportEmail} />
              </li>
            ))}
          </ul>
          <BonusList bonuses={bonuses} />
          <p className="text-sm text-slate-600">
            <Trans
              i18nKey="purchase.support"
              values={{ email: supportEmail }}
              components={supportLink(supportEmail)}
            />
          </p>
        </>
      )}
    </div>
  )
}
