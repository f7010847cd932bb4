import { useCallback, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import { consoleErrorText } from '../../lib/console/console-error'
import { ConfirmDialog } from '../../components/console/confirm-dialog'
import { ConsolePage, LoadState } from '../../components/console/console-page'
import { useNotify } from '../../components/console/notice'
import { Pager } from '../../components/console/pager'
import { refundOrder, type Order } from '../../features/console-orders/api/orders-api'
import { GrantForm } from '../../features/console-orders/components/grant-form'
import { GrantIgnoredDialog } from '../../features/console-orders/components/grant-ignored-dialog'
import { OrderDetail } from '../../features/console-orders/components/order-detail'
import { OrderFilters } from '../../features/console-orders/components/order-filters'
import { OrdersTable } from '../../features/console-orders/components/orders-table'
import { useOrderPage, useOrdersChanged } from '../../features/console-orders/hooks'
import {
  ORDERS_PER_PAGE,
  readOrderFilter,
  writeOrderFilter,
  type OrderFilter,
} from '../../features/console-orders/model/order-filter'

/**
 * Orders: filtered by status, access, provider and days, a page at a time; the filters, the page and the
 * order shown (`?order=`) are in the address. Grant access for a sale made elsewhere or an order the
 * store ignored; record a refund.
 */
export function OrdersRoute() {
  const { t } = useTranslation()
  const notify = useNotify()
  const changed = useOrdersChanged()
  const [params, setParams] = useSearchParams()
  const filter = readOrderFilter(params)
  const shownId = params.get('order')
  const [granting, setGranting] = useState(false)
  const [refunding, setRefunding] = useState<Order | null>(null)
  const [grantingIgnored, setGrantingIgnored] = useState<Order | null>(null)
  const page = useOrderPage(filter)

  const onFilter = useCallback(
    (change: Partial<OrderFilter>) => setParams((old) => writeOrderFilter(old, change)),
    [setParams],
  )
  const show = useCallback(
    (orderId: string | null) =>
      setParams((old) => {
        const next = new URLSearchParams(old)
        if (orderId) next.set('order', orderId)
        else next.delete('order')
        return next
      }),
    [setParams],
  )

  async function refund(order: Order) {
    try {
      await refundOrder(order.id)
      notify('success', t('consoleOrders.refund.done', { email: order.email }))
    } catch (error) {
      notify('error', consoleErrorText(error, t))
    }
    await changed()
  }

  return (
    <ConsolePage
      title={t('console.nav.orders')}
      description={t('consoleOrders.description')}
      actions={<Button onClick={() => setGranting(true)}>{t('consoleOrders.grant')}</Button>}
    >
      <OrderFilters filter={filter} onFilter={onFilter} />
      {page.data ? (
        <div>
          <OrdersTable
            orders={page.data.orders}
            total={page.data.total}
            busy={page.isFetching}
            onOpen={(order) => show(order.id)}
          />
          <Pager
            offset={filter.offset}
            limit={ORDERS_PER_PAGE}
            total={page.data.total}
            onOffset={(offset) => onFilter({ offset })}
            label={t('consoleOrders.pages')}
          />
        </div>
      ) : (
        <LoadState query={page} />
      )}
      {shownId && !refunding && !grantingIgnored && (
        <OrderDetail
          orderId={shownId}
          onClose={() => show(null)}
          onRefund={setRefunding}
          onGrant={setGrantingIgnored}
        />
      )}
      {grantingIgnored && (
        <GrantIgnoredDialog
          order={grantingIgnored}
          onClose={() => setGrantingIgnored(null)}
          onGranted={() => {
            setGrantingIgnored(null)
            void changed()
          }}
        />
      )}
      {refunding && (
        <ConfirmDialog
          title={t('consoleOrders.refund.title')}
          confirmLabel={t('consoleOrders.refund.confirm')}
          onConfirm={() => refund(refunding)}
          onClose={() => setRefunding(null)}
        >
          <p>{t('consoleOrders.refund.text', { email: refunding.email })}</p>
        </ConfirmDialog>
      )}
      {granting && (
        <GrantForm
          onClose={() => setGranting(false)}
          onGranted={(order) => {
            setGranting(false)
            void changed()
            setParams((old) => {
              const next = writeOrderFilter(old, { offset: 0 })
              next.set('order', order.id)
              return next
            })
          }}
        />
      )}
    </ConsolePage>
  )
}
