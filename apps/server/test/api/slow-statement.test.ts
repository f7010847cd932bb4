import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * Issue 12: one slow statement must not stop the server. `pg_sleep` holds the database for its whole
 * length (on PGlite it holds the thread PGlite runs on), which is the embedded database's worker thread,
 * not the server's (decision 027); on PostgreSQL it is the server's backend.
 */
let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

it('answers /v1/health/version while a 3-second statement runs', async () => {
  const SLOW_SECONDS = 3
  let slowEnded: number | undefined
  const slow = server.database
    .rows(sql`SELECT pg_sleep(${SLOW_SECONDS})`)
    .then(() => (slowEnded = performance.now()))
  // Once the statement is under way: a timer on a blocked event loop would only fire after it.
  await new Promise((resolve) => setTimeout(resolve, 200))
  const asked = performance.now()
  const health = await server.app.inject({ method: 'GET', url: '/v1/health/version' })
  const answered = performance.now()
  expect(health.statusCode).toBe(200)
  // Behaviour, not a budget: the answer came while the statement still ran, in a fraction of its time.
  expect(slowEnded).toBeUndefined()
  expect(answered - asked).toBeLessThan((SLOW_SECONDS * 1000) / 3)
  await slow
  expect(slowEnded).toBeGreaterThan(answered)
})
