import { expect, it } from 'vitest'
import { serversOverPrerenderedBuild } from '../support/prerendered-build'

/** Permissions-Policy everywhere; HSTS whenever the store's public origin is https (issue 10, item 20). */
const serve = serversOverPrerenderedBuild()

const ANSWERS = [
  '/',
  '/faq',
  '/search',
  '/no-such-page',
  '/assets/index-Ab12Cd34.js',
  '/v1/account',
  '/v1/nope',
]
const PLAYER = '"https://www.youtube-nocookie.com"'

it("denies the browser's powerful features on pages and API, and lends the video player what it uses", async () => {
  const { app } = await serve()
  for (const url of ANSWERS) {
    const header = (await app.inject({ method: 'GET', url })).headers['permissions-policy']
    const policy = new Map(
      String(header)
        .split(', ')
        .map((item) => [item.slice(0, item.indexOf('=')), item.slice(item.indexOf('=') + 1)]),
    )
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'autoplay'])
      expect(policy.get(feature), `${url} ${feature}`).toBe('()')
    for (const feature of [
      'encrypted-media',
      'picture-in-picture',
      'fullscreen',
      'accelerometer',
      'gyroscope',
    ])
      expect(policy.get(feature), `${url} ${feature}`).toBe(`(self ${PLAYER})`)
  }
})

it('asks for HTTPS (HSTS) on every answer when PUBLIC_ORIGIN is https, even from a proxy that says nothing', async () => {
  const { app } = await serve({ config: { publicOrigin: 'https://tienda.example.com' } })
  for (const url of ANSWERS) {
    const response = await app.inject({ method: 'GET', url })
    expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains')
  }
  const plain = await serve({ config: { publicOrigin: 'http://tienda.example.com' } })
  for (const url of ANSWERS) {
    const response = await plain.app.inject({ method: 'GET', url })
    expect(response.headers['strict-transport-security'], url).toBeUndefined()
  }
})
