import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import type { SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { lockEmbeddedDatabase } from './embedded-lock'
import * as schema from './schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres'
  db: Database
  /** Runs raw SQL built with drizzle's `sql` template and returns its rows. */
  rows: (query: SQL) => Promise<Record<string, unknown>[]>
  migrate: () => Promise<void>
  close: () => Promise<void>
  /** The embedded database's files as a gzipped tarball (tests copy a template this way). */
  dumpDataDir: () => Promise<Blob>
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

function rowsOf(result: unknown): Record<string, unknown>[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows
  }
  throw new Error('Unexpected database result shape')
}

export const embeddedExtensions = { pg_trgm, unaccent }

/** The embedded database: PostgreSQL compiled to WebAssembly, stored on disk (or in memory for tests). */
export async function openEmbeddedDatabase(options: {
  dataDir?: string
  loadDataDir?: Blob | File
}): Promise<DatabaseHandle> {
  let unlock: () => void = () => undefined
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true })
    unlock = lockEmbeddedDatabase(`${options.dataDir}.lock`)
  }
  const client = await PGlite.create(options.dataDir, {
    extensions: embeddedExtensions,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  }).catch((error: unknown) => {
    unlock()
    throw error
  })
  const db = drizzlePglite(client, { schema })
  return {
    kind: 'pglite',
    db,
    rows: async (query) => rowsOf(await db.execute(query)),
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      await client.close()
      unlock()
    },
    dumpDataDir: () => client.dumpDataDir('gzip'),
  }
}

export async function openServerDatabase(connectionString: string, poolSize = 20): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: poolSize })
  // An idle connection can fail (server restart, database dropped, network): the pool discards it and
  // opens another when needed. Without a listener the 'error' event would crash the process.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL: an idle connection failed and was discarded (${error.message})`)
  })
  // Fail at start, with the server's own message, rather than on the first request.
  const probe = await pool.connect()
  probe.release()
  const db = drizzlePg(pool, { schema })
  return {
    kind: 'postgres',
    db,
    rows: async (query) => rowsOf(await db.execute(query)),
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
    dumpDataDir: () => Promise.reject(new Error('Only the embedded database can be dumped; use pg_dump')),
  }
}

export function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }) {
  return config.databaseUrl
    ? openServerDatabase(config.databaseUrl)
    : openEmbeddedDatabase({ dataDir: path.join(config.dataDir, 'pglite') })
}
