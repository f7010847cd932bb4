import { InfoPage } from '../features/info/components/info-page'
import { usePageTitle, useStorefront } from '../lib/storefront-content'

export function LegalTermsRoute() {
  usePageTitle('/legal-terms')
  return <InfoPage path="/legal-terms" page={useStorefront().pages.legalTerms} />
}
