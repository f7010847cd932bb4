import type { Worker } from 'node:worker_threads'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app'
import { openEmbeddedDatabase } from '../../src/platform/db/client'
import { isDatabaseUnavailable } from '../../src/platform/db/database-availability'
import { createMember } from '../support/factories'
import { testConfig } from '../support/test-app'
import { pgliteTemplate } from '../support/test-database'

/**
 * The embedded database runs in a worker thread (decision 027). Should that thread stop (a bug, PGlite
 * ending its process on damaged files), requests get the 503 of a lost PostgreSQL connection, the
 * statement under way fails instead of waiting forever, and the log says it once.
 */
describe.skipIf(process.env.TEST_DB === 'postgres')('when the embedded database’s worker stops', () => {
  it('fails the statement under way, answers 503 to requests that need the database, and logs it once', async () => {
    let worker: Worker | undefined
    const database = await openEmbeddedDatabase({
      loadDataDir: await pgliteTemplate(),
      onWorker: (started) => (worker = started),
    })
    const lines: string[] = []
    const app = await buildApp({ ...testConfig, logLevel: 'info' }, database, {
      logStream: { write: (line: string) => void lines.push(line) },
    })
    const messages = () => lines.map((line) => String((JSON.parse(line) as { msg?: unknown }).msg))
    const member = await createMember(database)
    const signIn = () =>
      app.inject({
        method: 'POST',
        url: '/v1/account/sessions/email',
        payload: { email: member.email, password: member.password },
      })
    try {
      expect((await signIn()).statusCode).toBe(201)

      const underWay = database.rows(sql`SELECT pg_sleep(5)`).catch((error: unknown) => error)
      await worker?.terminate()
      expect(isDatabaseUnavailable(await underWay)).toBe(true)

      const answers = await Promise.all([signIn(), signIn(), signIn()])
      for (const answer of answers) {
        expect(answer.statusCode).toBe(503)
        expect(answer.headers['retry-after']).toBe('5')
        expect(answer.json()).toMatchObject({ code: 503, type: 'general_service_disabled' })
      }
      expect(messages().filter((line) => /unreachable/.test(line))).toHaveLength(1)
      expect(messages().filter((line) => /unhandled error/.test(line))).toEqual([])
    } finally {
      await app.close()
      await database.close()
    }
  })
})
