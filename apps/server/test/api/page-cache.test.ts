import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { writePrerenderedBuild } from '../support/prerendered-build'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * Unknown addresses and Host headers cost nothing new (issue 10, item 2): the 404 page is filled and
 * compressed once per language and session variant, whatever the path, query or Host.
 */
let webDir = ''
let server: TestServer

beforeAll(async () => {
  webDir = await writePrerenderedBuild()
  server = await startTestServer({ config: { webDir } })
})
afterAll(async () => {
  await server.close()
  await rm(webDir, { recursive: true, force: true })
})

const unknown = (index: number) => {
  const random = randomBytes(6).toString('hex')
  return {
    url: `/no-such-page-${index}-${random}/${'x'.repeat(index % 50)}?lang=${index % 3 ? 'en' : 'es'}&q=${random}`,
    host: `h${index}-${random}.example.com:${1000 + index}`,
  }
}

it('sends one 404 page, byte for byte, for every unknown address and Host, and holds a bounded number', async () => {
  const bodies = new Map<string, Set<string>>()
  const etags = new Map<string, Set<string>>()
  for (let index = 0; index < 300; index += 1) {
    const { url, host } = unknown(index)
    const session = index % 2 ? { cookie: `a_session_projects-gallery=${host}` } : {}
    const response = await server.app.inject({
      method: 'GET',
      url,
      headers: { host, 'accept-encoding': index % 4 < 2 ? 'br' : 'identity', ...session },
    })
    expect(response.statusCode).toBe(404)
    const variant = `${index % 3 ? 'en' : 'es'}|${index % 2}|${index % 4 < 2 ? 'br' : 'identity'}`
    bodies.set(variant, (bodies.get(variant) ?? new Set()).add(response.rawPayload.toString('base64')))
    etags.set(variant, (etags.get(variant) ?? new Set()).add(String(response.headers.etag)))
    if (index % 4 >= 2) {
      expect(response.body).not.toContain('no-such-page')
      expect(response.body).not.toContain('.example.com')
      expect(response.body).toContain('<link rel="canonical" href="http://localhost/">')
    }
  }
  for (const [variant, set] of bodies) expect(set.size, variant).toBe(1)
  for (const [variant, set] of etags) expect(set.size, variant).toBe(1)
  // 2 languages × 2 session variants of one page; nothing per address or Host.
  expect(server.app.prerenderedPages?.size).toBe(4)
})

it('holds at most one filled page per page, language and variant however the pages are asked for', async () => {
  for (let index = 0; index < 200; index += 1) {
    const { host } = unknown(index)
    for (const url of ['/faq', `/faq/?utm=${index}`, '/faq?lang=en', `/search?q=${index}`, '/home/']) {
      const response = await server.app.inject({ method: 'GET', url, headers: { host } })
      expect(response.statusCode).toBe(200)
      expect(response.body).not.toContain('.example.com')
    }
  }
  // The four 404 pages, then faq in Spanish and at its English address, and the Spanish shells of
  // /search and /home (each its own page since issue 28, item 12).
  expect(server.app.prerenderedPages?.size).toBe(4 + 4)
})
