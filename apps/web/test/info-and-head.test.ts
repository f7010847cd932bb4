import { describe, expect, it } from 'vitest'
import { SHELL_PATHS } from '@pg/shared/routes'
import { formatUpdatedOn } from '../src/features/info/updated-on'
import { i18n, loadLanguage, storeLanguage, type Language } from '../src/lib/i18n'
import { pageSaysSignedOut } from '../src/lib/session-hint'
import { pageHead } from '../src/prerender/page-head'
import { resolveBoth, versionOne } from './support/storefront'

/** Version 1 as the build resolves it: the support address a placeholder the server fills. */
const built = (language: Language) => resolveBoth(versionOne(), '__PG_SUPPORT_EMAIL__')[language]

const PATHS = [
  '/',
  '/landing-pack-apps',
  '/login',
  '/products',
  '/legal-terms',
  '/privacy-policy',
  '/refund-policy',
  '/who-we-are',
  '/faq',
]

describe('information pages', () => {
  it('state the date of their current version in each language', () => {
    expect(formatUpdatedOn('2026-11-22', 'es')).toBe('22 de noviembre de 2026')
    expect(formatUpdatedOn('2026-11-22', 'en')).toBe('November 22, 2026')
  })

  it('FAQ: the seven questions of the landing page and six more, in four groups', () => {
    const { es } = resolveBoth(versionOne(), 'ayuda@tienda.example.com')
    expect(es.faqGroups.map((group) => group.entries.length)).toEqual([4, 5, 2, 2])
    expect(es.landing.faq.entries).toHaveLength(7)
    const questions = es.faqGroups.flatMap((group) => group.entries)
    expect(new Set(questions.map((item) => item.id)).size).toBe(13)
    for (const item of questions) {
      expect(item.question).toMatch(/^¿.+\?$/)
      expect(item.answer).not.toMatch(/\{\w+\}/)
    }
    expect(questions.at(-1)?.answer).toContain('ayuda@tienda.example.com')
  })

  it('name the build’s support address as the placeholder the server fills, also in links', () => {
    const { html } = built('es').pages.legalTerms
    expect(html).toContain('<a href="mailto:__PG_SUPPORT_EMAIL__">__PG_SUPPORT_EMAIL__</a>')
    expect(html).not.toContain('<strong>PG_SUPPORT_EMAIL</strong>')
  })
})

describe('page head', () => {
  it('gives every public page a title, a description, addresses and a social card', async () => {
    for (const language of ['es', 'en'] as const) {
      await loadLanguage(language)
      const t = i18n.getFixedT(language)
      for (const path of PATHS) {
        const head = pageHead(path, 'public', t, built(language))
        expect(head).toMatch(/<title>[^<]*Projects Gallery<\/title>/)
        expect(head).toMatch(/<meta name="description" content="[^"]{50,}">/)
        expect(head).toContain('<link rel="canonical" href="__PG_SELF_URL__">')
        expect(head).toContain(`hreflang="x-default" href="__PG_ORIGIN__${path}"`)
        expect(head).toContain(
          `<meta property="og:image" content="__PG_ORIGIN__/og/projects-gallery-${language}.jpg">`,
        )
        expect(head).toContain('<meta name="session" content="__PG_SESSION__">')
        expect(head).toContain('<meta name="support-email" content="__PG_SUPPORT_EMAIL__">')
      }
    }
  })

  it('describes the product with its price, and the FAQ page as questions and answers', async () => {
    await loadLanguage('en')
    const t = i18n.getFixedT('en')
    const data = (path: string) =>
      JSON.parse(
        /<script type="application\/ld\+json">(.*)<\/script>/.exec(
          pageHead(path, 'public', t, built('en')),
        )?.[1] ?? '',
      )
    expect(data('/landing-pack-apps')).toMatchObject({
      '@type': 'Product',
      offers: { '@type': 'Offer', price: '25.00', priceCurrency: 'USD' },
    })
    const faq = data('/faq')
    expect(faq['@type']).toBe('FAQPage')
    expect(faq.mainEntity).toHaveLength(13)
    expect(pageHead('/legal-terms', 'public', t, built('en'))).not.toContain('ld+json')
  })

  it('gives every page drawn in the browser its own title, in its language, out of search engines', async () => {
    const titles = {
      es: {
        '/search': 'Galería',
        '/home': 'Panel',
        '/forgot-password': 'Recuperar la contraseña',
        '/reset-password': 'Nueva contraseña',
        '/admin': 'Resumen · Consola',
        '/admin/members': 'Miembros · Consola',
        '/admin/orders': 'Pedidos · Consola',
        '/admin/catalogue': 'Catálogo · Consola',
        '/admin/settings': 'Ajustes · Consola',
        '/admin/audit': 'Registro · Consola',
      },
      en: {
        '/search': 'Gallery',
        '/admin': 'Overview · Console',
        '/admin/members': 'Members · Console',
        '/admin/audit': 'Audit log · Console',
      },
    }
    for (const language of ['es', 'en'] as const) {
      await loadLanguage(language)
      const t = i18n.getFixedT(language)
      for (const path of SHELL_PATHS) {
        const head = pageHead(path, 'shell', t, built(language))
        expect(head, path).toMatch(
          /^<title>[^<]+ · [^<]+ · Projects Gallery<\/title>|^<title>[^<]+ · Projects Gallery<\/title>/,
        )
        expect(head).toContain('<meta name="robots" content="noindex">')
      }
      for (const [path, title] of Object.entries(titles[language]))
        expect(pageHead(path, 'shell', t, built(language)), path).toContain(
          `<title>${title} · Projects Gallery</title>`,
        )
    }
  })

  it('keeps the 404 page out of search engines', async () => {
    await loadLanguage('es')
    const head = pageHead('/', 'notFound', i18n.getFixedT('es'), built('es'))
    expect(head).toContain('<meta name="robots" content="noindex">')
    expect(head).toContain('<title>Página no encontrada · Projects Gallery</title>')
  })
})

describe('language choice', () => {
  it('is remembered in a cookie the server reads, as well as in this browser', () => {
    storeLanguage('en')
    expect(document.cookie).toContain('lang=en')
    expect(localStorage.getItem('lang')).toBe('en')
    storeLanguage('es')
    expect(document.cookie).toContain('lang=es')
  })
})

describe('session hint', () => {
  it('spares the first lookup only when the page says no session cookie came with it', () => {
    const meta = document.createElement('meta')
    meta.name = 'session'
    meta.content = 'none'
    document.head.append(meta)
    expect(pageSaysSignedOut()).toBe(true)
    // Later lookups always ask: the visitor may have signed in since.
    expect(pageSaysSignedOut()).toBe(false)
    meta.remove()
  })
})
