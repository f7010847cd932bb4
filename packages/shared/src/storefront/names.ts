/**
 * The storefront's fixed lists (issue 41, decision 073): its languages, the social networks and badge
 * icons the owner picks from, the information pages and the public pages with a head of their own.
 * Plain values, apart from content.ts's schemas: the web app reads them (with resolved.ts) without
 * making the editor's schemas.
 */
import { PUBLIC_PATHS } from '../routes'

export const STOREFRONT_LANGUAGES = ['es', 'en'] as const
export type StorefrontLanguage = (typeof STOREFRONT_LANGUAGES)[number]

export const SOCIAL_NETWORKS = [
  'tiktok',
  'instagram',
  'youtube',
  'facebook',
  'x',
  'linkedin',
  'whatsapp',
  'telegram',
  'website',
] as const
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]

export const BADGE_ICONS = ['email', 'secure', 'privacy', 'updated', 'support', 'refund'] as const
export type BadgeIcon = (typeof BADGE_ICONS)[number]

export const INFO_PAGES = ['legalTerms', 'privacyPolicy', 'refundPolicy', 'whoWeAre', 'faq'] as const
export type InfoPageKey = (typeof INFO_PAGES)[number]

export const INFO_PAGE_PATHS: Record<InfoPageKey, string> = {
  legalTerms: '/legal-terms',
  privacyPolicy: '/privacy-policy',
  refundPolicy: '/refund-policy',
  whoWeAre: '/who-we-are',
  faq: '/faq',
}

/** The public pages whose head the owner writes: every prerendered public page. */
export const SEO_PAGES = PUBLIC_PATHS
export type SeoPage = (typeof SEO_PAGES)[number]
