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
export const MEMBER_PATHS = ['/search', '/home', '/account', '/collections'] as const

/**
 * Password recovery: public, drawn in the browser rather than prerendered (a reset link carries a
 * secret in its address), and of no use to search engines.
 */
export const RECOVERY_PATHS = ['/forgot-password', '/reset-password'] as const

/**
 * Where an emailed sign-in link leads (issue 31): drawn in the browser, as the recovery pages are, since
 * its address carries a secret.
 */
export const SIGN_IN_LINK_PATH = '/login/link'

/**
 * Where the payment provider sends a buyer after paying: one prerendered page, Spanish at `/gracias` and
 * English at `/thank-you` (the address names the language unless `?lang=` or the visitor's remembered
 * choice says otherwise). Not for search engines: `noindex`, and left out of the sitemap.
 */
export const THANK_YOU_PATHS = ['/gracias', '/thank-you'] as const

/** The owner's console (members with the admin label; decision 041): one address per page. */
export const CONSOLE_PATHS = [
  '/admin',
  '/admin/analytics',
  '/admin/members',
  '/admin/orders',
  '/admin/catalogue',
  '/admin/storefront',
  '/admin/settings',
  '/admin/automations',
  '/admin/audit',
] as const

/**
 * Addresses drawn in the browser only: the server sends each one a page of its own with nothing in
 * its body but its own title, in the page's language (issue 28, item 12), so that a bookmark, a reload
 * or a monitor gets a 200 and the page's name rather than a 404.
 */
export const SHELL_PATHS: readonly string[] = [
  ...MEMBER_PATHS,
  ...RECOVERY_PATHS,
  SIGN_IN_LINK_PATH,
  ...CONSOLE_PATHS,
]

/** The prerendered file of a shell address: `/admin/members` is `shell.admin.members` (`<lang>/….html`). */
export const shellPageName = (path: string) => `shell${path.replaceAll('/', '.')}`

/** Every address the web app draws; any other is its 404 page (with a 404 status). */
export const APP_PATHS: readonly string[] = [
  ...PUBLIC_PATHS,
  ...MEMBER_PATHS,
  ...RECOVERY_PATHS,
  SIGN_IN_LINK_PATH,
  ...THANK_YOU_PATHS,
  ...CONSOLE_PATHS,
]
