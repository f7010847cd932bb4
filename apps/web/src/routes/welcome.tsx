import { FeatureCards } from '../features/storefront/components/feature-cards'
import { WelcomeHero } from '../features/storefront/components/welcome-hero'
import { useDocumentTitle } from '../lib/use-document-title'

export function WelcomeRoute() {
  useDocumentTitle()
  return (
    <>
      <WelcomeHero />
      <FeatureCards />
    </>
  )
}
