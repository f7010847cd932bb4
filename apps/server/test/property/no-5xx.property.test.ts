import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInConsoleCallers } from '../support/console-callers'
import { createMember } from '../support/factories'
import { listUrl } from '../support/inject'
import { testConfig, type TestServer } from '../support/test-app'
import { hotmartDelivery } from '../support/webhook-deliveries'
import { deliver, startSellingStore, WEBHOOK_SECRETS } from '../support/webhook-store'
import {
  definedHeaders,
  hostileBody,
  hostileHeaders,
  hostileQueryString,
  hostileText,
} from './support/hostile-inputs'
import { mutatedDelivery } from './support/mutated-deliveries'
import { registeredRoutes, type RegisteredRoute } from './support/registered-routes'

/**
 * Issue 34, section 4: no input answers 5xx. Every route the app registered, as a visitor, a member and
 * an admin, with generated query strings (Appwrite `queries[]` with hostile names and values), bodies
 * and headers; and real signed webhook deliveries with values replaced. Seeded and bounded, so a
 * failure is the same on every run and names its seed and the shrunk request.
 */
let server: TestServer
let routes: RegisteredRoute[] = []
const cookies = { visitor: undefined as string | undefined, member: '', admin: '' }
/** Ids that exist (a project, an order, a third member) beside made-up ones, for the path parameters. */
const knownIds: string[] = []

// The same run every time; FUZZ_SEED=… explores other inputs by hand, FUZZ_SCALE=10 ten times as many.
const SEED = Number(process.env.FUZZ_SEED ?? 34_004)
const SCALE = Math.max(1, Number(process.env.FUZZ_SCALE ?? 1) || 1)
/**
 * A hang detector, not a speed budget: about 10 s on an idle 2-core machine, several times that while
 * the other suites of `npm test` share the cores.
 */
const HANG_DETECTOR_MS = 180_000

beforeAll(async () => {
  ;({ server } = await startSellingStore())
  const callers = await signInConsoleCallers(server)
  cookies.member = callers.memberCookie
  cookies.admin = callers.adminCookie
  const projects = await server.app.inject({
    url: `${listUrl('projects')}`,
    headers: { cookie: cookies.member },
  })
  const [project] = projects.json<{ documents: { $id: string }[] }>().documents
  const order = await deliver(
    server,
    hotmartDelivery({ hottok: WEBHOOK_SECRETS.hotmart, event: 'PURCHASE_APPROVED' }),
  )
  const other = await createMember(server.database)
  knownIds.push(project?.$id ?? 'demo', String(order.body.order), other.id)
  routes = registeredRoutes(server.app)
})
afterAll(() => server.close())

/**
 * Routes that would end the callers' own sessions, leaving the rest of the run to a visitor: their
 * answers to hostile input are still driven, with ids that are not the callers' own.
 */
const endsOwnSession = (route: RegisteredRoute) =>
  route.method === 'DELETE' && route.url.startsWith('/v1/account/sessions')

/** A value for a path parameter: mostly one that leads into the route (the database, an id that exists). */
const pathValue = (name: string) => {
  const hostile = hostileText.filter((text) => text !== '' && text.isWellFormed())
  if (name === 'databaseId')
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant(testConfig.databaseId) },
      { weight: 1, arbitrary: hostile },
    )
  if (name === 'collectionId')
    return fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('projects', 'categories', 'tags', 'project_tags') },
      { weight: 1, arbitrary: fc.constantFrom('constructor', '__proto__', 'users') },
    )
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...knownIds) },
    { weight: 2, arbitrary: fc.constantFrom('does-not-exist', 'unique()', '__proto__', 'x'.repeat(300)) },
    { weight: 1, arbitrary: hostile },
  )
}

/** Path segments sent as they are: half a surrogate pair's UTF-8, an overlong slash, a dot segment. */
const RAW_SEGMENTS = ['%ED%A0%80', '%C0%AF', '..%2F..%2Fetc', '%FF']

