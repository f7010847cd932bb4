import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../db/client'

/**
 * The catalogue's version, bumped by triggers on every write from any process. Read at most once per
 * `maxAgeMs`, so a cached response is at most that old after an import on another instance.
 */
export function createCatalogVersion(
  database: DatabaseHandle,
  maxAgeMs: number,
  now: () => number = Date.now,
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
      return reading
    },
  }
}
