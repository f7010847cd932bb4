import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInConsoleCallers } from '../support/console-callers'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

let server: TestServer
let memberCookie = ''

beforeAll(async () => {
  server = await startTestServer()
  ;({ memberCookie } = await signInConsoleCallers(server))
})
afterAll(() => server.close())

/** A console route's pattern with every parameter filled in (an id that may or may not exist). */
const urlOf = (pattern: string) =>
  pattern.replace(':databaseId', testConfig.databaseId).replace(/:(\w+)/g, (_, name: string) => `any-${name}`)

describe('the owner’s console: every route, one rule', () => {
  it('has routes to check (the users, catalogue, orders, audit, members and store modules)', () => {
    const urls = server.app.consoleRoutes.map((route) => route.url)
    for (const part of [
      '/v1/users',
      '/documents',
      '/v1/store/catalog',
      '/v1/store/orders',
      '/v1/store/audit',
      '/v1/store/analytics',
    ])
      expect(
        urls.some((url) => url.includes(part)),
        part,
      ).toBe(true)
  })

  it('answers 401 user_unauthorized to a visitor and to a member without the admin label, before reading anything', async () => {
    const refusals: string[] = []
    for (const route of server.app.consoleRoutes) {
      for (const cookie of [undefined, memberCookie]) {
        const response = await server.app.inject({
          method: route.method as 'GET',
          url: urlOf(route.url),
          // A body every write route would take if it were allowed: the refusal must come first.
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: { dryRun: true } }),
          headers: cookie ? { cookie } : {},
        })
        const body = response.json() as { type?: string }
        if (response.statusCode !== 401 || body.type !== 'user_unauthorized')
          refusals.push(
            `${route.method} ${route.url} (${cookie ? 'member' : 'visitor'}): ${response.statusCode} ${body.type}`,
          )
      }
    }
    expect(refusals).toEqual([])
    expect(server.app.consoleRoutes.length).toBeGreaterThan(20)
  })
})
