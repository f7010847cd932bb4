import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StorefrontContent } from '@pg/shared/storefront/content'
import { en } from '../../src/platform/error-messages/en'
import { said, say, type ErrorMessage } from '../../src/platform/error-messages/error-message'
import { signInConsoleCallers } from '../support/console-callers'
import { storefrontConsole, versionOne } from '../support/storefront-console'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * Issue 41: the draft is checked whole before anything is stored. Each problem is named under its field
 * (`problems`), in the owner's language, and the answer's message names the first ones; nothing is
 * stored on any of them.
 */
let server: TestServer
let store: ReturnType<typeof storefrontConsole>

beforeAll(async () => {
  server = await startTestServer()
  store = storefrontConsole(server, (await signInConsoleCallers(server)).adminCookie)
})
afterAll(() => server.close())

interface Refusal {
  type: string
  code: number
  message: string
  problems: { path: string; message: string }[]
  problemCount: number
}

/** Saves `change`d version 1 as a new draft in `language`; the refusal, which must be a 400. */
async function refused(change: (content: StorefrontContent) => unknown, language: 'es' | 'en' = 'en') {
  const content = versionOne()
  const changed = change(content) ?? content
  const answer = await store.save(changed, 0, { 'accept-language': language })
  expect(answer.statusCode, answer.body).toBe(400)
  return answer.json<Refusal>()
}

const storedDrafts = async () =>
  (
    await server.database.rows(
      sql`SELECT count(*)::int AS drafts FROM storefront_draft WHERE content IS NOT NULL`,
    )
  )[0]?.drafts

