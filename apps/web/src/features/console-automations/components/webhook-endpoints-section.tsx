import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/console/confirm-dialog'
import { useNotify } from '../../../components/console/notice'
import { Button } from '../../../components/ui/button'
import { consoleErrorText } from '../../../lib/console/console-error'
import type { WebhookEndpoint } from '../api/automations-api'
import { useWebhookEndpointChanges, type CreatedWebhookEndpoint } from '../api/webhook-endpoints-api'
import { EndpointItem, type EndpointAction } from './endpoint-item'
import { NewEndpointForm } from './new-endpoint-form'
import { SecretOnce } from './secret-once'

/**
 * The webhook endpoints (issue 44): the list (one the store turned off after 3 days of failures says
 * so, with "Reactivate"); "Add endpoint" (its signing secret shown once); a test event, turning one off
 * or on, and deleting one after a confirmation. Outcomes are said in the console's polite notice.
 */
export function WebhookEndpointsSection({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  const { t } = useTranslation()
  const notify = useNotify()
  const headingId = useId()
  const { change, remove, test } = useWebhookEndpointChanges()
  const [adding, setAdding] = useState(false)
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null)
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null)
  const busy = change.isPending || test.isPending

  async function act(action: EndpointAction, endpoint: WebhookEndpoint) {
    const { url } = endpoint
    if (action === 'remove') return setRemoving(endpoint)
    try {
      if (action === 'test') {
        await test.mutateAsync(endpoint.$id)
        return notify('success', t('consoleAutomations.webhooks.testQueued', { url }))
      }
      await change.mutateAsync({ endpointId: endpoint.$id, enabled: action === 'enable' })
      const done =
        action === 'disable' ? 'disabled' : endpoint.disabledReason === 'failing' ? 'reactivated' : 'enabled'
      notify('success', t(`consoleAutomations.webhooks.${done}`, { url }))
    } catch (error) {
      notify('error', consoleErrorText(error, t))
    }
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('consoleAutomations.webhooks.heading')}
        </h3>
        <Button onClick={() => setAdding(true)}>{t('consoleAutomations.webhooks.add')}</Button>
      </div>
      <p className="max-w-prose text-sm text-slate-700">{t('consoleAutomations.webhooks.intro')}</p>
      {created && (
        <SecretOnce
          heading={t('consoleAutomations.webhooks.secretHeading', { url: created.url })}
          warning={t('consoleAutomations.webhooks.secretWarning')}
          label={t('consoleAutomations.webhooks.secretLabel')}
          secret={created.secret}
          onDismiss={() => setCreated(null)}
        />
      )}
      {endpoints.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-sm text-slate-600">
          {t('consoleAutomations.webhooks.none')}
        </p>
      ) : (
        <ul aria-label={t('consoleAutomations.webhooks.listLabel')} className="space-y-3">
          {endpoints.map((endpoint) => (
            <EndpointItem
              key={endpoint.$id}
              endpoint={endpoint}
              busy={busy}
              onAction={(action, target) => void act(action, target)}
            />
          ))}
        </ul>
      )}
      {adding && (
        <NewEndpointForm
          onClose={() => setAdding(false)}
          onCreated={(endpoint) => {
            setAdding(false)
            setCreated(endpoint)
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={t('consoleAutomations.webhooks.removeTitle')}
          confirmLabel={t('consoleAutomations.webhooks.remove')}
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(removing.$id)
              notify('success', t('consoleAutomations.webhooks.removed', { url: removing.url }))
            } catch (error) {
              notify('error', consoleErrorText(error, t))
            }
          }}
        >
          <span className="break-all">
            {t('consoleAutomations.webhooks.removeText', { url: removing.url })}
          </span>
        </ConfirmDialog>
      )}
    </section>
  )
}
