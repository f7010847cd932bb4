import { InfoPage } from '../features/info/components/info-page'
import { useInfoPage } from '../features/info/info-content'
import { useDocumentTitle } from '../lib/use-document-title'

export function LegalTermsRoute() {
  const page = useInfoPage('legalTerms')
  useDocumentTitle(page.title)
  return <InfoPage path="/legal-terms" {...page} />
}
