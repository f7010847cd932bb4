import pg from 'pg'
import { sizeLabel } from './options'

/**
 * Only ever these databases are created or dropped; nothing else on the server is touched. A bench that
 * loads no catalogue names its own (`webhooks` → `gallery_bench_webhooks`).
 */
export const benchDatabaseName = (size: number | string) =>
  `gallery_bench_${typeof size === 'number' ? sizeLabel(size) : size}`

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

function checkedUrl(adminUrl: string): URL {
  const url = new URL(adminUrl)
  if (!/^postgres(ql)?:$/.test(url.protocol)) throw new Error('BENCH_DATABASE_URL must be a postgres:// URL')
  if (!LOOPBACK.has(url.hostname)) {
    throw new Error(`BENCH_DATABASE_URL must point at a loopback address, not "${url.hostname}"`)
  }
  return url
}

/** The URL of a bench database on the same server as the admin connection. */
export function benchDatabaseUrl(adminUrl: string, size: number | string): string {
  const url = checkedUrl(adminUrl)
  url.pathname = `/${benchDatabaseName(size)}`
  return url.toString()
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: checkedUrl(adminUrl).toString(),
    connectionTimeoutMillis: 5_000,
    query_timeout: 300_000,
  })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Null when PostgreSQL answers; otherwise why not. */
export async function postgresProblem(adminUrl: string): Promise<string | null> {
  try {
    await withAdmin(adminUrl, (client) => client.query('SELECT 1'))
    return null
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error)
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`

export async function recreateBenchDatabase(adminUrl: string, size: number | string): Promise<void> {
  const name = quoted(benchDatabaseName(size))
  await withAdmin(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await client.query(`CREATE DATABASE ${name}`)
  })
}

export async function dropBenchDatabase(adminUrl: string, size: number | string): Promise<void> {
  await withAdmin(adminUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${quoted(benchDatabaseName(size))} WITH (FORCE)`),
  )
}

/**
 * What autovacuum would have done after the bulk load (visibility map for index-only scans, planner
 * statistics); run explicitly because a test server may have autovacuum off. Returns its setting.
 */
export async function vacuumAnalyze(databaseUrl: string): Promise<string> {
  return withAdmin(databaseUrl, async (client) => {
    await client.query('VACUUM ANALYZE')
    const result = await client.query<{ autovacuum: string }>('SHOW autovacuum')
    return result.rows[0]?.autovacuum ?? 'unknown'
  })
}
