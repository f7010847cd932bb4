import { useTranslation } from 'react-i18next'
import { ConsoleTable } from '../../../components/console/console-table'
import { Button } from '../../../components/ui/button'
import { orderDate, type Order } from '../api/orders-api'
import { ORDER_PROVIDERS } from '../model/order-filter'
import { formatMoney } from '@pg/shared/money'
import { dateTimeFormat } from '../model/order-format'
import { OrderAccessBadge } from './order-access'
import { OrderStatusBadge } from './order-status-badge'

const cell = 'px-4 py-3'

/** The name of a provider the page knows; another (a future one) as the server calls it. */
export function useProviderName(): (provider: string) => string {
  const { t } = useTranslation()
  return (provider) => {
    const known = ORDER_PROVIDERS.find((name) => name === provider)
    return known ? t(`consoleOrders.providers.${known}`) : provider
  }
}

/** A page of orders, newest first, with what each did to access; each opens its detail. */
export function OrdersTable({
  orders,
  total,
  busy,
  onOpen,
}: {
  orders: Order[]
  total: number
  busy: boolean
  onOpen: (order: Order) => void
}) {
  const { t, i18n } = useTranslation()
  const providerName = useProviderName()
  const dates = dateTimeFormat(i18n.language)
  return (
    <ConsoleTable
      caption={t('consoleOrders.caption', { count: total })}
      columns={[
        { label: t('consoleOrders.columns.date') },
        { label: t('consoleOrders.columns.buyer') },
        { label: t('consoleOrders.columns.provider') },
        { label: t('consoleOrders.columns.status') },
        { label: t('consoleOrders.columns.access') },
        { label: t('consoleOrders.columns.amount'), numeric: true },
        { label: t('console.common.actions'), hidden: true },
      ]}
      items={orders}
      busy={busy}
      empty={t('consoleOrders.none')}
      row={(order) => (
        <tr key={order.id}>
          <td className={`${cell} whitespace-nowrap text-slate-700`}>
            {dates.format(new Date(orderDate(order)))}
          </td>
          <th scope="row" className={`${cell} text-left font-normal`}>
            <span className="block font-medium wrap-break-word text-slate-900">{order.email}</span>
            {order.name && <span className="block text-slate-600">{order.name}</span>}
          </th>
          <td className={`${cell} whitespace-nowrap text-slate-700`}>{providerName(order.provider)}</td>
          <td className={cell}>
            <OrderStatusBadge status={order.status} />
          </td>
          <td className={cell}>
            <OrderAccessBadge access={order.access} />
          </td>
          <td className={`${cell} text-right whitespace-nowrap text-slate-900 tabular-nums`}>
            {formatMoney(order.amount, order.currency, i18n.language) ?? (
              <span className="text-slate-600">{t('consoleOrders.noAmount')}</span>
            )}
          </td>
          <td className={`${cell} text-right`}>
            <Button
              variant="secondary"
              onClick={() => onOpen(order)}
              aria-label={t('consoleOrders.detailsNamed', { email: order.email })}
            >
              {t('consoleOrders.details')}
            </Button>
          </td>
        </tr>
      )}
    />
  )
}
