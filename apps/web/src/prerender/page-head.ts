import escapeHtml from 'escape-html'
import type { TFunction } from 'i18next'
import { faqGroups } from '../features/info/faq-groups'
import type { Language } from '../lib/i18n'
import { enConsole, esConsole } from '../locales/console'

/**
 * Placeholders the server fills in (apps/server/src/web/page-store.ts): the store's origin, this
 * page's own address, the checkout address (empty when not configured) and the support address.
 * The API's project and database ids are in every page's template (index.html, decision 015).
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

function pageTexts(path: string, t: TFunction): { title?: string; description: string } {
  switch (path) {
    case '/':
      return { description: t('seo.welcome.description') }
    case '/landing-pack-apps':
      return { title: t('landing.pageTitle'), description: t('seo.landing.description') }
    case '/login':
      return { title: t('login.title'), description: t('seo.login.description') }
    case '/products':
      return { title: t('products.title'), description: t('seo.products.description') }
    case '/legal-terms':
      return { title: t('info.legalTerms.title'), description: t('info.legalTerms.description') }
    case '/privacy-policy':
      return { title: t('info.privacyPolicy.title'), description: t('info.privacyPolicy.description') }
    case '/refund-policy':
      return { title: t('info.refundPolicy.title'), description: t('info.refundPolicy.description') }
    case '/who-we-are':
      return { title: t('info.whoWeAre.title'), description: t('info.whoWeAre.description') }
    case '/faq':
      return { title: t('info.faq.title'), description: t('info.faq.description') }
    default:
      throw new Error(`No head texts for ${path}`)
  }
}

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
  '/admin/settings': 'settings',
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

function structuredData(path: string, language: Language, t: TFunction): string {
  if (path === '/landing-pack-apps') {
    return jsonLd({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: t('landing.pricing.bundle.name'),
      description: t('seo.landing.description'),
      image: `${ORIGIN}/og/projects-gallery-${language}.jpg`,
      brand: { '@type': 'Brand', name: 'Projects Gallery' },
      offers: {
        '@type': 'Offer',
        price: '25.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: `${ORIGIN}/landing-pack-apps`,
      },
    })
  }
  if (path === '/faq') {
    return jsonLd({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: faqGroups(t, SUPPORT_EMAIL).flatMap((group) =>
        group.items.map((item) => ({
          '@type': 'Question',
          name: item.question,
          acceptedAnswer: { '@type': 'Answer', text: item.answer },
        })),
      ),
    })
  }
  return ''
}

/** Everything in `<head>` that depends on the page: title, description, addresses, social card, data. */
export function pageHead(path: string, language: Language, kind: PageKind, t: TFunction): string {
  const site = t('app.name')
  if (kind !== 'public') {
    const page = kind === 'notFound' ? t('notFound.title') : shellTitle(path, language, t)
    const title = page ? `${page} · ${site}` : site
    return [
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(t('seo.siteDescription'))}">`,
      // Members' pages, recovery and the console are not for search engines either (robots.txt).
      '<meta name="robots" content="noindex">',
      `<meta name="checkout-url" content="${CHECKOUT_URL}">`,
      `<meta name="support-email" content="${SUPPORT_EMAIL}">`,
      `<meta name="session" content="${SESSION}">`,
    ].join('')
  }
  if (path === '/gracias') {
    // Where the payment provider sends a buyer: not for search engines, so no addresses or social card.
    return [
      `<title>${escapeHtml(`${t('thankYou.title')} · ${site}`)}</title>`,
      `<meta name="description" content="${escapeHtml(t('thankYou.description'))}">`,
      '<meta name="robots" content="noindex">',
      `<meta name="checkout-url" content="${CHECKOUT_URL}">`,
      `<meta name="support-email" content="${SUPPORT_EMAIL}">`,
      `<meta name="session" content="${SESSION}">`,
      '<meta name="page-island" content="storefront">',
    ].join('')
  }
  const texts = pageTexts(path, t)
  const title = escapeHtml(texts.title ? `${texts.title} · ${site}` : site)
  const description = escapeHtml(texts.description)
  const socialTitle = escapeHtml(
    path === '/landing-pack-apps' ? t('seo.landing.title') : (texts.title ?? site),
  )
  const image = `${ORIGIN}/og/projects-gallery-${language}.jpg`
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
    `<meta property="og:image:width" content="1200">`,
    `<meta property="og:image:height" content="630">`,
    `<meta property="og:image:alt" content="${escapeHtml(t('seo.landing.imageAlt'))}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${socialTitle}">`,
    `<meta name="twitter:description" content="${description}">`,
    `<meta name="twitter:image" content="${image}">`,
    `<meta name="checkout-url" content="${CHECKOUT_URL}">`,
    `<meta name="support-email" content="${SUPPORT_EMAIL}">`,
    `<meta name="session" content="${SESSION}">`,
    // For a visitor, the storefront's pages run an island instead of the app (main.tsx, decision 010);
    // the sign-in form needs the app.
    path === '/login' ? '' : '<meta name="page-island" content="storefront">',
    structuredData(path, language, t),
  ].join('')
}