/** A route's URL with each `:param` filled in (encoded, or now and then one of the raw segments). */
const filledUrl = (url: string) => {
  const names = [...url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '')
  const segment = (name: string) =>
    fc.oneof(
      { weight: 12, arbitrary: pathValue(name).map((value) => encodeURIComponent(value)) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    )
  return fc
    .tuple(...names.map(segment))
    .map((values) =>
      names.reduce((filled, name, index) => filled.replace(`:${name}`, values[index] ?? ''), url),
    )
}

type Caller = keyof typeof cookies

/**
 * Runs per route and caller: admins most, since every route answers them past the access check;
 * FUZZ_SCALE multiplies them. The two uploads read each body in a file worker of its own (decision
 * 056), started for every request, half a second or more here: an admin's upload gets a few runs, which
 * took 40 of the test's 50 s when they had as many as the other routes (their bad files have tests of
 * their own: catalog-files-admin, members-import).
 */
const RUNS: Record<Caller, number> = { visitor: 3 * SCALE, member: 10 * SCALE, admin: 50 * SCALE }
const UPLOADS = new Set(['/v1/store/catalog/import', '/v1/store/members/import'])
const runsOf = (route: RegisteredRoute, caller: Caller) =>
  caller === 'admin' && UPLOADS.has(route.url) ? 5 * SCALE : RUNS[caller]

/** One request to a route: its path filled in, a query string, a body and headers. */
const requestTo = (route: RegisteredRoute) =>
  fc.record({
    path: filledUrl(route.url),
    query: hostileQueryString,
    body: hostileBody,
    headers: hostileHeaders,
  })

describe('no input answers 5xx (issue 34, section 4)', () => {
  it('reads every registered route from the app', () => {
    expect(routes.length).toBeGreaterThan(60)
    expect(routes).toContainEqual({ method: 'GET', url: '/v1/users' })
    expect(routes).toContainEqual({ method: 'POST', url: '/webhooks/hotmart' })
  })

  it(
    'every route, as a visitor, a member and an admin, with hostile queries, bodies and headers',
    async () => {
      for (const [index, route] of routes.entries()) {
        for (const caller of ['visitor', 'member', 'admin'] as const) {
          // Ending one's own session would leave the rest of the run to a visitor.
          if (caller !== 'visitor' && endsOwnSession(route)) continue
          const cookie = cookies[caller]
          await fc.assert(
            fc.asyncProperty(requestTo(route), async ({ path, query, body, headers }) => {
              const sendsBody = route.method !== 'GET' && route.method !== 'DELETE'
              const response = await server.app.inject({
                method: route.method,
                url: query ? `${path}?${query}` : path,
                headers: { ...definedHeaders(headers), ...(cookie ? { cookie } : {}) },
                ...(sendsBody ? { payload: body } : {}),
              })
              expect(
                response.statusCode,
                `${caller}: ${route.method} ${path}?${query}: ${response.body.slice(0, 200)}`,
              ).toBeLessThan(500)
            }),
            { seed: SEED + index, numRuns: runsOf(route, caller), endOnFailure: true },
          )
        }
      }
    },
    HANG_DETECTOR_MS,
  )

  it(
    'real signed webhook deliveries with values replaced by hostile ones',
    async () => {
      await fc.assert(
        fc.asyncProperty(mutatedDelivery, async (delivery) => {
          const answer = await deliver(server, delivery)
          expect(answer.status, `${delivery.path}: ${JSON.stringify(answer.body)}`).toBeLessThan(500)
        }),
        { seed: SEED, numRuns: 600 * SCALE, endOnFailure: true },
      )
    },
    HANG_DETECTOR_MS,
  )

  it('still answers, and the callers are still signed in', async () => {
    for (const cookie of [cookies.member, cookies.admin]) {
      const account = await server.app.inject({ url: '/v1/account', headers: { cookie } })
      expect(account.statusCode).toBe(200)
    }
  })
})
