import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { SHELL_PATHS, shellPageName } from '@pg/shared/routes'
import { serversOverPrerenderedBuild, writePrerenderedBuild } from '../support/prerendered-build'

const serve = serversOverPrerenderedBuild()

const title = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1]

describe('prerendered pages', () => {
  it('come in the remembered language, else the browser one, else Spanish', async () => {
    const { app } = await serve()
    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } })
    expect(title((await get('/faq')).body)).toBe('es:faq')
    expect(title((await get('/faq', { 'accept-language': 'en-US,en;q=0.9' })).body)).toBe('en:faq')
    expect(title((await get('/faq', { 'accept-language': 'fr-FR, en;q=0.5, es;q=0.8' })).body)).toBe('es:faq')
    expect(title((await get('/faq', { 'accept-language': 'de, fr' })).body)).toBe('es:faq')
    expect(title((await get('/faq', { 'accept-language': 'en;q=0, es' })).body)).toBe('es:faq')
    expect(title((await get('/faq', { 'accept-language': 'es', cookie: 'lang=en' })).body)).toBe('en:faq')
    expect(title((await get('/faq', { 'accept-language': 'en', cookie: 'lang=xx' })).body)).toBe('en:faq')
    expect(title((await get('/faq?lang=es', { cookie: 'lang=en' })).body)).toBe('es:faq')
    const response = await get('/', { 'accept-language': 'en' })
    expect(title(response.body)).toBe('en:index')
    expect(response.headers['content-language']).toBe('en')
    expect(response.headers['vary']).toBe('Cookie, Accept-Language, Accept-Encoding')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    const policy = String(response.headers['content-security-policy']).split('; ')
    // JSON-LD blocks are data, not scripts: no inline script is ever allowed.
    expect(policy.find((directive) => directive.startsWith('script-src'))).toBe("script-src 'self'")
    expect(policy).toContain('frame-src https://www.youtube-nocookie.com')
  })

  it("fill in the store's origin, their own address, the checkout and whether a session cookie came", async () => {
    const { app } = await serve()
    // The origin is the configured one (http://localhost on port 80 without PUBLIC_ORIGIN), never Host's.
    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers: { host: 'tienda.example.com', ...headers } })
    const faq = (await get('/faq?lang=en', { 'accept-encoding': 'identity' })).body
    expect(faq).toContain('<link rel="canonical" href="http://localhost/faq?lang=en">')
    expect(faq).toContain('content="http://localhost/og/card.jpg"')
    expect(faq).toContain('<meta name="checkout-url" content="">')
    expect(faq).toContain('<meta name="session" content="none">')
    expect(faq).not.toContain('__PG_')
    const negotiated = (await get('/faq/', { 'accept-language': 'en' })).body
    expect(negotiated).toContain('<link rel="canonical" href="http://localhost/faq">')
    const signedIn = (await get('/', { cookie: 'a_session_projects-gallery=abc' })).body
    expect(signedIn).toContain('<meta name="session" content="present">')
    expect(title((await get('/landing-pack-apps')).body)).toBe('es:landing-pack-apps.no-checkout')
    const odd = (await get('/', { host: 'evil.example"><script>' })).body
    expect(odd).toContain('href="http://localhost/"')
    expect(odd).not.toContain('evil.example')
  })

  it('with CHECKOUT_URL, the landing page links the buy button there', async () => {
    const { app } = await serve({
      config: {
        checkoutUrl: 'https://pay.example.com/buy?item=pack&ref="x"',
        publicOrigin: 'https://shop.example',
      },
    })
    const landing = (await app.inject({ method: 'GET', url: '/landing-pack-apps' })).body
    expect(title(landing)).toBe('es:landing-pack-apps')
    expect(landing).toContain(
      '<meta name="checkout-url" content="https://pay.example.com/buy?item=pack&amp;ref=&quot;x&quot;">',
    )
    expect(landing).toContain('<link rel="canonical" href="https://shop.example/landing-pack-apps">')
  })

  it('name the support address the owner set, and soporte@localhost until then', async () => {
    const unset = (await (await serve()).app.inject({ method: 'GET', url: '/faq' })).body
    expect(unset).toContain('<meta name="support-email" content="soporte@localhost">')
    expect(unset).toContain('<p>Escríbenos a soporte@localhost.</p>')
    const { app } = await serve({ config: { supportEmail: 'ayuda@tienda.example.com' } })
    const faq = (await app.inject({ method: 'GET', url: '/faq' })).body
    expect(faq).toContain('<meta name="support-email" content="ayuda@tienda.example.com">')
    expect(faq).toContain('<p>Escríbenos a ayuda@tienda.example.com.</p>')
    expect(faq).not.toContain('__PG_')
  })

  it('send the members shell, a 404 page for unknown addresses, and never the raw files', async () => {
    const { app } = await serve()
    const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } })
    expect(title((await get('/search?q=voz')).body)).toBe('en:shell.search')
    expect(title((await get('/home')).body)).toBe('en:shell.home')
    const missing = await get('/no-such-page')
    expect(missing.statusCode).toBe(404)
    expect(title(missing.body)).toBe('en:404')
    for (const url of ['/es/index.html', '/en/faq.html']) {
      const raw = await get(url)
      expect(raw.statusCode).toBe(404)
      expect(raw.body).not.toContain('__PG_')
    }
  })

  it('answer every address the app draws with 200 and that page’s own title: console, members, recovery', async () => {
    const { app } = await serve()
    for (const language of ['es', 'en']) {
      const get = (url: string) =>
        app.inject({
          method: 'GET',
          url,
          headers: { 'accept-language': language, 'accept-encoding': 'identity' },
        })
      for (const path of [...SHELL_PATHS, '/admin/', '/admin/members/?member=x']) {
        const response = await get(path)
        expect(response.statusCode, path).toBe(200)
        const page = shellPageName(path.replace(/\/?(\?.*)?$/, ''))
        expect(title(response.body), path).toBe(`${language}:${page}`)
        expect(response.headers['cache-control']).toBe('no-cache')
      }
      for (const path of ['/admin/nope', '/admin/members/x', '/adminx']) {
        const response = await get(path)
        expect(response.statusCode, path).toBe(404)
        expect(title(response.body)).toBe(`${language}:404`)
      }
    }
    // Each is kept once per language and variant, whatever the address's spelling.
    expect(app.prerenderedPages?.size).toBeLessThanOrEqual(2 * (SHELL_PATHS.length + 1) * 2)
  })

  it('answer with the one shell page for a build made before each address had its own', async () => {
    const webDir = await writePrerenderedBuild()
    try {
      for (const language of ['es', 'en'])
        for (const address of SHELL_PATHS) await rm(join(webDir, language, `${shellPageName(address)}.html`))
      const { app } = await serve({ config: { webDir } })
      const response = await app.inject({
        method: 'GET',
        url: '/admin/orders',
        headers: { 'accept-encoding': 'identity' },
      })
      expect(response.statusCode).toBe(200)
      expect(title(response.body)).toBe('es:shell')
    } finally {
      await rm(webDir, { recursive: true, force: true })
    }
  })

  it('are compressed, tagged and revalidated', async () => {
    const { app } = await serve()
    const get = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/refund-policy', headers })
    const plain = await get({ 'accept-encoding': 'identity' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4)
    const gzip = await get({ 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
    expect(br.headers['etag']).not.toBe(gzip.headers['etag'])
    const again = await get({ 'accept-encoding': 'gzip, br', 'if-none-match': String(br.headers['etag']) })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('send precompressed assets, cached for a year', async () => {
    const { app } = await serve()
    const asset = await app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'br' },
    })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['content-encoding']).toBe('br')
    expect(asset.headers['vary']).toMatch(/accept-encoding/i)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(asset.rawPayload).toString()).toContain('hola')
  })

  it('serve robots.txt and a sitemap of the public pages', async () => {
    const { app } = await serve({ config: { publicOrigin: 'https://shop.example' } })
    const robots = (await app.inject({ method: 'GET', url: '/robots.txt' })).body
    expect(robots).toContain('Disallow: /search\nDisallow: /home\n')
    expect(robots).toContain('Disallow: /admin\n')
    expect(robots).toContain('Sitemap: https://shop.example/sitemap.xml')
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(sitemap.headers['content-type']).toContain('application/xml')
    expect(sitemap.body).toContain('<loc>https://shop.example/landing-pack-apps</loc>')
    expect(sitemap.body).toContain('hreflang="en" href="https://shop.example/faq?lang=en"')
    expect(sitemap.body).not.toContain('/search')
  })

  it('ask for HTTPS from then on (HSTS) when served over HTTPS without PUBLIC_ORIGIN', async () => {
    const { app } = await serve({ config: { trustProxy: true } })
    const secure = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } })
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    const plain = await app.inject({ method: 'GET', url: '/' })
    expect(plain.headers['strict-transport-security']).toBeUndefined()
  })
})
