import { DomUtils, parseDocument } from 'htmlparser2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_PATHS } from '@pg/shared/routes'
import { storefrontContentSchema, type StorefrontContent } from '@pg/shared/storefront/content'
import { resolvedStorefrontSchema } from '@pg/shared/storefront/resolved'
import { signInConsoleCallers } from '../support/console-callers'
import { storefrontConsole, versionOne } from '../support/storefront-console'
import { startTestServer, type TestServer } from '../support/test-app'
import { realWebBuild } from '../support/web-build'

/**
 * Issue 41: an owner's text can never break out of its place. Every text of the content holds a payload
 * that would close a script, open another, break out of an attribute, add an event handler and link to
 * `javascript:`; published and drawn with the web app's own server entry (the real build), each page
 * has only the app's scripts and its data blocks, no event handler, no `javascript:` address, and the
 * data blocks read back to the very texts.
 */
const PAYLOAD = `</script><script>alert(1)</script>"'<img src=x onerror=alert(1)>[x](javascript:alert(1))`
/** For the texts too short for the whole payload (a name of 60 characters). */
const SHORT_PAYLOAD = `</script>"'<img src=x onerror=alert(1)>`
/** Values with a format of their own (a price, an address, a choice), which no text can be. */
const NOT_TEXT = new Set([
  'amount',
  'currency',
  'url',
  'image',
  'network',
  'icon',
  'source',
  'projectId',
  'updatedOn',
  'supportEmail',
])

type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

function withPayload(value: Json, key = ''): Json {
  if (typeof value === 'string') return NOT_TEXT.has(key) ? value : PAYLOAD
  if (Array.isArray(value)) return value.map((item) => withPayload(item, key))
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, withPayload(item, name)]))
}

function setAt(target: Json, path: PropertyKey[], text: string): void {
  const parent = path
    .slice(0, -1)
    .reduce<Json | undefined>(
      (node, segment) => (node && typeof node === 'object' ? Reflect.get(node, segment) : undefined),
      target,
    )
  const last = path.at(-1)
  if (parent && typeof parent === 'object' && last !== undefined) Reflect.set(parent, last, text)
}

/**
 * Version 1 with the payload in every text, the shorter one where a text is bounded below its length,
 * as the schema says: what an owner could publish.
 */
function hostileContent(): StorefrontContent {
  const content = withPayload(JSON.parse(JSON.stringify(versionOne())) as Json)
  for (let round = 0; round < 3; round++) {
    const parsed = storefrontContentSchema.safeParse(content)
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) {
      if (issue.code !== 'too_big')
        throw new Error(`Not a hostile text: ${issue.path.join('.')}: ${issue.message}`)
      setAt(content, issue.path, SHORT_PAYLOAD.slice(0, Number(issue.maximum)))
    }
  }
  throw new Error('The hostile content is not valid')
}

let server: TestServer
let removeBuild: () => Promise<void> = async () => undefined
let content: StorefrontContent
let store: ReturnType<typeof storefrontConsole>

beforeAll(async () => {
  const build = await realWebBuild('xss')
  removeBuild = build.remove
  server = await startTestServer({
    config: { webDir: build.webDir, checkoutUrl: 'https://pay.example.test/checkout?plan=pack' },
  })
  store = storefrontConsole(server, (await signInConsoleCallers(server)).adminCookie)
  content = hostileContent()
  const published = await store.saveAndPublish(content)
  expect(published.statusCode, published.body).toBe(201)
  expect(published.json<{ live: boolean }>().live).toBe(true)
}, 120_000)
afterAll(async () => {
  await server.close()
  await removeBuild()
})

/** Every page of the store, at its address, in both languages. */
const PAGES = [...PUBLIC_PATHS, '/thank-you', '/search', '/no-such-page']

/** The page's elements, and what each data block holds. */
function readPage(html: string) {
  const document = parseDocument(html)
  const elements = DomUtils.findAll(() => true, document.children)
  const scripts = elements.filter((element) => element.name === 'script')
  const dataOf = (type: string) =>
    scripts
      .filter((script) => script.attribs.type === type)
      .map((script) => JSON.parse(DomUtils.textContent(script)) as unknown)
  return {
    elements,
    scripts,
    storefront: dataOf('application/json'),
    structured: dataOf('application/ld+json'),
  }
}

