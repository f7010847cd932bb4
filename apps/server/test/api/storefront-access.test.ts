import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInConsoleCallers } from '../support/console-callers'
import { STOREFRONT_URL, storefrontConsole, versionOne } from '../support/storefront-console'
import { writeStorefrontBuild } from '../support/storefront-build'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * Issue 41: the storefront's routes are the console's, for admins only. A visitor and a member get
 * `401 user_unauthorized` on each, before any body is read; an admin gets its answer. The preview is the
 * draft drawn as a visitor would get it, never cached, never indexed, under the pages' policy.
 */
let server: TestServer
let webDir = ''
let adminCookie = ''
let memberCookie = ''

beforeAll(async () => {
  webDir = await writeStorefrontBuild()
  server = await startTestServer({ config: { webDir, checkoutUrl: 'https://pay.example.test/checkout' } })
  ;({ adminCookie, memberCookie } = await signInConsoleCallers(server))
})
afterAll(async () => {
  await server.close()
  await rm(webDir, { recursive: true, force: true })
})

/** Each route with a request an admin makes of it, in an order in which each succeeds. */
const ROUTES: {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE'
  url: string
  ifMatch?: string
  payload?: object
  status: number
}[] = [
  { method: 'GET', url: '', status: 200 },
  { method: 'PUT', url: '/draft', ifMatch: '"0"', payload: { content: versionOne() }, status: 200 },
  { method: 'GET', url: '/preview?page=/landing-pack-apps&lang=es', status: 200 },
  { method: 'POST', url: '/publish', ifMatch: '"1"', status: 201 },
  { method: 'GET', url: '/versions', status: 200 },
  { method: 'GET', url: '/versions/1', status: 200 },
  { method: 'POST', url: '/versions/1/restore', status: 201 },
  { method: 'DELETE', url: '/draft', status: 204 },
]

const call = (route: (typeof ROUTES)[number], cookie?: string) =>
  server.app.inject({
    method: route.method,
    url: `${STOREFRONT_URL}${route.url}`,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(route.ifMatch ? { 'if-match': route.ifMatch } : {}),
    },
    ...(route.payload ? { payload: route.payload } : {}),
  })

describe('who may use the storefront’s routes', () => {
  it('refuses a visitor and a member on every route, and changes nothing', async () => {
    for (const route of ROUTES) {
      for (const cookie of [undefined, memberCookie]) {
        const answer = await call(route, cookie)
        expect(answer.statusCode, `${route.method} ${route.url}`).toBe(401)
        expect(answer.json<{ type: string }>().type).toBe('user_unauthorized')
      }
    }
    const read = storefrontConsole(server, adminCookie)
    expect((await read.read()).json<{ published: { version: number }; draft: null }>()).toMatchObject({
      published: { version: 1 },
      draft: null,
    })
  })

  it('refuses a visitor’s large body from its headers, without reading it', async () => {
    const answer = await server.app.inject({
      method: 'PUT',
      url: `${STOREFRONT_URL}/draft`,
      headers: { 'content-type': 'application/json', 'if-match': '"0"' },
      payload: `{"content":"${'x'.repeat(400 * 1024)}"}`,
    })
    expect(answer.statusCode).toBe(401)
    expect(answer.headers.connection).toBe('close')
  })

  it('answers an admin on every route', async () => {
    for (const route of ROUTES) {
      const answer = await call(route, adminCookie)
      expect(answer.statusCode, `${route.method} ${route.url}: ${answer.body.slice(0, 300)}`).toBe(
        route.status,
      )
    }
  })
})

describe('the preview', () => {
  const store = () => storefrontConsole(server, adminCookie)

  it('draws the draft’s page as a visitor gets it: filled in, not cached, not indexed, under the pages’ policy', async () => {
    const draft = versionOne()
    draft.landing.offer.price.amount = '31'
    expect((await store().save(draft, await store().revision())).statusCode).toBe(200)
    const preview = await store().preview('?page=/landing-pack-apps&lang=en')
    expect(preview.statusCode).toBe(200)
    expect(preview.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(preview.headers['cache-control']).toBe('no-store')
    expect(preview.headers['x-robots-tag']).toBe('noindex')
    expect(preview.headers['content-security-policy']).toContain("script-src 'self'")
    expect(preview.body).toContain('en:landing-pack-apps drawn')
    expect(preview.body).toContain('$31')
    expect(preview.body).toContain('href="https://pay.example.test/checkout"')
    expect(preview.body).not.toContain('__PG_')
    // Nothing was published: visitors still get the published price.
    const page = await server.app.inject({ method: 'GET', url: '/landing-pack-apps?lang=en' })
    expect(page.body).not.toContain('$31')
  })

  it('draws the published content when there is no draft, any public page, Spanish by default', async () => {
    expect((await store().discard()).statusCode).toBe(204)
    const faq = await store().preview('?page=/faq')
    expect(faq.statusCode).toBe(200)
    expect(faq.body).toContain('es:faq drawn')
    expect((await store().preview('')).body).toContain('es:landing-pack-apps drawn')
    expect((await store().preview('?page=/')).body).toContain('es:index drawn')
  })

  it('refuses a page that is not a public page, or a language the store does not speak', async () => {
    for (const query of [
      '?page=/admin',
      '?page=/../etc/passwd',
      '?page=faq',
      '?lang=fr',
      '?lang=es&page=/search',
    ])
      expect((await store().preview(query)).statusCode, query).toBe(400)
  })
})
