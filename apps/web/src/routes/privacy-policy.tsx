import { InfoPage } from '../features/info/components/info-page'
import { usePageTitle, useStorefront } from '../lib/storefront-content'

export function PrivacyPolicyRoute() {
  usePageTitle('/privacy-policy')
  return <InfoPage path="/privacy-policy" page={useStorefront().pages.privacyPolicy} />
}
