import { InfoPage } from '../features/info/components/info-page'
import { useInfoPage } from '../features/info/info-content'
import { useDocumentTitle } from '../lib/use-document-title'

export function WhoWeAreRoute() {
  const page = useInfoPage('whoWeAre')
  useDocumentTitle(page.title)
  return <InfoPage path="/who-we-are" {...page} />
}
