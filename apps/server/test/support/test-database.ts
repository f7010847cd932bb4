import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import { inject } from 'vitest'
import { openEmbeddedDatabase, openServerDatabase, type DatabaseHandle } from '../../src/platform/db/client'
import type { Dump } from '../../src/platform/db/embedded-worker-protocol'
import { databaseUrlFor } from './template-database'

/** A fresh database for one test file: a copy of the migrated, seeded template. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB === 'postgres') {
    const baseUrl = process.env.TEST_DATABASE_URL
    if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set')
    const template = inject('postgresTemplate')
    const name = `${template.replace(/template$/, '')}${randomBytes(6).toString('hex')}`
    const admin = await openServerDatabase(baseUrl, 1)
    await admin.rows(sql.raw(`CREATE DATABASE "${name}" TEMPLATE "${template}"`))
    await admin.close()
    const database = await openServerDatabase(databaseUrlFor(baseUrl, name), 10)
    return {
      ...database,
      close: async () => {
        await database.close()
        const cleanup = await openServerDatabase(baseUrl, 1)
        await cleanup.rows(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
        await cleanup.close()
      },
    }
  }
  return openEmbeddedDatabase({ loadDataDir: await pgliteTemplate() })
}

/** The template's tar, read once per worker; each database gets its own copy (the open moves it away). */
let template: { file: string; bytes: Buffer } | undefined

export async function pgliteTemplate(): Promise<Dump> {
  const file = inject('pgliteTemplate')
  if (template?.file !== file) template = { file, bytes: await readFile(file) }
  return { bytes: new Uint8Array(template.bytes).buffer, type: 'application/x-tar' }
}
