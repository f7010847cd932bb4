import type { StorefrontContent } from '@pg/shared/storefront/content'
import type { Bound } from '../model/bound'
import type { Section } from '../model/views'
import { CarouselSection } from './carousel-section'
import { FaqSection } from './faq-section'
import { LandingSection } from './landing-section'
import { OfferSection } from './offer-section'
import { PagesSection } from './pages-section'
import { SeoSection } from './seo-section'
import { StoreSection } from './store-section'

/** The form of one part of the content. */
export function SectionForm({ section, bound }: { section: Section; bound: Bound<StorefrontContent> }) {
  switch (section) {
    case 'store':
      return <StoreSection bound={bound} />
    case 'landing':
      return <LandingSection bound={bound} />
    case 'offer':
      return <OfferSection bound={bound} />
    case 'carousel':
      return <CarouselSection bound={bound} />
    case 'faq':
      return <FaqSection bound={bound} />
    case 'pages':
      return <PagesSection bound={bound} />
    case 'seo':
      return <SeoSection bound={bound} />
  }
}
