import { useTranslation } from 'react-i18next'
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '@pg/shared/automations'

/** An event in the owner's words (`order.paid` is "Pedido pagado"); one the page does not know as is. */
export function useEventName(): (event: string) => string {
  const { t } = useTranslation()
  return (event) => {
    if (event === WEBHOOK_TEST_EVENT) return t('consoleAutomations.events.webhook.test')
    const known = WEBHOOK_EVENTS.find((name) => name === event)
    return known ? t(`consoleAutomations.events.${known}`) : event
  }
}
