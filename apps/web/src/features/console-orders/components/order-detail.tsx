import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { LoadState } from '../../../components/console/console-page'
import { canGrantIgnored, canRefund, type OrderEvent, type OrderWithEvents } from '../api/orders-api'
import { useOrder } from '../hooks'
import { formatMoney } from '@pg/shared/money'
import { dateTimeFormat } from '../model/order-format'
import { OrderAccessBadge, useAccessReason } from './order-access'
import { OrderStatusBadge } from './order-status-badge'
import { useProviderName } from './orders-table'

/**
 * One order with its events, oldest first, and what each did to access, in a dialog; a paid or disputed
 * one can be refunded, a paid one the store ignored can be granted by hand.
 */
export function OrderDetail({
  orderId,
  onClose,
  onRefund,
  onGrant,
}: {
  orderId: string
  onClose: () => void
  onRefund: (order: OrderWithEvents) => void
  onGrant: (order: OrderWithEvents) => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const order = useOrder(orderId)
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose}>
      <div className="space-y-5 p-6">
        <h2 id={titleId} className="text-lg font-bold break-all text-slate-900">
          {order.data
            ? t('consoleOrders.detail.title', { email: order.data.email })
            : t('console.nav.orders')}
        </h2>
        {order.data ? (
          <OrderBody order={order.data} />
        ) : (
          <LoadState query={order} loadingText={t('consoleOrders.detail.loading')} />
        )}
        <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
          {order.data && canGrantIgnored(order.data) && (
            <Button onClick={() => order.data && onGrant(order.data)}>
              {t('consoleOrders.detail.grantIgnored')}
            </Button>
          )}
          {order.data && canRefund(order.data) && (
            <Button variant="danger" onClick={() => order.data && onRefund(order.data)}>
              {t('consoleOrders.detail.refund')}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            {t('console.common.close')}
          </Button>
        </div>
      </div>
    </ModalDialog>
  )
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  )
}

function OrderBody({ order }: { order: OrderWithEvents }) {
  const { t, i18n } = useTranslation()
  const providerName = useProviderName()
  const accessReason = useAccessReason()
  const dates = dateTimeFormat(i18n.language)
  const empty = t('consoleOrders.detail.empty')
  const reason = accessReason(order, order.access, order.accessDetail)
  const language = order.language === 'es' || order.language === 'en' ? order.language : null
  return (
    <>
      <dl
        aria-label={t('consoleOrders.detail.fieldsLabel')}
        className="grid gap-x-6 gap-y-3 rounded-xl bg-slate-50 p-4 sm:grid-cols-2"
      >
        <Field label={t('consoleOrders.columns.status')}>
          <OrderStatusBadge status={order.status} />
        </Field>
        <Field label={t('consoleOrders.columns.access')}>
          <OrderAccessBadge access={order.access} />
          {reason && <span className="mt-1 block text-slate-700">{reason}</span>}
        </Field>
        <Field label={t('consoleOrders.columns.amount')}>
          {formatMoney(order.amount, order.currency, i18n.language) ?? t('consoleOrders.noAmount')}
        </Field>
        <Field label={t('consoleOrders.detail.name')}>{order.name || empty}</Field>
        <Field label={t('consoleOrders.columns.provider')}>{providerName(order.provider)}</Field>
        <Field label={t('consoleOrders.detail.id')}>
          <code className="text-xs">{order.id}</code>
        </Field>
        <Field label={t('consoleOrders.detail.providerOrderId')}>
          <code className="text-xs">{order.providerOrderId}</code>
        </Field>
        <Field label={t('consoleOrders.detail.product')}>
          {order.product || (order.productId ? '' : empty)}
          {order.productId && (
            <code className="ml-1 text-xs" translate="no">
              {order.product ? `(${order.productId})` : order.productId}
            </code>
          )}
        </Field>
        <Field label={t('consoleOrders.detail.language')}>
          {language ? t(`consoleOrders.languages.${language}`) : order.language}
        </Field>
        <Field label={t('consoleOrders.detail.purchasedAt')}>
          {order.purchasedAt ? dates.format(new Date(order.purchasedAt)) : empty}
        </Field>
        <Field label={t('consoleOrders.detail.createdAt')}>{dates.format(new Date(order.createdAt))}</Field>
        <Field label={t('consoleOrders.detail.member')}>
          {order.userId ? (
            <code className="text-xs">{order.userId}</code>
          ) : (
            t('consoleOrders.detail.noMember')
          )}
        </Field>
        <Field label={t('consoleOrders.detail.note')}>
          <span className="whitespace-pre-line">{order.note || empty}</span>
        </Field>
      </dl>
      <section aria-labelledby={`events-${order.id}`}>
        <h3 id={`events-${order.id}`} className="text-base font-semibold text-slate-900">
          {t('consoleOrders.detail.events')}
        </h3>
        {order.events.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t('consoleOrders.detail.noEvents')}</p>
        ) : (
          <ol className="mt-3 space-y-4 border-l-2 border-slate-200 pl-5">
            {order.events.map((event) => (
              <li key={event.eventId} className="relative">
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 -left-[27px] size-3 rounded-full border-2 border-white bg-blue-600"
                />
                <div className="flex flex-wrap items-center gap-2">
                  <time dateTime={event.occurredAt} className="text-sm font-medium text-slate-900">
                    {dates.format(new Date(event.occurredAt))}
                  </time>
                  <OrderStatusBadge status={event.status} />
                  {event.ownerEvent ? (
                    <span className="text-sm text-slate-700">
                      {t(`consoleOrders.ownerEvents.${event.ownerEvent}`)}
                    </span>
                  ) : (
                    <code className="text-xs text-slate-700" translate="no">
                      {event.type}
                    </code>
                  )}
                </div>
                <EventSummary event={event} />
                <EventAccess order={order} event={event} />
                <p className="mt-0.5 text-xs text-slate-600">
                  {t('consoleOrders.detail.eventReceived', {
                    date: dates.format(new Date(event.receivedAt)),
                  })}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  )
}

/** What the event did to the buyer's access, when it did anything, and why. */
function EventAccess({ order, event }: { order: OrderWithEvents; event: OrderEvent }) {
  const accessReason = useAccessReason()
  if (event.access === null) return null
  const reason = accessReason(order, event.access, event.accessDetail)
  return (
    <p className="mt-1 text-sm text-slate-700">
      <OrderAccessBadge access={event.access} />
      {reason && <span className="ml-2">{reason}</span>}
    </p>
  )
}

/** What the provider said with the event: amount, product, buyer, those it named. */
function EventSummary({ event }: { event: OrderEvent }) {
  const { i18n } = useTranslation()
  const { amount, currency, product, buyer } = event.summary
  const parts = [
    amount === undefined ? null : formatMoney(amount, currency ?? null, i18n.language),
    product,
    buyer,
  ].filter((part): part is string => Boolean(part))
  return (
    <>
      {parts.length > 0 && <p className="mt-1 text-sm break-words text-slate-700">{parts.join(' · ')}</p>}
      <EventCleaned event={event} />
    </>
  )
}

/** The fields the store could not keep as the provider sent them, so the owner knows to look there. */
export function EventCleaned({ event }: { event: OrderEvent }) {
  const { t, i18n } = useTranslation()
  const cleaned = event.summary.cleaned ?? []
  if (cleaned.length === 0) return null
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' })
  const fields = list.format(cleaned.map((field) => t(`consoleOrders.detail.cleanedFields.${field}`)))
  return <p className="mt-1 text-sm text-amber-800">{t('consoleOrders.detail.cleaned', { fields })}</p>
}
