import { InfoPage } from '../features/info/components/info-page'
import { useInfoPage } from '../features/info/info-content'
import { useDocumentTitle } from '../lib/use-document-title'

export function PrivacyPolicyRoute() {
  const page = useInfoPage('privacyPolicy')
  useDocumentTitle(page.title)
  return <InfoPage path="/privacy-policy" {...page} />
}
