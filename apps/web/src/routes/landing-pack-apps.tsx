import { BenefitsSection, FeaturesSection } from '../features/storefront/components/features-benefits'
import { FinalCta } from '../features/storefront/components/final-cta'
import { LandingFaq } from '../features/storefront/components/landing-faq'
import { LandingHero } from '../features/storefront/components/landing-hero'
import { PricingSection } from '../features/storefront/components/pricing-section'
import { ProblemSection, SolutionSection } from '../features/storefront/components/problem-solution'
import { SampleAppsCarousel } from '../features/storefront/components/sample-apps-carousel'
import { TrustBadges } from '../features/storefront/components/trust-badges'
import { usePageTitle } from '../lib/storefront-content'

/** The storefront's landing page (seed-spec section 2), drawn from the owner's content. */
export function LandingPackAppsRoute() {
  usePageTitle('/landing-pack-apps')
  return (
    <>
      <LandingHero />
      <SampleAppsCarousel />
      <ProblemSection />
      <SolutionSection />
      <FeaturesSection />
      <BenefitsSection />
      <TrustBadges />
      <PricingSection />
      <LandingFaq />
      <FinalCta />
    </>
  )
}
