import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Worker } from 'node:worker_threads'
import type { PGlite } from '@electric-sql/pglite'
import type { SQL } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { makeDataDirPrivate, makePrivate } from './private-data-dir'
import { serverFiles } from '../server-files'
import { createDatabaseAvailability, type DatabaseAvailability } from './database-availability'
import { finishInterruptedRestore } from './interrupted-restore'
import { lockEmbeddedDatabase } from './embedded-lock'
import { startEmbeddedWorker } from './embedded-worker-client'
import { retryOnLostConnections } from './lost-connections'
import * as schema from './schema'

export type { Database } from './database'
import type { Database } from './database'
import type { Dump } from './embedded-worker-protocol'

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres'
  db: Database
  /** Runs raw SQL built with drizzle's `sql` template and returns its rows. */
  rows: (query: SQL) => Promise<Record<string, unknown>[]>
  migrate: () => Promise<void>
  close: () => Promise<void>
  /** The embedded database's files as a gzipped tarball (tests copy a template this way). */
  dumpDataDir: () => Promise<Blob>
  /**
   * A PostgreSQL server can go away and come back; the embedded database's worker thread can only stop
   * (a crash), and is reported once.
   */
  availability?: DatabaseAvailability
}

const { migrationsFolder } = serverFiles

function rowsOf(result: unknown): Record<string, unknown>[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows
  }
  throw new Error('Unexpected database result shape')
}

export { embeddedExtensions, Tarball } from './embedded-worker'

/**
 * The embedded database: PostgreSQL compiled to WebAssembly, stored on disk (or in memory for tests). It
 * runs in a worker thread, so statements never hold the server's event loop (decision 027); drizzle's
 * PGlite driver talks to it through a client with PGlite's methods.
 */
export async function openEmbeddedDatabase(options: {
  dataDir?: string
  /** A data directory's tarball (plain or gzipped, as `dumpDataDir` gives it), moved to the database's thread. */
  loadDataDir?: Dump
  /** Tests end the database's worker thread through it, as a crash would. */
  onWorker?: (worker: Worker) => void
}): Promise<DatabaseHandle> {
  let unlock: () => void = () => undefined
  const { dataDir } = options
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    unlock = lockEmbeddedDatabase(`${dataDir}.lock`)
    // A restore cut short by a crash is settled first: one whole database is left (decision 018).
    finishInterruptedRestore(dataDir)
  }
  const availability = createDatabaseAvailability()
  const client = await startEmbeddedWorker({
    dataDir,
    loadDataDir: options.loadDataDir,
    onWorker: options.onWorker,
    onCrash: (cause) => availability.failed(cause),
  }).catch((error: unknown) => {
    unlock()
    throw error
  })
  // PGlite's initdb writes its files 0666 whatever the umask, and the running database adds some 0644:
  // made private after opening and again after closing (decision 022).
  if (dataDir) await makePrivate(dataDir)
  // drizzle's driver calls only the methods the client has (query with rowMode and parsers, transaction).
  const db = drizzlePglite(client as unknown as PGlite, { schema })
  return {
    kind: 'pglite',
    db,
    availability,
    rows: async (query) => rowsOf(await db.execute(query)),
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      await client.close()
      if (dataDir) await makePrivate(dataDir)
      unlock()
    },
    dumpDataDir: () => client.dumpDataDir(),
  }
}

/**
 * The longest one statement of the store may run on a PostgreSQL server: a backstop behind the query
 * budgets of decision 016, far above any statement the store sends (migrations run without it).
 */
export const STATEMENT_TIMEOUT_MS = 5_000

export async function openServerDatabase(
  connectionString: string,
  poolSize = 20,
  options: { statementTimeoutMs?: number } = {},
): Promise<DatabaseHandle> {
  // A server that does not answer (a cut network) fails the request after 10 s instead of holding it.
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: 10_000,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  })
  // An idle connection can fail (server restart, database dropped, network): the pool discards it and
  // opens another when needed, so nobody notices. Without a listener the 'error' event would crash the
  // process. What requests notice is reported once by `availability` (decision 021).
  pool.on('error', () => undefined)
  const availability = createDatabaseAvailability()
  const lostConnections = retryOnLostConnections(pool, availability)
  // Fail at start, with the server's own message, rather than on the first request.
  const probe = await pool.connect()
  probe.release()
  const db = drizzlePg(pool, { schema })
  lostConnections.retryTransactions(db)
  return {
    kind: 'postgres',
    db,
    availability,
    rows: async (query) => rowsOf(await db.execute(query)),
    migrate: () =>
      migrateOneAtATime(connectionString, () =>
        options.statementTimeoutMs ? migrateUnbounded(connectionString) : migratePg(db, { migrationsFolder }),
      ),
    close: () => pool.end(),
    dumpDataDir: () => Promise.reject(new Error('Only the embedded database can be dumped; use pg_dump')),
  }
}

/** Any number, the same in every store process: the key of the lock held while migrating. */
const MIGRATION_LOCK = 7_352_013

/**
 * Migrations run by one process at a time (decision 046): instances started together (a deploy, an
 * upgrade) would each find the same migration missing and run it, and all but one would fail at start.
 * The others wait, then find nothing left to do. The lock is a session's, on a connection of its own
 * without a statement timeout (a migration may take minutes): it ends with that connection, also when
 * the process dies.
 */
async function migrateOneAtATime(connectionString: string, migrate: () => Promise<void>) {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 })
  client.on('error', () => undefined)
  await client.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migrate()
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** A migration may rebuild an index of a large table: it runs on a connection without the timeout. */
async function migrateUnbounded(connectionString: string) {
  const pool = new pg.Pool({ connectionString, max: 1, connectionTimeoutMillis: 10_000 })
  try {
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder })
  } finally {
    await pool.end()
  }
}

export async function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }) {
  await makeDataDirPrivate(config.dataDir)
  return config.databaseUrl
    ? openServerDatabase(config.databaseUrl, 20, { statementTimeoutMs: STATEMENT_TIMEOUT_MS })
    : openEmbeddedDatabase({ dataDir: path.join(config.dataDir, 'pglite') })
}
