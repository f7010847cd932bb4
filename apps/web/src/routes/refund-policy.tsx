import { InfoPage } from '../features/info/components/info-page'
import { useInfoPage } from '../features/info/info-content'
import { useDocumentTitle } from '../lib/use-document-title'

export function RefundPolicyRoute() {
  const page = useInfoPage('refundPolicy')
  useDocumentTitle(page.title)
  return <InfoPage path="/refund-policy" {...page} />
}
