import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../db/client'

/**
 * The catalogue's version, bumped by triggers on every write from any process. Read at most once per
 * `maxAgeMs`, so a cached response is at most that old after an import on another instance. While it is
 * read again, a request waits for that read `waitMs` at most, then takes the version known: the read may
 * wait behind a long transaction (an import on the embedded database's one connection), and requests
 * answered from memory must not wait with it. That transaction's writes are seen once it commits, which
 * is also when the read returns.
 */
export function createCatalogVersion(
  database: DatabaseHandle,
  maxAgeMs: number,
  now: () => number = Date.now,
  waitMs = 50,
) {
  let known: { value: string; readAt: number } | null = null
  let reading: Promise<string> | null = null

  async function read(): Promise<string> {
    const [row] = await database.rows(sql`SELECT version::text AS version FROM catalog_state WHERE id = 1`)
    known = { value: String(row?.version ?? '0'), readAt: now() }
    return known.value
  }

  return {
    current(): Promise<string> {
      if (known && now() - known.readAt < maxAgeMs) return Promise.resolve(known.value)
      reading ??= read().finally(() => (reading = null))
      if (!known) return reading
      const { value } = known
      // A failed read is tried again by the next request; meanwhile the known version answers.
      const fresh = reading.catch(() => value)
      return Promise.race([fresh, new Promise<string>((resolve) => setTimeout(resolve, waitMs, value))])
    },
  }
}
