import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/test-app'

/** The server serves the built web app: pages for known routes, cached assets, a 404 for the rest. */
let server: TestServer
let webDir = ''
const SERVER_FILES = ['entry-server.js', 'template.html', 'manifest.json']
const SERVER_SECRET = 'the whole app, the console included: for the storefront worker only'
const PAGE =
  '<!doctype html><html lang="es"><head><title>Projects Gallery</title></head><body><div id="root"></div></body></html>'

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'gallery-web-'))
  await mkdir(path.join(webDir, 'assets'))
  await writeFile(path.join(webDir, 'index.html'), PAGE)
  await writeFile(path.join(webDir, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)')
  await writeFile(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  // The server entry's folder as the build writes it (decision 073), precompressed copies included.
  await mkdir(path.join(webDir, '.server'))
  for (const file of SERVER_FILES) {
    await writeFile(path.join(webDir, '.server', file), SERVER_SECRET)
    await writeFile(path.join(webDir, '.server', `${file}.br`), SERVER_SECRET)
    await writeFile(path.join(webDir, '.server', `${file}.gz`), SERVER_SECRET)
  }
  server = await startTestServer({ config: { webDir } })
})
afterAll(async () => {
  await server.close()
  await rm(webDir, { recursive: true, force: true })
})

const get = (url: string) => server.app.inject({ method: 'GET', url })

describe('web app', () => {
  it('serves the page for every route of the app, revalidated, under a strict policy', async () => {
    for (const url of ['/', '/login', '/search?q=voz', '/home/', '/faq']) {
      const response = await get(url)
      expect(response.statusCode, `${url} ${response.body}`).toBe(200)
      expect(response.headers['content-type']).toContain('text/html')
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toBe(PAGE)
      const policy = String(response.headers['content-security-policy'])
      expect(policy).toContain("script-src 'self'")
      expect(policy).not.toContain("unsafe-inline' 'unsafe-eval")
      expect(policy).toContain('frame-src https://www.youtube-nocookie.com')
      expect(policy).toContain("frame-ancestors 'none'")
    }
  })

  it('answers an unknown route with a 404 status and the app, which draws its 404 page', async () => {
    const response = await get('/no-such-page')
    expect(response.statusCode).toBe(404)
    expect(response.body).toBe(PAGE)
  })

  it('caches hashed assets for a year and other files briefly', async () => {
    const asset = await get('/assets/index-Ab12Cd34.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache')
    expect((await get('/index.html')).headers['content-security-policy']).toContain("script-src 'self'")
  })

  it('never sends the server entry’s folder, however the address or encoding is written', async () => {
    for (const file of SERVER_FILES) {
      for (const url of [
        `/.server/${file}`,
        `/%2Eserver/${file}`,
        `/assets/../.server/${file}`,
        `/.server/${file}.br`,
        `/.server//${file}`,
      ]) {
        for (const encoding of ['identity', 'br', 'gzip']) {
          const response = await server.app.inject({
            method: 'GET',
            url,
            headers: { 'accept-encoding': encoding },
          })
          expect(response.statusCode, `${url} ${encoding}`).toBe(404)
          expect(response.body, `${url} ${encoding}`).not.toContain(SERVER_SECRET)
        }
      }
    }
  })

  it('keeps API and media errors in their own shapes', async () => {
    expect((await get('/v1/nope')).json()).toMatchObject({ type: 'general_route_not_found' })
    const media = await get('/media/thumbnails/unknown.svg')
    expect(media.statusCode).toBe(404)
    expect(media.headers['content-type']).toContain('text/plain')
  })
})
