import { InfoPage } from '../features/info/components/info-page'
import { usePageTitle, useStorefront } from '../lib/storefront-content'

export function WhoWeAreRoute() {
  usePageTitle('/who-we-are')
  return <InfoPage path="/who-we-are" page={useStorefront().pages.whoWeAre} />
}