describe('an owner’s hostile texts, published and drawn', () => {
  it('leave every page with only the app’s scripts and data blocks, no handler, no javascript: address', async () => {
    for (const language of ['es', 'en']) {
      for (const path of PAGES) {
        const url = `${path}?lang=${language}`
        const page = await server.app.inject({ method: 'GET', url })
        expect(page.statusCode, url).toBeLessThan(500)
        const { elements, scripts, storefront } = readPage(page.body)
        for (const script of scripts) {
          const { type, src } = script.attribs
          const own = type === 'module' && /^\/assets\/[\w.-]+\.js$/.test(src ?? '')
          expect(
            own || type === 'application/json' || type === 'application/ld+json',
            `${url}: ${type} ${src}`,
          ).toBe(true)
        }
        for (const element of elements) {
          for (const [name, value] of Object.entries(element.attribs)) {
            expect(name, `${url}: <${element.name} ${name}>`).not.toMatch(/^on/i)
            expect(value, `${url}: <${element.name} ${name}>`).not.toMatch(/^\s*javascript:/i)
          }
          expect(element.name === 'img' && element.attribs.src === 'x', url).toBe(false)
        }
        expect(page.body).not.toMatch(/<script>alert/i)
        // Every page carries its language's storefront, which reads back to the owner's texts.
        expect(storefront, url).toHaveLength(1)
        const resolved = resolvedStorefrontSchema.parse(storefront[0])
        expect(resolved.language).toBe(language)
        expect(resolved.store.name).toBe(content.store.name.es)
        expect(resolved.landing.hero.title).toBe(PAYLOAD)
        expect(resolved.landing.faq.entries[0]).toEqual({ question: PAYLOAD, answer: PAYLOAD })
        expect(resolved.price.formatted).toBe(language === 'es' ? '25\u00a0US$' : '$25')
      }
    }
  })

  it('keeps the texts whole in the JSON-LD of the landing page and of the FAQ page', async () => {
    const landing = readPage((await server.app.inject({ method: 'GET', url: '/landing-pack-apps' })).body)
    expect(landing.structured).toContainEqual(
      expect.objectContaining({
        '@type': 'Product',
        name: PAYLOAD,
        description: PAYLOAD,
        brand: { '@type': 'Brand', name: content.store.name.es },
        offers: expect.objectContaining({ price: '25.00', priceCurrency: 'USD' }),
      }),
    )
    const faq = readPage((await server.app.inject({ method: 'GET', url: '/faq?lang=en' })).body)
    const questions = faq.structured.find(
      (data): data is { mainEntity: { name: string; acceptedAnswer: { text: string } }[] } =>
        typeof data === 'object' && data !== null && 'mainEntity' in data,
    )
    expect(questions?.mainEntity).toHaveLength(content.faq.length)
    for (const question of questions?.mainEntity ?? [])
      expect(question).toMatchObject({ name: PAYLOAD, acceptedAnswer: { text: PAYLOAD } })
  })

  it('shows the texts as text: the payload is read on the page, never run', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/landing-pack-apps' })
    const { elements } = readPage(page.body)
    const root = elements.find((element) => element.attribs.id === 'root')
    if (!root) throw new Error('The page has no #root')
    expect(DomUtils.textContent(root)).toContain(PAYLOAD)
    const legal = readPage((await server.app.inject({ method: 'GET', url: '/legal-terms' })).body)
    const links = legal.elements.filter((element) => element.name === 'a')
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) expect(link.attribs.href ?? '').not.toMatch(/javascript/i)
  })

  it('never sends the build’s server entry, its template or its manifest', async () => {
    for (const file of ['entry-server.js', 'template.html', 'manifest.json']) {
      const answer = await server.app.inject({ method: 'GET', url: `/.server/${file}` })
      expect(answer.statusCode, file).toBe(404)
      expect(answer.body).not.toContain('renderStorefrontPages')
    }
  })

  it('draws the same safe page in the console’s preview', async () => {
    const draft = hostileContent()
    expect((await store.save(draft, await store.revision())).statusCode).toBe(200)
    const preview = await store.preview('?page=/faq&lang=es')
    expect(preview.statusCode).toBe(200)
    const { elements, structured } = readPage(preview.body)
    for (const element of elements)
      for (const name of Object.keys(element.attribs)) expect(name).not.toMatch(/^on/i)
    expect(structured.length).toBeGreaterThan(0)
    expect((await store.discard()).statusCode).toBe(204)
  })
})

describe('a price published, on a store with its checkout', () => {
  it('is in the buy buttons, the meta description and the JSON-LD offer of both languages; version 1 brings 25 back', async () => {
    const priced = versionOne()
    priced.landing.offer.price = { amount: '29', currency: 'USD' }
    const published = await store.saveAndPublish(priced)
    expect(published.statusCode, published.body).toBe(201)
    const landing = async (query: string) => {
      const answer = await server.app.inject({ method: 'GET', url: `/landing-pack-apps${query}` })
      const { elements, structured } = readPage(answer.body)
      const buttons = elements
        .filter(
          (element) => element.name === 'a' && element.attribs.href?.startsWith('https://pay.example.test/'),
        )
        .map((element) => DomUtils.textContent(element).trim())
      const description = elements.find(
        (element) => element.name === 'meta' && element.attribs.name === 'description',
      )?.attribs.content
      const offer = structured
        .map((block) => (block as { offers?: { price: string; priceCurrency: string } }).offers)
        .find(Boolean)
      return { buttons, description, offer }
    }
    const spanish = await landing('')
    expect(spanish.buttons.length).toBeGreaterThan(0)
    expect(new Set(spanish.buttons)).toEqual(new Set(['Comprar el pack por 29\u00a0US$']))
    expect(spanish.description).toContain('por 29\u00a0US$')
    expect(spanish.offer).toEqual(expect.objectContaining({ price: '29.00', priceCurrency: 'USD' }))
    const english = await landing('?lang=en')
    expect(new Set(english.buttons)).toEqual(new Set(['Buy the bundle for $29']))
    expect(english.description).toContain('for $29')
    expect(english.offer?.price).toBe('29.00')

    expect((await store.restore(1)).statusCode).toBe(201)
    expect(new Set((await landing('')).buttons)).toEqual(new Set(['Comprar el pack por 25\u00a0US$']))
    expect((await landing('')).offer?.price).toBe('25.00')
  })
})
