import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMember } from '../support/factories'
import { signIn } from '../support/inject'
import { rawRequest, type RawResponse } from '../support/raw-http'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * Targets the router reads as API paths although they do not start with `/v1/`: percent-encoded
 * (`%76` is `v`), absolute-form (a request line naming a host, as sent to a proxy) and unnormalised.
 * Sent over a raw socket: `inject` and HTTP clients would normalise them.
 */
const ACCOUNT_TARGETS = ['/%761/account', 'http://evil.example/v1/account', '/v%31/account']
const UNROUTED_TARGETS = [
  '/%761/nothing',
  'http://evil.example/v1/nothing?x=1',
  '//v1/nothing',
  '/v1/x/../nothing',
]

let server: TestServer
let cookie = ''

beforeAll(async () => {
  server = await startTestServer({ listen: true })
  ;({ cookie } = await signIn(server, await createMember(server.database)))
})
afterAll(() => server.close())

const get = (target: string, headers: Record<string, string> = {}) =>
  rawRequest(server.url, `GET ${target} HTTP/1.1`, headers)

function expectApiPolicy(response: RawResponse, target: string) {
  expect(response.headers['cache-control'], target).toBe('no-store')
  expect(response.headers['content-security-policy'], target).toBe(
    "default-src 'none'; frame-ancestors 'none'",
  )
  expect(response.headers['x-frame-options'], target).toBe('DENY')
}

it('refuses an unknown origin whichever way the API path is written', async () => {
  for (const target of ACCOUNT_TARGETS) {
    const response = await get(target, { origin: 'https://evil.example', cookie })
    expect(response.status, target).toBe(403)
    expect(JSON.parse(response.body), target).toMatchObject({ type: 'general_unknown_origin' })
    expectApiPolicy(response, target)
  }
})

it("sends a member's own data with the API's headers (no-store) whichever way the path is written", async () => {
  for (const target of ACCOUNT_TARGETS) {
    const response = await get(target, { cookie })
    expect(response.status, target).toBe(200)
    expect(JSON.parse(response.body), target).toHaveProperty('email')
    expectApiPolicy(response, target)
  }
})

it("answers unknown API paths with the API's 404 and headers", async () => {
  for (const target of UNROUTED_TARGETS) {
    const response = await get(target)
    expect(response.status, target).toBe(404)
    expect(JSON.parse(response.body), target).toMatchObject({ type: 'general_route_not_found' })
    expectApiPolicy(response, target)
  }
  const preflight = await rawRequest(server.url, 'OPTIONS /%761/account HTTP/1.1', {
    origin: 'http://shop.example.test',
    'access-control-request-method': 'GET',
  })
  expect(preflight.status).toBe(204)
  expect(preflight.headers['access-control-allow-origin']).toBe('http://shop.example.test')
})
