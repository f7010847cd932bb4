import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMember, type TestMember } from '../support/factories'
import { listUrl, signIn, SESSION_COOKIE } from '../support/inject'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

let server: TestServer
let member: TestMember
const ALLOWED = testConfig.allowedOrigins[0] ?? ''

beforeAll(async () => {
  server = await startTestServer()
  member = await createMember(server.database)
})
afterAll(() => server.close())

describe('response headers', () => {
  it('sends the security headers and no-store on API responses, successes and errors alike', async () => {
    const { cookie } = await signIn(server, member)
    for (const response of [
      await server.app.inject({ method: 'GET', url: '/v1/account', headers: { cookie } }),
      await server.app.inject({ method: 'GET', url: '/v1/account' }),
    ]) {
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cache-control': 'no-store',
        'x-frame-options': 'DENY',
      })
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      expect(response.headers['x-appwrite-warning']).toBeUndefined()
    }
  })
})

describe('origins', () => {
  it('answers a preflight from an allowed origin', async () => {
    const response = await server.app.inject({
      method: 'OPTIONS',
      url: '/v1/account',
      headers: {
        origin: ALLOWED,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-appwrite-project',
      },
    })
    expect(response.statusCode).toBe(204)
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED)
    expect(response.headers['access-control-allow-credentials']).toBe('true')
    expect(String(response.headers['access-control-allow-headers'])).toContain('X-Appwrite-Project')
    expect(String(response.headers['access-control-expose-headers'])).toContain('X-Fallback-Cookies')
  })

  it('refuses an unknown origin with 403 general_unknown_origin and never echoes it', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/v1/account',
      headers: { origin: 'https://evil.example' },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ type: 'general_unknown_origin' })
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('gives a cross-origin caller its session in X-Fallback-Cookies, and only that caller', async () => {
    const cross = await signIn(server, member, { origin: ALLOWED })
    const header = String(cross.response.headers['x-fallback-cookies'])
    expect(JSON.parse(header)).toEqual({ [SESSION_COOKIE]: cross.value })
    const same = await signIn(server, member, { origin: 'http://localhost' })
    expect(same.response.headers['x-fallback-cookies']).toBeUndefined()
  })
})

describe('health', () => {
  it('answers GET /v1/health/version without a session', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/v1/health/version' })
    expect(response.json()).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+$/) })
  })
})

describe('malformed requests', () => {
  it('rejects a wrong project id with 404 project_not_found', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/v1/account',
      headers: { 'x-appwrite-project': 'other' },
    })
    expect(response.json()).toMatchObject({ code: 404, type: 'project_not_found' })
  })

  it('answers bad bodies with 400 general_argument_invalid', async () => {
    const { cookie } = await signIn(server, member)
    const cases = [
      { payload: '{"prefs":', type: 'application/json' },
      { payload: '[1,2]', type: 'application/json' },
      { payload: '"text"', type: 'application/json' },
      { payload: JSON.stringify({ prefs: [1, 2] }), type: 'application/json' },
      { payload: JSON.stringify({ prefs: { big: 'x'.repeat(70_000) } }), type: 'application/json' },
      { payload: JSON.stringify({ prefs: { big: 'x'.repeat(300_000) } }), type: 'application/json' },
      { payload: 'prefs=1', type: 'application/x-www-form-urlencoded' },
    ]
    for (const { payload, type } of cases) {
      const response = await server.app.inject({
        method: 'PATCH',
        url: '/v1/account/prefs',
        payload,
        headers: { cookie, 'content-type': type },
      })
      expect(response.statusCode, payload.slice(0, 40)).toBe(400)
      expect(response.json()).toMatchObject({ code: 400, type: 'general_argument_invalid' })
    }
    const prefs = await server.app.inject({ method: 'GET', url: '/v1/account/prefs', headers: { cookie } })
    expect(prefs.json()).toEqual({})
  })

  it('rejects a non-boolean total and non-array queries', async () => {
    const { cookie } = await signIn(server, member)
    for (const url of [
      listUrl('projects', [], '&total=maybe'),
      '/v1/databases/gallery/collections/projects/documents?queries[foo]=bar',
      '/v1/databases/gallery/collections/projects/documents?queries[0][a]=b',
    ]) {
      const response = await server.app.inject({ method: 'GET', url, headers: { cookie } })
      expect(response.statusCode, url).toBe(400)
      // The query string is read after the access check (decision 033): a visitor is refused first.
      const visitor = await server.app.inject({ method: 'GET', url })
      expect(visitor.json(), url).toMatchObject({ code: 401, type: 'user_unauthorized' })
    }
  })

  it('has sign-up disabled unless the owner turns it on', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/v1/account',
      payload: { userId: 'unique()', email: 'new@example.com', password: 'a long password' },
    })
    expect(response.json()).toMatchObject({ code: 403, type: 'general_access_forbidden' })
  })
})
