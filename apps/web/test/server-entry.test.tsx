import { describe, expect, it } from 'vitest'
import { SHELL_PATHS, shellPageName } from '@pg/shared/routes'
import { readStorefront } from '../src/lib/storefront-page'
import { renderStorefrontPages } from '../src/prerender/entry-server'
import { resolveBoth, versionOne } from './support/storefront'

/**
 * The server entry (decision 073): the function the build and the store's server both draw the pages
 * with. A template as the build makes it (stylesheet inlined), and a manifest of the page's modules.
 */
const build = {
  template:
    '<!doctype html>\n<html lang="es">\n<head><meta charset="UTF-8" /><title>Projects Gallery</title>' +
    '<meta name="description" content="x" /><script type="module" crossorigin src="/assets/index-A1.js"></script>' +
    '<style>body{}</style></head>\n<body><div id="root"></div></body>\n</html>',
  manifest: {
    'src/locales/es.ts': { file: 'assets/es-B2.js' },
    'src/routes/landing-pack-apps.tsx': { file: 'assets/landing-C3.js', imports: ['_shared'] },
    _shared: { file: 'assets/shared-D4.js' },
  },
}

const page = (html = '') => new DOMParser().parseFromString(html, 'text/html')

describe('renderStorefrontPages', () => {
  it('draws every page of a language, under the names the server serves', async () => {
    const pages = await renderStorefrontPages(build, resolveBoth(versionOne(), '__PG_SUPPORT_EMAIL__'), {
      language: 'es',
    })
    expect(Object.keys(pages).sort()).toEqual(
      [
        'index',
        'landing-pack-apps',
        'landing-pack-apps.no-checkout',
        'login',
        'products',
        'legal-terms',
        'privacy-policy',
        'refund-policy',
        'who-we-are',
        'faq',
        'gracias',
        '404',
        'shell',
        ...SHELL_PATHS.map(shellPageName),
      ]
        .map((name) => `es/${name}`)
        .sort(),
    )
    const landing = pages['es/landing-pack-apps'] ?? ''
    expect(landing).toMatch(/^<!doctype html>\n<html lang="es">/)
    expect(landing).toContain('fetchpriority="low" src="/assets/index-A1.js"')
    expect(landing).toContain(
      '<meta name="app-modules" content="/assets/es-B2.js /assets/landing-C3.js /assets/shared-D4.js">',
    )
    expect(landing).toContain('href="__PG_CHECKOUT_URL__"')
    expect(pages['es/landing-pack-apps.no-checkout']).not.toContain('href="__PG_CHECKOUT_URL__"')
    expect(landing.match(/<title>/g)).toHaveLength(1)
    expect(pages['es/shell.search']).toContain('<div id="root"></div><script type="application/json"')
  })

  it('draws two contents, one after the other or at once, each as it is', async () => {
    const other = versionOne()
    other.store.name = { es: 'Tienda Dos', en: 'Shop Two' }
    other.landing.offer.price = { amount: '29', currency: 'EUR' }
    const only = { language: 'en' as const, names: ['landing-pack-apps', 'shell.search'] }
    const [first, second] = await Promise.all([
      renderStorefrontPages(build, resolveBoth(versionOne()), only),
      renderStorefrontPages(build, resolveBoth(other), only),
    ])
    const again = await renderStorefrontPages(build, resolveBoth(versionOne()), only)
    expect(Object.keys(second)).toEqual(['en/landing-pack-apps', 'en/shell.search'])
    const price = (html = '') => page(html).querySelector('[data-testid="bundle-price"]')?.textContent
    expect(price(first['en/landing-pack-apps'])).toBe('$25')
    expect(price(second['en/landing-pack-apps'])).toBe('€29')
    expect(again).toEqual(first)
    const landing = page(second['en/landing-pack-apps'])
    expect(landing.title).toBe('Bundle of 700+ AI apps · Shop Two')
    expect(landing.querySelector('header a[href="/"]')?.textContent).toBe('Shop Two')
    expect(page(second['en/shell.search']).title).toBe('Gallery · Shop Two')
    expect(page(first['en/shell.search']).title).toBe('Gallery · Projects Gallery')
  })

  it('gives every page its language’s storefront as data, which an owner’s </script> cannot leave', async () => {
    const content = versionOne()
    const hostile = '</script><script>alert(1)</script><!-- «quoted» "too"'
    content.landing.hero.title.es = hostile
    content.store.tagline.es = hostile
    const storefronts = resolveBoth(content)
    const pages = await renderStorefrontPages(build, storefronts, {
      language: 'es',
      names: ['landing-pack-apps', '404', 'shell', 'gracias'],
    })
    for (const [name, html] of Object.entries(pages)) {
      const document = page(html)
      expect(readStorefront(document), name).toEqual(storefronts.es)
      const types = [...document.querySelectorAll('script')].map((script) => script.type)
      expect(
        types.filter((type) => type !== 'application/ld+json'),
        name,
      ).toEqual(['module', 'application/json'])
    }
    const landing = page(pages['es/landing-pack-apps'])
    expect(landing.querySelector('h1')?.textContent).toBe(hostile)
  })
})
