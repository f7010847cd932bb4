import { FeatureCards } from '../features/storefront/components/feature-cards'
import { WelcomeHero } from '../features/storefront/components/welcome-hero'
import { usePageTitle } from '../lib/storefront-content'

export function WelcomeRoute() {
  usePageTitle('/')
  return (
    <>
      <WelcomeHero />
      <FeatureCards />
    </>
  )
}
