import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { seedDemoCatalog } from '../../src/catalogue/demo/demo-seed'
import { openEmbeddedDatabase, openServerDatabase } from '../../src/platform/db/client'

/** A folder copied with its files' modes, as `cp -a` does (much faster than a copy file by file in Node). */
export const copyFolder = async (from: string, to: string) => {
  await promisify(execFile)('cp', ['-a', from, to])
}

/**
 * The run's prepared stores, made once (PGlite's initdb costs seconds of CPU): `<dir>/empty`, a DATA_DIR
 * whose embedded database is migrated and holds nothing, and `<dir>/demo`, the same with the demo
 * catalogue. Each test file's in-memory database starts from a dump of the demo one (`file`, a plain tar); the process
 * tests that are not about a first start copy a folder (`store-process.ts`'s `preparedDataDir`).
 */
export async function buildPgliteTemplates(file: string, dir: string): Promise<void> {
  const empty = path.join(dir, 'empty')
  const migrated = await openEmbeddedDatabase({ dataDir: path.join(empty, 'pglite') })
  await migrated.migrate()
  await migrated.close()
  const demo = path.join(dir, 'demo')
  await mkdir(demo, { mode: 0o700 })
  await copyFolder(path.join(empty, 'pglite'), path.join(demo, 'pglite'))
  const database = await openEmbeddedDatabase({ dataDir: path.join(demo, 'pglite') })
  await seedDemoCatalog(database)
  // Kept as a plain tar: PGlite reads it straight into memory, where a gzipped one is first tried as a tar,
  // then gunzipped through a web stream, at each of the run's hundred-odd test databases (0.7 s each).
  // Checkpointed first, the old WAL segment removed rather than kept for reuse: each database then starts
  // without replaying the seed's WAL, from 44 MB instead of 61 (decision 068).
  await database.rows(sql`SET wal_recycle = off`)
  await database.rows(sql`CHECKPOINT`)
  await database.rows(sql`SELECT pg_switch_wal()`)
  await database.rows(sql`CHECKPOINT`)
  const dump = await database.dumpDataDir()
  await writeFile(file, gunzipSync(Buffer.from(await dump.arrayBuffer())))
  await database.close()
}

export const databaseUrlFor = (baseUrl: string, name: string) => {
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export async function buildPostgresTemplate(baseUrl: string, name: string): Promise<void> {
  const admin = await openServerDatabase(baseUrl, 1)
  await admin.rows(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
  await admin.rows(sql.raw(`CREATE DATABASE "${name}"`))
  await admin.close()
  const template = await openServerDatabase(databaseUrlFor(baseUrl, name), 2)
  await template.migrate()
  await seedDemoCatalog(template)
  await template.close()
}

export async function dropPostgresDatabases(baseUrl: string, prefix: string): Promise<void> {
  const admin = await openServerDatabase(baseUrl, 1)
  const rows = await admin.rows(sql`SELECT datname FROM pg_database WHERE datname LIKE ${`${prefix}%`}`)
  for (const row of rows)
    await admin.rows(sql.raw(`DROP DATABASE IF EXISTS "${String(row.datname)}" WITH (FORCE)`))
  await admin.close()
}
