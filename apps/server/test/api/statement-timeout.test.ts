import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, openServerDatabase, STATEMENT_TIMEOUT_MS } from '../../src/platform/db/client'
import { databaseUrlFor } from '../support/template-database'

/**
 * Issue 10, item 3: on a PostgreSQL server no statement of the store runs longer than its timeout
 * (decision 016), while migrations, which may rebuild an index of a large table, run without it.
 */
/** The SQLSTATE of a failed statement, from the driver's error that drizzle wraps. */
function sqlState(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return undefined
  if ('code' in error && typeof error.code === 'string') return error.code
  return 'cause' in error ? sqlState(error.cause) : undefined
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('the statement timeout on PostgreSQL', () => {
  const baseUrl = process.env.TEST_DATABASE_URL ?? ''
  const name = `gallery_timeout_${randomBytes(4).toString('hex')}`
  let url = ''
  let dataDir = ''

  beforeAll(async () => {
    const admin = await openServerDatabase(baseUrl, 1)
    await admin.rows(sql.raw(`CREATE DATABASE "${name}"`))
    await admin.close()
    url = databaseUrlFor(baseUrl, name)
    dataDir = await mkdtemp(path.join(tmpdir(), 'gallery-timeout-'))
  })
  afterAll(async () => {
    const admin = await openServerDatabase(baseUrl, 1)
    await admin.rows(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
    await admin.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('cancels a longer statement, but not the migrations', async () => {
    const database = await openServerDatabase(url, 2, { statementTimeoutMs: 1 })
    try {
      await database.migrate()
      const slow = database.rows(sql`SELECT pg_sleep(0.5)`)
      // 57014: query_canceled, here by the statement timeout.
      expect(await slow.then(() => null, sqlState)).toBe('57014')
    } finally {
      await database.close()
    }
  })

  it('is set on the store’s own connections', async () => {
    const database = await openDatabase({ databaseUrl: url, dataDir })
    try {
      const [row] = await database.rows(sql`SELECT current_setting('statement_timeout') AS value`)
      expect(row?.value).toBe(`${STATEMENT_TIMEOUT_MS / 1000}s`)
    } finally {
      await database.close()
    }
  })
})
