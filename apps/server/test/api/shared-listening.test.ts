import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LISTENER_NAME, listenToChannel } from '../../src/platform/db/notifications'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * The store hears its database on several channels (the session view, the members' collections, the
 * search synonyms): on PostgreSQL one dedicated connection per process carries them all, since one per
 * channel took one more of the server's connections per channel and process (several instances and a
 * test run on one server ran out of them: "sorry, too many clients already").
 */
let server: TestServer
const onServer = process.env.TEST_DB === 'postgres'

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

async function listeningConnections(): Promise<number> {
  const [row] = await server.database.rows(
    sql`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = ${LISTENER_NAME}`,
  )
  return Number(row?.n)
}

describe.runIf(onServer)('listening on PostgreSQL', () => {
  it('takes one connection for every channel of the store, and each channel hears only its own', async () => {
    // The store's own channels are heard already: one connection.
    expect(await listeningConnections()).toBe(1)
    const heard: Record<string, string[]> = { first_test_channel: [], second_test_channel: [] }
    const listeners = await Promise.all(
      Object.keys(heard).map((channel) =>
        listenToChannel(server.database, channel, {
          onNotification: (payload) => heard[channel]?.push(payload),
          onListening: () => undefined,
          onLost: () => undefined,
        }),
      ),
    )
    expect(await listeningConnections()).toBe(1)
    await server.database.rows(sql`SELECT pg_notify('first_test_channel', 'uno')`)
    await server.database.rows(sql`SELECT pg_notify('second_test_channel', 'dos')`)
    // Heard on the dedicated connection and, for this process's own statement, on the pool's connection
    // that sent it (as every channel always was): once or twice, never on the other channel.
    const distinct = () =>
      Object.fromEntries(Object.entries(heard).map(([key, payloads]) => [key, [...new Set(payloads)]]))
    await expect.poll(distinct).toEqual({ first_test_channel: ['uno'], second_test_channel: ['dos'] })
    for (const listener of listeners) await listener?.close()
    // The store's channels still listen on it after those two are closed.
    expect(await listeningConnections()).toBe(1)
  })
})
