/**
 * The public pages of seed-spec section 2, prerendered at build time in Spanish and in English: their
 * content is in the HTML the server sends (apps/web/scripts/build.ts).
 */
export const PUBLIC_PATHS = [
  '/',
  '/landing-pack-apps',
  '/login',
  '/products',
  '/legal-terms',
  '/privacy-policy',
  '/refund-policy',
  '/who-we-are',
  '/faq',
] as const

/** Members only: signed-out visitors are sent to /login. */
export const MEMBER_PATHS = ['/search', '/home'] as const

/**
 * Password recovery: public, drawn in the browser rather than prerendered (a reset link carries a
 * secret in its address), and of no use to search engines.
 */
export const RECOVERY_PATHS = ['/forgot-password', '/reset-password'] as const

/**
 * Where the payment provider sends a buyer after paying: one prerendered page, Spanish at `/gracias` and
 * English at `/thank-you` (the address names the language unless `?lang=` or the visitor's remembered
 * choice says otherwise). Not for search engines: `noindex`, and left out of the sitemap.
 */
export const THANK_YOU_PATHS = ['/gracias', '/thank-you'] as const

export const APP_PATHS: readonly string[] = [
  ...PUBLIC_PATHS,
  ...MEMBER_PATHS,
  ...RECOVERY_PATHS,
  ...THANK_YOU_PATHS,
]