describe('checking the storefront’s content', () => {
  it('names each of the content’s own problems under its field, in Spanish and in English', async () => {
    const cases: [string, (content: StorefrontContent) => void, ErrorMessage][] = [
      [
        'landing.hero.title.es',
        (c) => void (c.landing.hero.title.es = 'Dos\nlíneas'),
        said('storefrontOneLine'),
      ],
      [
        'store.socialLinks[0].url',
        (c) => void (c.store.socialLinks = [{ network: 'x', url: 'javascript:alert(1)' }]),
        said('storefrontLink'),
      ],
      [
        'landing.offer.price.amount',
        (c) => void (c.landing.offer.price.amount = '0'),
        said('storefrontPriceAmount'),
      ],
      [
        'landing.offer.price.currency',
        (c) => void (c.landing.offer.price.currency = 'XYZ'),
        said('storefrontCurrency'),
      ],
      [
        'landing.carousel.apps[0].image',
        (c) => {
          const [app] = c.landing.carousel.apps
          if (app?.source === 'manual') app.image = '/samples/../../etc/passwd'
        },
        said('storefrontImage'),
      ],
      [
        'faq',
        (c) => void c.faq.forEach((entry) => (entry.onLanding = false)),
        said('storefrontFaqOnLanding'),
      ],
      [
        'pages.legalTerms.body.es',
        (c) => void (c.pages.legalTerms.body.es += '\u0007'),
        said('storefrontControlCharacters'),
      ],
    ]
    for (const [path, change, sentence] of cases) {
      for (const language of ['es', 'en'] as const) {
        const answer = await refused(change, language)
        expect(answer.problems, `${path} in ${language}`).toEqual([
          { path, message: say(sentence, language) },
        ])
        expect(answer.message).toContain(`"${path}"`)
        expect(answer.message).toContain(say(sentence, language))
        expect(answer).toMatchObject({ type: 'document_invalid_structure', code: 400, problemCount: 1 })
      }
    }
    expect(await storedDrafts()).toBe(0)
  })

  it('refuses a price of 0, with 3 decimals or negative, and a currency that is not one', async () => {
    for (const amount of ['0', '0.00', '29.999', '-5', '29,90', '1e3', ''])
      expect((await refused((c) => void (c.landing.offer.price.amount = amount))).problems, amount).toEqual([
        { path: 'landing.offer.price.amount', message: en.storefrontPriceAmount() },
      ])
    for (const currency of ['usd', 'US', 'DOLLARS', 'ABC'])
      expect((await refused((c) => void (c.landing.offer.price.currency = currency))).problems[0]?.path).toBe(
        'landing.offer.price.currency',
      )
    // 29.9 and 29.90 are both prices, in any currency Intl knows.
    const content = versionOne()
    content.landing.offer.price = { amount: '29.90', currency: 'EUR' }
    expect((await store.save(content, 0)).statusCode).toBe(200)
    expect((await store.discard()).statusCode).toBe(204)
  })

  it('bounds every text, list and Markdown body, saying so in the owner’s language', async () => {
    const long = await refused((c) => void (c.store.name.es = 'x'.repeat(61)), 'es')
    expect(long.problems).toEqual([
      { path: 'store.name.es', message: 'debe tener como máximo 60 caracteres' },
    ])
    const title = await refused((c) => void (c.seo.pages['/faq'].title.en = 'y'.repeat(161)))
    expect(title.problems).toEqual([
      { path: 'seo.pages["/faq"].title.en', message: 'Too big: expected string to have <=160 characters' },
    ])
    const markdown = await refused((c) => void (c.pages.legalTerms.body.es = 'z'.repeat(60_001)))
    expect(markdown.problems[0]?.path).toBe('pages.legalTerms.body.es')
    const faq = await refused((c) => {
      const [entry] = c.faq
      if (entry) c.faq = Array.from({ length: 41 }, () => structuredClone(entry))
    })
    expect(faq.problems[0]?.path).toBe('faq')
    const empty = await refused((c) => void (c.landing.hero.title.es = '   '), 'es')
    expect(empty.problems).toEqual([{ path: 'landing.hero.title.es', message: 'no puede estar vacío' }])
  })

  it('refuses a whole content over 400,000 characters (tooLarge), though each field is within bounds', async () => {
    const tooLarge = said('storefrontTooLarge', { characters: 400_000 })
    for (const language of ['es', 'en'] as const) {
      const answer = await refused((c) => {
        for (const page of Object.values(c.pages)) {
          page.body.es = 'a'.repeat(40_000)
          page.body.en = 'b'.repeat(40_000)
        }
      }, language)
      expect(answer.problems).toEqual([{ path: '', message: say(tooLarge, language) }])
      expect(answer.message).toContain('"content"')
    }
  })

  it('refuses a carousel app naming a project the catalogue does not have', async () => {
    const answer = await refused((c) => {
      c.landing.carousel.apps[3] = { source: 'project', projectId: 'no-such-project' }
      c.landing.carousel.apps[4] = { source: 'project', projectId: 'demo-0001' }
    }, 'es')
    expect(answer.problems).toEqual([
      {
        path: 'landing.carousel.apps[3].projectId',
        message: 'el catálogo no tiene ningún proyecto "no-such-project"',
      },
    ])
  })

  it('refuses keys the content does not have, anywhere, and a content that is no object', async () => {
    const unknown = await refused((c) => ({ ...c, theme: 'dark', landing: { ...c.landing, video: 'x' } }))
    expect(unknown.problems).toEqual(
      expect.arrayContaining([
        { path: '', message: 'unknown attribute "theme"' },
        { path: 'landing', message: 'unknown attribute "video"' },
      ]),
    )
    for (const content of ['una tienda', 42, [], true])
      expect((await store.save(content, 0)).statusCode, JSON.stringify(content)).toBe(400)
    expect(
      (await store.inject('PUT', '/draft', { payload: {}, headers: { 'if-match': '"0"' } })).statusCode,
    ).toBe(400)
  })

  it('lists at most 50 problems, counting them all, and refuses text PostgreSQL cannot hold', async () => {
    const many = await refused((c) => {
      for (const entry of c.faq) {
        entry.question.es = 'a\nb'
        entry.answer.en = '\u0001'
        entry.group.es = 'c\rd'
      }
      c.landing.carousel.apps = c.landing.carousel.apps.map(() => ({ source: 'project', projectId: 'gone' }))
    })
    expect(many.problems).toHaveLength(50)
    expect(many.problemCount).toBeGreaterThan(50)
    expect(many.message).toContain(`${many.problemCount} problems`)
    for (const text of ['nul\u0000', 'half \ud800 pair'])
      expect((await refused((c) => void (c.store.tagline.es = text))).type).toBe('general_argument_invalid')
  })

  it('refuses a body over 512 KB from its size, and stores nothing of any refused draft', async () => {
    const huge = versionOne()
    huge.pages.legalTerms.body.es = 'x'.repeat(600 * 1024)
    const answer = await store.save(huge, 0)
    expect(answer.statusCode).toBe(400)
    expect(answer.json<{ type: string }>().type).toBe('general_argument_invalid')
    expect(await storedDrafts()).toBe(0)
    const versions = await server.database.rows(
      sql`SELECT count(*)::int AS versions FROM storefront_versions`,
    )
    expect(versions).toEqual([{ versions: 1 }])
  })
})
