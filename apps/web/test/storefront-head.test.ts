import { describe, expect, it } from 'vitest'
import { i18n, loadLanguage } from '../src/lib/i18n'
import { pageHead } from '../src/prerender/page-head'
import { resolveBoth, versionOne } from './support/storefront'

/** Issue 41: the owner's texts in the head stay texts, whatever they hold. */
const HOSTILE = '</script><script>alert(1)</script> "quoted" & <b>bold</b>'

function hostileStorefront() {
  const content = versionOne()
  content.store.name.es = `Tienda "Uno" <b>&`
  content.landing.offer.productName.es = `Pack ${HOSTILE}`
  content.landing.offer.price = { amount: '29', currency: 'EUR' }
  content.seo.pages['/landing-pack-apps'].description.es = `Oferta ${HOSTILE} por {price}`
  content.seo.pages['/landing-pack-apps'].title.es = `Título "con comillas"`
  content.seo.pages['/landing-pack-apps'].socialTitle.es = ''
  content.seo.imageAlt.es = `Imagen ${HOSTILE}`
  const [first] = content.faq
  if (first) first.question.es = `¿Pregunta ${HOSTILE}?`
  return resolveBoth(content).es
}

/** The head as a browser reads it. */
const parse = (head: string) => new DOMParser().parseFromString(`<head>${head}</head>`, 'text/html')

describe('the head with the owner’s texts', () => {
  it('prices the product as the content says, for search engines', async () => {
    await loadLanguage('es')
    const head = pageHead('/landing-pack-apps', 'public', i18n.getFixedT('es'), hostileStorefront())
    const data = JSON.parse(
      parse(head).querySelector('script[type="application/ld+json"]')?.textContent ?? '',
    )
    expect(data).toMatchObject({
      '@type': 'Product',
      name: `Pack ${HOSTILE}`,
      description: `Oferta ${HOSTILE} por 29\u00a0€`,
      brand: { '@type': 'Brand', name: 'Tienda "Uno" <b>&' },
      offers: { '@type': 'Offer', price: '29.00', priceCurrency: 'EUR' },
    })
  })

  it('keeps a </script> inside the JSON-LD as data: one script, closed where it should be', async () => {
    await loadLanguage('es')
    const storefront = hostileStorefront()
    for (const path of ['/landing-pack-apps', '/faq']) {
      const head = pageHead(path, 'public', i18n.getFixedT('es'), storefront)
      const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)?.[1] ?? ''
      expect(block, path).not.toContain('<')
      expect(head.match(/<script/g), path).toHaveLength(1)
      const scripts = parse(head).querySelectorAll('script')
      expect(
        [...scripts].map((script) => script.type),
        path,
      ).toEqual(['application/ld+json'])
    }
    const faq = pageHead('/faq', 'public', i18n.getFixedT('es'), storefront)
    const data = JSON.parse(parse(faq).querySelector('script')?.textContent ?? '')
    expect(data.mainEntity[0].name).toBe(`¿Pregunta ${HOSTILE}?`)
  })

  it('escapes quotes and markup in attributes and the title, which read back as written', async () => {
    await loadLanguage('es')
    const head = pageHead('/landing-pack-apps', 'public', i18n.getFixedT('es'), hostileStorefront())
    expect(head).toContain('<meta property="og:site_name" content="Tienda &quot;Uno&quot; &lt;b&gt;&amp;">')
    expect(head).toContain(
      '<title>Título &quot;con comillas&quot; · Tienda &quot;Uno&quot; &lt;b&gt;&amp;</title>',
    )
    const page = parse(head)
    const meta = (selector: string) => page.querySelector(selector)?.getAttribute('content')
    expect(page.title).toBe('Título "con comillas" · Tienda "Uno" <b>&')
    expect(meta('meta[name="description"]')).toBe(`Oferta ${HOSTILE} por 29\u00a0€`)
    expect(meta('meta[property="og:image:alt"]')).toBe(`Imagen ${HOSTILE}`)
    expect(meta('meta[property="og:title"]')).toBe('Título "con comillas"')
    expect(page.querySelectorAll('b')).toHaveLength(0)
  })

  it('falls back to the page title for the social card, and to the store’s name for an empty title', async () => {
    await loadLanguage('en')
    const content = versionOne()
    content.store.name.en = 'The Shop'
    content.seo.pages['/products'].title = { es: '', en: '' }
    const { en } = resolveBoth(content)
    const page = parse(pageHead('/products', 'public', i18n.getFixedT('en'), en))
    expect(page.title).toBe('The Shop')
    expect(page.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('The Shop')
    const legal = parse(pageHead('/legal-terms', 'public', i18n.getFixedT('en'), en))
    expect(legal.title).toBe('Terms and conditions · The Shop')
    expect(legal.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(
      'Terms and conditions',
    )
    const shell = parse(pageHead('/search', 'shell', i18n.getFixedT('en'), en))
    expect(shell.title).toBe('Gallery · The Shop')
    expect(shell.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      en.seo.siteDescription,
    )
  })
})

describe('the social card image', () => {
  const cardOf = (image: string) => {
    const content = versionOne()
    content.seo.image = image
    const head = parse(pageHead('/faq', 'public', i18n.getFixedT('es'), resolveBoth(content).es))
    const meta = (name: string) =>
      head.querySelector(`meta[property="${name}"], meta[name="${name}"]`)?.getAttribute('content')
    return {
      og: meta('og:image'),
      twitter: meta('twitter:image'),
      width: meta('og:image:width'),
    }
  }

  it('is the build’s card of the language, with its size, until the owner names one', async () => {
    await loadLanguage('es')
    expect(cardOf('')).toEqual({
      og: '__PG_ORIGIN__/og/projects-gallery-es.jpg',
      twitter: '__PG_ORIGIN__/og/projects-gallery-es.jpg',
      width: '1200',
    })
  })

  it('is the owner’s image, a path on the store or an https address, its size not claimed', async () => {
    await loadLanguage('es')
    expect(cardOf('/samples/pdf-chat.webp')).toEqual({
      og: '__PG_ORIGIN__/samples/pdf-chat.webp',
      twitter: '__PG_ORIGIN__/samples/pdf-chat.webp',
      width: undefined,
    })
    const url = 'https://cdn.example.com/tarjeta.jpg?v=2&x=1'
    expect(cardOf(url)).toEqual({ og: url, twitter: url, width: undefined })
  })
})
