import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sweepExpired } from '../../src/platform/db/housekeeping'
import { createMember } from '../support/factories'
import { signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

it('sweeps expired sessions and old rate-limit windows, and keeps live ones', async () => {
  const member = await createMember(server.database)
  const { cookie } = await signIn(server, member)
  await signIn(server, member)
  await server.database.rows(sql`
    UPDATE sessions SET expires_at = now() - interval '1 minute'
    WHERE id = (SELECT id FROM sessions WHERE user_id = ${member.id} ORDER BY sequence LIMIT 1)`)
  await server.database.rows(
    sql`INSERT INTO rate_limits (key, hits, window_start) VALUES ('old', 3, now() - interval '2 days')`,
  )
  await server.database.rows(
    sql`INSERT INTO rate_limits (key, hits, window_start) VALUES ('fresh', 3, now())`,
  )
  await sweepExpired(server.database)
  const sessions = await server.database.rows(sql`SELECT id FROM sessions WHERE user_id = ${member.id}`)
  expect(sessions).toHaveLength(1)
  const keys = await server.database.rows(sql`SELECT key FROM rate_limits WHERE key IN ('old', 'fresh')`)
  expect(keys.map((row) => row.key)).toEqual(['fresh'])
  expect(
    (await server.app.inject({ method: 'GET', url: '/v1/account', headers: { cookie } })).statusCode,
  ).toBe(401)
})
