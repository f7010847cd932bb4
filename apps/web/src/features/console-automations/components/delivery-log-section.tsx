import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadState } from '../../../components/console/console-page'
import { ConsoleTable } from '../../../components/console/console-table'
import { inputClass, labelClass } from '../../../components/console/form-field'
import { useNotify } from '../../../components/console/notice'
import { consoleErrorText } from '../../../lib/console/console-error'
import type { WebhookEndpoint } from '../api/automations-api'
import { useDeliveries, useRedeliver, type WebhookDelivery } from '../api/webhook-deliveries-api'
import { DeliveryRow } from './delivery-row'
import { useEventName } from './use-event-name'

/**
 * The webhook delivery log (issue 44): the newest deliveries, of every endpoint or of one, asked again
 * every 2 s while any is pending; each one's attempts on demand, and "Redeliver".
 */
export function DeliveryLogSection({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  const { t } = useTranslation()
  const notify = useNotify()
  const eventName = useEventName()
  const headingId = useId()
  const filterId = useId()
  const [endpointId, setEndpointId] = useState<string | null>(null)
  // An endpoint deleted meanwhile is no longer a choice: the log goes back to all of them.
  const shownId = endpoints.some((endpoint) => endpoint.$id === endpointId) ? endpointId : null
  const log = useDeliveries(shownId)
  const redeliver = useRedeliver()
  const deliveries = log.data?.deliveries ?? []
  const pending = deliveries.some((delivery) => delivery.status === 'pending')

  async function again(delivery: WebhookDelivery) {
    const named = { event: eventName(delivery.event), url: delivery.url }
    try {
      await redeliver.mutateAsync(delivery.$id)
      notify('success', t('consoleAutomations.deliveries.redelivered', named))
    } catch (error) {
      notify('error', consoleErrorText(error, t))
    }
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('consoleAutomations.deliveries.heading')}
      </h3>
      <p className="max-w-prose text-sm text-slate-700">{t('consoleAutomations.deliveries.intro')}</p>
      {endpoints.length > 1 && (
        <div className="max-w-md">
          <label htmlFor={filterId} className={labelClass}>
            {t('consoleAutomations.deliveries.filter')}
          </label>
          <select
            id={filterId}
            value={shownId ?? ''}
            onChange={(event) => setEndpointId(event.target.value || null)}
            className={inputClass}
          >
            <option value="">{t('consoleAutomations.deliveries.all')}</option>
            {endpoints.map((endpoint) => (
              <option key={endpoint.$id} value={endpoint.$id}>
                {endpoint.url}
              </option>
            ))}
          </select>
        </div>
      )}
      {log.data ? (
        <div className="space-y-2">
          <ConsoleTable
            caption={t('consoleAutomations.deliveries.caption', { count: log.data.total })}
            columns={[
              { label: t('consoleAutomations.deliveries.columns.event') },
              { label: t('consoleAutomations.deliveries.columns.endpoint') },
              { label: t('consoleAutomations.deliveries.columns.status') },
              { label: t('consoleAutomations.deliveries.columns.code') },
              { label: t('consoleAutomations.deliveries.columns.time') },
              { label: t('consoleAutomations.deliveries.columns.attempts') },
              { label: t('console.common.actions'), hidden: true },
            ]}
            items={deliveries}
            empty={t('consoleAutomations.deliveries.none')}
            groups
            headingsOnOneLine
            row={(delivery) => (
              <DeliveryRow
                key={delivery.$id}
                delivery={delivery}
                busy={redeliver.isPending}
                onRedeliver={(target) => void again(target)}
              />
            )}
          />
          <p className="text-sm text-slate-600">
            {log.data.total > deliveries.length &&
              t('consoleAutomations.deliveries.shown', {
                shown: deliveries.length,
                total: log.data.total,
              })}{' '}
            {pending && t('consoleAutomations.deliveries.updating')}
          </p>
        </div>
      ) : (
        <LoadState query={log} />
      )}
    </section>
  )
}
