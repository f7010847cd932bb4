import { InfoPage } from '../features/info/components/info-page'
import { usePageTitle, useStorefront } from '../lib/storefront-content'

export function RefundPolicyRoute() {
  usePageTitle('/refund-policy')
  return <InfoPage path="/refund-policy" page={useStorefront().pages.refundPolicy} />
}
