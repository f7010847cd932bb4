/** Every page of the web app (seed-spec section 2); anything else is a 404. */
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

export const APP_PATHS: readonly string[] = [...PUBLIC_PATHS, ...MEMBER_PATHS]
