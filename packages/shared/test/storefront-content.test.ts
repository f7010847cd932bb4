import { describe, expect, it } from 'vitest'
import defaultContent from '../src/storefront/default-content.json' with { type: 'json' }
import { storefrontContentSchema, type StorefrontContent } from '../src/storefront/content'
import { renderMarkdown } from '../src/storefront/markdown'
import { formatPrice, resolveStorefront, schemaPrice } from '../src/storefront/resolve'
import { resolvedStorefrontSchema } from '../src/storefront/resolved'

/** Issue 41 (decision 073): the owner's content, its checks, and one language's pages made from it. */
const versionOne = (): StorefrontContent => storefrontContentSchema.parse(structuredClone(defaultContent))
const problems = (content: unknown) => {
  const parsed = storefrontContentSchema.safeParse(content)
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('the content', () => {
  it('version 1 is valid and holds today’s texts, the price as a token', () => {
    const content = versionOne()
    expect(content.landing.offer.price).toEqual({ amount: '25', currency: 'USD' })
    expect(content.landing.buyLabel.es).toBe('Comprar el pack por {price}')
    expect(content.landing.carousel.apps).toHaveLength(23)
    expect(content.faq.filter((entry) => entry.onLanding)).toHaveLength(7)
    expect(JSON.stringify(content)).not.toMatch(/\$25|\{\{/)
  })

  it('refuses what the owner could get wrong, naming the field', () => {
    const bad = versionOne()
    bad.landing.offer.price = { amount: '29.999', currency: 'USD' }
    expect(problems(bad)).toEqual(['landing.offer.price.amount: priceAmount'])
    bad.landing.offer.price = { amount: '0', currency: 'usd' }
    expect(problems(bad)).toEqual([
      'landing.offer.price.amount: priceAmount',
      'landing.offer.price.currency: currency',
    ])
    const more = versionOne()
    more.store.name.es = ''
    more.store.socialLinks = [{ network: 'x', url: 'javascript:alert(1)' }]
    more.faq = more.faq.map((entry) => ({ ...entry, onLanding: false }))
    more.landing.hero.title.en = 'Two\nlines'
    expect(problems(more)).toEqual([
      'store.name.es: Too small: expected string to have >=1 characters',
      'store.socialLinks.0.url: link',
      'landing.hero.title.en: oneLine',
      'faq: faqOnLanding',
    ])
    expect(problems({ ...versionOne(), extra: true })[0]).toMatch(/Unrecognized key/)
    for (const image of [
      'javascript:alert(1)',
      'http://plain.example/card.jpg',
      '/../secret',
      '"/><script>',
    ]) {
      const card = versionOne()
      card.seo.image = image
      expect(problems(card), image).toEqual(['seo.image: image'])
    }
    // A content written before the social card image existed reads as the build's card.
    const older: { seo: { image?: string } } = versionOne()
    delete older.seo.image
    expect(storefrontContentSchema.parse(older).seo.image).toBe('')
    const huge = versionOne()
    huge.pages.legalTerms.body.es = 'x'.repeat(60_001)
    expect(problems(huge)).toEqual([
      'pages.legalTerms.body.es: Too big: expected string to have <=60000 characters',
    ])
  })

  it('takes a price of at most 2 decimals in any currency Intl knows', () => {
    const content = versionOne()
    for (const price of [
      { amount: '29', currency: 'EUR' },
      { amount: '29.9', currency: 'MXN' },
      { amount: '1500', currency: 'JPY' },
    ]) {
      content.landing.offer.price = price
      expect(problems(content)).toEqual([])
    }
  })
})

describe('one language’s storefront', () => {
  it('fills the tokens, formats the price in each language, and falls back to Spanish', () => {
    const content = versionOne()
    content.landing.offer.price = { amount: '29', currency: 'USD' }
    content.landing.hero.eyebrow.en = ''
    const es = resolveStorefront(content, 'es', { supportEmail: 'ayuda@tienda.example' })
    const en = resolveStorefront(content, 'en', { supportEmail: 'ayuda@tienda.example' })
    expect(resolvedStorefrontSchema.parse(es)).toEqual(es)
    expect(es.landing.buyLabel).toBe('Comprar el pack por 29\u00a0US$')
    expect(en.landing.buyLabel).toBe('Buy the bundle for $29')
    expect(en.landing.hero.eyebrow).toBe(es.landing.hero.eyebrow)
    expect(es.price).toEqual({ amount: '29.00', currency: 'USD', formatted: '29\u00a0US$' })
    expect(es.landing.carousel.intro).toContain('23 ')
    expect(es.store.supportEmail).toBe('ayuda@tienda.example')
    expect(es.pages.refundPolicy.html).toContain('<a href="mailto:ayuda@tienda.example">')
    expect(es.faqGroups.map((group) => group.entries.length)).toEqual([4, 5, 2, 2])
  })

  it('takes the carousel’s catalogue projects as they are, leaving out one deleted since', () => {
    const content = versionOne()
    content.landing.carousel.apps = [
      { source: 'project', projectId: 'demo-0001' },
      { source: 'project', projectId: 'gone' },
    ]
    const projects = new Map([['demo-0001', { title: 'Bot', subtitle: null, thumbnailUrl: null }]])
    const es = resolveStorefront(content, 'es', { supportEmail: 'a@b.example', projects })
    expect(es.landing.carousel.apps).toEqual([{ title: 'Bot', description: '', image: null }])
  })

  it('formats amounts with the currency’s own digits', () => {
    expect(formatPrice({ amount: '29.5', currency: 'EUR' }, 'es')).toBe('29,50\u00a0€')
    expect(formatPrice({ amount: '1500', currency: 'JPY' }, 'en')).toBe('¥1,500')
    expect(schemaPrice({ amount: '1500', currency: 'JPY' })).toBe('1500')
    expect(schemaPrice({ amount: '29.5', currency: 'EUR' })).toBe('29.50')
  })
})

describe('Markdown', () => {
  it('keeps no raw HTML, script, event attribute or javascript: link', () => {
    const { html } = renderMarkdown(
      [
        '<script>alert(1)</script> <img src=x onerror=alert(1)>',
        '[a](javascript:alert(1)) [b](data:text/html,x) [c](https://ok.example) [d](mailto:a@b.example)',
        '![i](https://x.example/i.png)',
        '<a href="https://x" onclick="alert(1)">x</a> <style>*{}</style>',
      ].join('\n\n'),
    )
    // What is left of them is text: no tag but the allowed ones, no attribute but href.
    expect(html).not.toMatch(/<(script|img|style)|<[^>]*\son\w+=|href="(javascript|data):/)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('<a href="https://ok.example">c</a>')
    expect(html).toContain('<a href="mailto:a@b.example">d</a>')
  })

  it('makes headings, lists, emphasis and tables, a # into the page’s second level, and a contents list', () => {
    const { html, toc } = renderMarkdown(
      '# Uno\n\n## Dos *y* tres\n\n- a\n\n| x | y |\n|---|---|\n| 1 | 2 |\n\n## Dos y tres',
    )
    expect(html).toMatch(/^<h2>Uno<\/h2>/)
    expect(html).toContain('<h2 id="dos-y-tres">Dos <em>y</em> tres</h2>')
    expect(html).toContain('<table>')
    expect(toc).toEqual([
      { id: 'dos-y-tres', title: 'Dos y tres' },
      { id: 'dos-y-tres-1', title: 'Dos y tres' },
    ])
  })
})
