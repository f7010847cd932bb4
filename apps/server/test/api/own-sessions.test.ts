import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../support/factories'
import { signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'

/** "My account" lists where the member is signed in, with each session's last use (issue 31). */
let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

interface OwnSession {
  $id: string
  $createdAt: string
  $updatedAt: string
  current: boolean
  clientName: string
}

describe('a member’s sessions', () => {
  it('show when each was last used: moved by a request at most once an hour', async () => {
    const member = await createMember(server.database)
    const { cookie } = await signIn(server, member, {
      'user-agent': 'Mozilla/5.0 (Android 14) Firefox/130.0',
    })
    const list = async () =>
      (await server.app.inject({ method: 'GET', url: '/v1/account/sessions', headers: { cookie } })).json<{
        sessions: OwnSession[]
      }>().sessions
    const [session] = await list()
    expect(session).toMatchObject({ current: true, clientName: 'Mozilla/5.0 (Android 14) Firefox/130.0' })

    // Used two hours ago: the next request moves its last use to now.
    await server.database.rows(
      sql`UPDATE sessions SET updated_at = now() - interval '2 hours' WHERE user_id = ${member.id}`,
    )
    const before = Date.now()
    const [used] = await list()
    const [after] = await list()
    expect(Date.parse(after?.$updatedAt ?? '')).toBeGreaterThanOrEqual(before - 1000)
    expect(used?.$id).toBe(session?.$id)

    // Within the hour, requests do not write: the last use stays where it is.
    await server.database.rows(
      sql`UPDATE sessions SET updated_at = now() - interval '10 minutes' WHERE user_id = ${member.id}`,
    )
    const [first] = await list()
    const [second] = await list()
    expect(second?.$updatedAt).toBe(first?.$updatedAt)
    expect(Date.now() - Date.parse(second?.$updatedAt ?? '')).toBeGreaterThan(9 * 60_000)
  })
})
