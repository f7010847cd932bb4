import { useTranslation } from 'react-i18next'
import { useSupportEmail } from '../lib/storefront-content'
import { ThankYouPage } from '../features/purchase/components/thank-you-page'
import { useDocumentTitle } from '../lib/use-document-title'

/** `/gracias` and `/thank-you`: the page a buyer lands on after paying (prerendered, not indexed). */
export function ThankYouRoute() {
  const { t } = useTranslation()
  useDocumentTitle(t('thankYou.title'))
  return <ThankYouPage supportEmail={useSupportEmail()} />
}
