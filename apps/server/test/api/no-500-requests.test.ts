import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInConsoleCallers } from '../support/console-callers'
import { listUrl } from '../support/inject'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

/**
 * Issue 34, section 4, inputs 1 to 4: requests an independent fuzzer found answered 500. Each is a 4xx
 * in Appwrite's error shape now, and the store still answers after it.
 */
let server: TestServer
let adminCookie = ''
let memberCookie = ''

beforeAll(async () => {
  server = await startTestServer()
  ;({ adminCookie, memberCookie } = await signInConsoleCallers(server))
})
afterAll(() => server.close())

type Method = 'GET' | 'POST' | 'PATCH'
async function expect4xx(method: Method, url: string, cookie: string, body?: string) {
  const response = await server.app.inject({
    method,
    url,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: body }),
  })
  expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400)
  expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 300)}`).toBeLessThan(500)
  expect(response.json()).toMatchObject({ code: response.statusCode, type: expect.any(String) })
  return response
}

const queryString = (queries: object[]) =>
  queries.map((query, index) => `queries[${index}]=${encodeURIComponent(JSON.stringify(query))}`).join('&')

/** Names every JavaScript object answers to without holding them itself. */
const BUILT_IN_NAMES = ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf', 'isPrototypeOf']
const hostileQueries = BUILT_IN_NAMES.flatMap((attribute) => [
  { method: 'orderDesc', attribute },
  { method: 'orderAsc', attribute },
  { method: 'equal', attribute, values: ['x'] },
])

const DOCUMENTS = `/v1/databases/${testConfig.databaseId}/collections`
/** An array nested this deep: JSON.parse reads it, a recursive walk of it overflows the stack. */
const DEEP = 20_000
const deepArray = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`

describe('inputs that answered 500 (issue 34, section 4)', () => {
  it('1. a query attribute named like an object’s built-in property: users, audit, collections', async () => {
    for (const query of hostileQueries) {
      const search = queryString([query])
      await expect4xx('GET', `/v1/users?${search}`, adminCookie)
      await expect4xx('GET', `/v1/store/audit?${search}`, adminCookie)
      await expect4xx('GET', `${listUrl('collections')}${search}`, memberCookie)
      await expect4xx('GET', `${listUrl('projects')}${search}`, memberCookie)
    }
    expect((await server.app.inject({ url: '/v1/users', headers: { cookie: adminCookie } })).statusCode).toBe(
      200,
    )
  })

  it('2. a NUL in the users’ search (and any other query parameter) is a 400', async () => {
    for (const url of [
      '/v1/users?search=a%00b',
      '/v1/store/orders?email=a%00b',
      `/v1/store/audit?${queryString([{ method: 'equal', attribute: 'actor', values: ['a'] }])}&x=%00`,
    ]) {
      const response = await expect4xx('GET', url, adminCookie)
      expect(response.statusCode).toBe(400)
    }
  })

  it('3. orders from year 0000 or to 9999-12-31 are a 400, not a day PostgreSQL cannot hold', async () => {
    for (const days of ['from=0000-01-01', 'to=9999-12-31', 'from=0000-01-01&to=9999-12-31']) {
      const response = await expect4xx('GET', `/v1/store/orders?${days}`, adminCookie)
      expect(response.statusCode).toBe(400)
    }
    const widest = await server.app.inject({
      url: '/v1/store/orders?from=0001-01-01&to=9999-12-30',
      headers: { cookie: adminCookie },
    })
    expect(widest.statusCode, widest.body).toBe(200)
  })

  it('4. permissions with objects or nested 20,000 deep on a document create or update', async () => {
    for (const permissions of ['[{"toString":1}]', '[{"valueOf":{}}]', deepArray]) {
      const projects = `${DOCUMENTS}/projects/documents`
      const collections = `${DOCUMENTS}/collections/documents`
      const data = '{"name":"x"}'
      const body = `{"documentId":"unique()","data":${data},"permissions":${permissions}}`
      await expect4xx('POST', `${DOCUMENTS}/categories/documents`, adminCookie, body)
      await expect4xx('PATCH', `${projects}/does-not-exist`, adminCookie, `{"permissions":${permissions}}`)
      await expect4xx('POST', collections, memberCookie, body)
      await expect4xx(
        'PATCH',
        `${collections}/does-not-exist`,
        memberCookie,
        `{"permissions":${permissions}}`,
      )
      await expect4xx('PATCH', `${collections}/does-not-exist`, memberCookie, `{"data":${deepArray}}`)
    }
  })
})
