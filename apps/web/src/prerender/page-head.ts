import escapeHtml from 'escape-html'
import type { TFunction } from 'i18next'
import { SEO_PAGES, type SeoPage } from '@pg/shared/storefront/names'
import type { ResolvedStorefront } from '@pg/shared/storefront/resolved'
import type { Language } from '../lib/i18n'
import { enConsole, esConsole } from '../locales/console'

/**
 * Placeholders the server fills in (apps/server/src/pages/page-store.ts): the store's origin, this
 * page's own address, the checkout address (empty when not configured) and the support address (the
 * build resolves version 1 with it; a page the server draws has the address itself). The API's project
 * and database ids are in every page's template (index.html, decision 015).
 */
export const ORIGIN = '__PG_ORIGIN__'
export const SELF_URL = '__PG_SELF_URL__'
export const CHECKOUT_URL = '__PG_CHECKOUT_URL__'
export const SUPPORT_EMAIL = '__PG_SUPPORT_EMAIL__'
/** `none` when the request carried no session cookie (lib/session-hint.ts), else `present`. */
export const SESSION = '__PG_SESSION__'

export type PageKind = 'public' | 'notFound' | 'shell'

const OG_LOCALES: Record<Language, string> = { es: 'es_ES', en: 'en_US' }

/** JSON for a `<script type="application/ld+json">` block: data, never executed, `<` escaped. */
const jsonLd = (data: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`

/** The console's page names, from its own texts (a chunk the app loads for admins only, decision 041). */
const CONSOLE_NAV: Record<Language, typeof esConsole.console.nav> = {
  es: esConsole.console.nav,
  en: enConsole.console.nav,
}
const CONSOLE_PAGES: Record<string, keyof typeof esConsole.console.nav> = {
  '/admin': 'overview',
  '/admin/analytics': 'analytics',
  '/admin/members': 'members',
  '/admin/orders': 'orders',
  '/admin/catalogue': 'catalogue',
  '/admin/storefront': 'storefront',
  '/admin/settings': 'settings',
  '/admin/automations': 'automations',
  '/admin/audit': 'audit',
}

/**
 * The title a page drawn in the browser gives itself (`useDocumentTitle`), sent before the app runs
 * (issue 28, item 12): a bookmark, a reload or a monitor sees the page's own name. Undefined for the
 * shell of no particular page.
 */
export function shellTitle(path: string, language: Language, t: TFunction): string | undefined {
  switch (path) {
    case '/search':
      return t('gallery.pageTitle')
    case '/home':
      return t('dashboard.title')
    case '/forgot-password':
      return t('recovery.forgotTitle')
    case '/reset-password':
      return t('recovery.resetTitle')
    case '/login/link':
      return t('emailLink.title')
    case '/account':
      return t('account.title')
    case '/collections':
      return t('collections.pageTitle')
  }
  const consolePage = CONSOLE_PAGES[path]
  // As the console's pages title themselves (ConsolePage): the page, then the console.
  return consolePage && `${CONSOLE_NAV[language][consolePage]} · ${t('nav.console')}`
}

/** What search engines read of the product and of the FAQ, from the owner's content (decision 073). */
function structuredData(path: string, storefront: ResolvedStorefront): string {
  if (path === '/landing-pack-apps') {
    return jsonLd({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: storefront.landing.offer.productName,
      description: storefront.seo.pages['/landing-pack-apps'].description,
      image: `${ORIGIN}/og/projects-gallery-${storefront.language}.jpg`,
      brand: { '@type': 'Brand', name: storefront.store.name },
      offers: {
        '@type': 'Offer',
        price: storefront.price.amount,
        priceCurrency: storefront.price.currency,
        availability: 'https://schema.org/InStock',
        url: `${ORIGIN}/landing-pack-apps`,
      },
    })
  }
  if (path === '/faq') {
    return jsonLd({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: storefront.faqGroups.flatMap((group) =>
        group.entries.map((entry) => ({
          '@type': 'Question',
          name: entry.question,
          acceptedAnswer: { '@type': 'Answer', text: entry.answer },
        })),
      ),
    })
  }
  return ''
}

const isSeoPage = (path: string): path is SeoPage => (SEO_PAGES as readonly string[]).includes(path)

/**
 * Everything in `<head>` that depends on the page: title, description, addresses, social card, data.
 * The owner's words come from `storefront` (its language is the page's); the interface's from `t`.
 * Every text is escaped for its attribute or element, and the JSON-LD keeps `<` out of the script.
 */
export function pageHead(path: string, kind: PageKind, t: TFunction, storefront: ResolvedStorefront): string {
  const { language, store, seo } = storefront
  const site = store.name
  const pageMeta = [
    `<meta name="checkout-url" content="${CHECKOUT_URL}">`,
    `<meta name="support-email" content="${escapeHtml(store.supportEmail)}">`,
    `<meta name="session" content="${SESSION}">`,
  ].join('')
  if (kind !== 'public') {
    const page = kind === 'notFound' ? t('notFound.title') : shellTitle(path, language, t)
    const title = page ? `${page} · ${site}` : site
    return [
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(seo.siteDescription)}">`,
      // Members' pages, recovery and the console are not for search engines either (robots.txt).
      '<meta name="robots" content="noindex">',
      pageMeta,
    ].join('')
  }
  if (path === '/gracias') {
    // Where the payment provider sends a buyer: not for search engines, so no addresses or social card.
    return [
      `<title>${escapeHtml(`${t('thankYou.title')} · ${site}`)}</title>`,
      `<meta name="description" content="${escapeHtml(t('thankYou.description'))}">`,
      '<meta name="robots" content="noindex">',
      pageMeta,
      '<meta name="page-island" content="storefront">',
    ].join('')
  }
  if (!isSeoPage(path)) throw new Error(`No head texts for ${path}`)
  const texts = seo.pages[path]
  const title = escapeHtml(texts.title ? `${texts.title} · ${site}` : site)
  const description = escapeHtml(texts.description)
  const socialTitle = escapeHtml(texts.socialTitle || texts.title || site)
  // The owner's own card (a store path or an https address), else the build's card of the language.
  const image = escapeHtml(
    seo.image
      ? seo.image.startsWith('/')
        ? `${ORIGIN}${seo.image}`
        : seo.image
      : `${ORIGIN}/og/projects-gallery-${language}.jpg`,
  )
  const imageSize = seo.image
    ? []
    : [`<meta property="og:image:width" content="1200">`, `<meta property="og:image:height" content="630">`]
  const other: Language = language === 'es' ? 'en' : 'es'
  const address = `${ORIGIN}${path}`
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    `<link rel="canonical" href="${SELF_URL}">`,
    `<link rel="alternate" hreflang="es" href="${address}">`,
    `<link rel="alternate" hreflang="en" href="${address}?lang=en">`,
    `<link rel="alternate" hreflang="x-default" href="${address}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(site)}">`,
    `<meta property="og:locale" content="${OG_LOCALES[language]}">`,
    `<meta property="og:locale:alternate" content="${OG_LOCALES[other]}">`,
    `<meta property="og:title" content="${socialTitle}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${SELF_URL}">`,
    `<meta property="og:image" content="${image}">`,
    ...imageSize,
    `<meta property="og:image:alt" content="${escapeHtml(seo.imageAlt)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${socialTitle}">`,
    `<meta name="twitter:description" content="${description}">`,
    `<meta name="twitter:image" content="${image}">`,
    pageMeta,
    // For a visitor, the storefront's pages run an island instead of the app (main.tsx, decision 010);
    // the sign-in form needs the app.
    path === '/login' ? '' : '<meta name="page-island" content="storefront">',
    structuredData(path, storefront),
  ].join('')
}
