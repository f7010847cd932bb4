import type { SeoPage } from '@pg/shared/storefront/content'

/** Each public page the owner writes the head of, by the name its label has in the console's texts. */
export const PAGE_NAMES = {
  '/': 'home',
  '/landing-pack-apps': 'landing',
  '/login': 'login',
  '/products': 'products',
  '/legal-terms': 'legalTerms',
  '/privacy-policy': 'privacyPolicy',
  '/refund-policy': 'refundPolicy',
  '/who-we-are': 'whoWeAre',
  '/faq': 'faq',
} as const satisfies Record<SeoPage, string>

/** The pages the preview draws: those whose words come from the content. */
export const PREVIEW_PAGES = [
  '/landing-pack-apps',
  '/',
  '/faq',
  '/legal-terms',
  '/privacy-policy',
  '/refund-policy',
  '/who-we-are',
] as const satisfies readonly SeoPage[]
export type PreviewPage = (typeof PREVIEW_PAGES)[number]
