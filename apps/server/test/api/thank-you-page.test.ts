import { describe, expect, it } from 'vitest'
import { serversOverPrerenderedBuild } from '../support/prerendered-build'

const serve = serversOverPrerenderedBuild()

const title = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1]

describe('the thank-you page', () => {
  it('is one page at /gracias (the usual language rules) and /thank-you (English unless told otherwise)', async () => {
    const { app } = await serve()
    const get = async (url: string, headers: Record<string, string> = {}) => {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'identity', ...headers },
      })
      expect(response.statusCode, url).toBe(200)
      return title(response.body)
    }
    expect(await get('/gracias')).toBe('es:gracias')
    expect(await get('/gracias', { 'accept-language': 'en-US,en' })).toBe('en:gracias')
    expect(await get('/gracias', { cookie: 'lang=en' })).toBe('en:gracias')
    expect(await get('/gracias?lang=en')).toBe('en:gracias')

    expect(await get('/thank-you')).toBe('en:gracias')
    expect(await get('/thank-you/', { 'accept-language': 'es-MX,es' })).toBe('en:gracias')
    // The visitor's own choice (the language switcher's cookie, or the address) still wins.
    expect(await get('/thank-you', { cookie: 'lang=es' })).toBe('es:gracias')
    expect(await get('/thank-you?lang=es')).toBe('es:gracias')
  })

  it('is left out of the sitemap', async () => {
    const { app } = await serve({ config: { publicOrigin: 'https://shop.example' } })
    const sitemap = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body
    expect(sitemap).toContain('<loc>https://shop.example/faq</loc>')
    expect(sitemap).not.toContain('gracias')
    expect(sitemap).not.toContain('thank-you')
  })
})
