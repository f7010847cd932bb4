import { describe, expect, it } from 'vitest'
import { defaultStorefrontContent } from '@pg/shared/storefront/default-content'
import { CHANGED_PATHS_KEPT, changedPaths, withPagesDated } from '../../src/storefront/content-changes'

/** Issue 41: what a version lists as changed, and which information pages it dates. */
describe('the fields a storefront version changed', () => {
  it('names each changed field by its path, lists by index, and an entry added or removed whole', () => {
    const before = defaultStorefrontContent()
    const after = defaultStorefrontContent()
    after.landing.offer.price.amount = '29'
    after.seo.pages['/faq'].title.en = 'FAQ'
    const [first, , third] = after.faq
    if (!first || !third) throw new Error('Version 1 has fewer than 3 questions')
    third.answer.es = 'Otra respuesta.'
    after.faq.push(structuredClone(first))
    const added = `faq[${after.faq.length - 1}]`
    after.store.socialLinks.pop()
    expect(changedPaths(before, after)).toEqual([
      'store.socialLinks[1]',
      'landing.offer.price.amount',
      'faq[2].answer.es',
      added,
      'seo.pages["/faq"].title.en',
    ])
    expect(changedPaths(before, defaultStorefrontContent())).toEqual([])
  })

  it('names the sections instead when more fields changed than a version keeps', () => {
    const before = defaultStorefrontContent()
    const after = defaultStorefrontContent()
    for (const app of after.landing.carousel.apps)
      if (app.source === 'manual') {
        app.title = { es: 'Otra', en: 'Other' }
        app.description = { es: 'Otra', en: 'Other' }
      }
    for (const entry of after.faq) entry.question = { es: '¿Otra?', en: 'Other?' }
    after.landing.offer.price.amount = '29'
    const changed = changedPaths(before, after)
    expect(changed.length).toBeLessThanOrEqual(CHANGED_PATHS_KEPT)
    expect(changed).toEqual([
      'landing.carousel',
      'landing.offer',
      ...after.faq.map((_, index) => `faq[${index}]`),
    ])
  })

  it('dates an information page whose title or body changed, and only those', () => {
    const before = defaultStorefrontContent()
    const after = defaultStorefrontContent()
    after.pages.faq.title.en = 'Questions'
    after.pages.whoWeAre.body.es += '\n\nMás.'
    const dated = withPagesDated(before, after, '2027-01-02')
    expect(
      Object.fromEntries(Object.entries(dated.pages).map(([key, page]) => [key, page.updatedOn])),
    ).toEqual({
      legalTerms: before.pages.legalTerms.updatedOn,
      privacyPolicy: before.pages.privacyPolicy.updatedOn,
      refundPolicy: before.pages.refundPolicy.updatedOn,
      whoWeAre: '2027-01-02',
      faq: '2027-01-02',
    })
    // The content given is left as it was.
    expect(after.pages.faq.updatedOn).toBe(before.pages.faq.updatedOn)
  })
})
