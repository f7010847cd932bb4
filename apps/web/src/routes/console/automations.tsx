import { useTranslation } from 'react-i18next'
import { ConsolePage, LoadState } from '../../components/console/console-page'
import { useAutomations } from '../../features/console-automations/api/automations-api'
import { ApiKeysSection } from '../../features/console-automations/components/api-keys-section'
import { DeliveryLogSection } from '../../features/console-automations/components/delivery-log-section'
import { WebhookEndpointsSection } from '../../features/console-automations/components/webhook-endpoints-section'

/**
 * Automations (issue 44): the API keys for the official server SDK, the signed webhooks' endpoints and
 * their delivery log.
 */
export function AutomationsRoute() {
  const { t } = useTranslation()
  const automations = useAutomations()
  return (
    <ConsolePage title={t('console.nav.automations')} description={t('consoleAutomations.description')}>
      {automations.data ? (
        <div className="space-y-10">
          <ApiKeysSection keys={automations.data.keys} />
          <WebhookEndpointsSection endpoints={automations.data.endpoints} />
          <DeliveryLogSection endpoints={automations.data.endpoints} />
        </div>
      ) : (
        <LoadState query={automations} />
      )}
    </ConsolePage>
  )
}
