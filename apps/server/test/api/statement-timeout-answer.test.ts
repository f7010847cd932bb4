import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app'
import { openServerDatabase, type DatabaseHandle } from '../../src/platform/db/client'
import { createMember } from '../support/factories'
import { listUrl, signIn } from '../support/inject'
import { databaseUrlFor } from '../support/template-database'
import { testConfig } from '../support/test-app'
import { createTestDatabase } from '../support/test-database'

/**
 * A statement the PostgreSQL statement timeout ends (decision 016) is Appwrite's 408 `database_timeout`,
 * never a 500. Made certain here by a lock that keeps the catalogue statement waiting past a short
 * timeout; lock waits count towards it.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('a statement past the statement timeout', () => {
  let database: DatabaseHandle
  let name = ''

  beforeAll(async () => {
    database = await createTestDatabase()
    const [row] = await database.rows(sql`SELECT current_database() AS name`)
    name = String(row?.name)
  })
  afterAll(async () => {
    await database.close()
  })

  it('answers 408 database_timeout', async () => {
    const member = await createMember(database)
    const url = databaseUrlFor(process.env.TEST_DATABASE_URL ?? '', name)
    const bounded = await openServerDatabase(url, 2, { statementTimeoutMs: 300 })
    const app = await buildApp(testConfig, bounded)
    const locker = new pg.Client({ connectionString: url })
    await locker.connect()
    try {
      const { cookie } = await signIn({ app, database: bounded, url: '', close: async () => {} }, member)
      await locker.query('BEGIN')
      await locker.query('LOCK TABLE projects IN ACCESS EXCLUSIVE MODE')
      const response = await app.inject({ url: listUrl('projects'), headers: { cookie } })
      expect(response.statusCode).toBe(408)
      expect(response.json()).toMatchObject({ code: 408, type: 'database_timeout' })
    } finally {
      await locker.query('ROLLBACK')
      await locker.end()
      await app.close()
      await bounded.close()
    }
  })
})
