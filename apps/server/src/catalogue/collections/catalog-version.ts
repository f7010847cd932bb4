import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../../platform/db/client'

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

  /** Bumped when this process changes the catalogue: a read begun before the change is not kept. */
  let generation = 0

  async function read(): Promise<string> {
    const started = generation
    const [row] = await database.rows(sql`SELECT version::text AS version FROM catalog_state WHERE id = 1`)
    const value = String(row?.version ?? '0')
    if (started === generation) known = { value, readAt: now() }
    return value
  }

  return {
    current(): Promise<string> {
      if (known && now() - known.readAt < maxAgeMs) return Promise.resolve(known.value)
      if (!reading) {
        const started = read().finally(() => {
          if (reading === started) reading = null
        })
        reading = started
      }
      if (!known) return reading
      const { value } = known
      // A failed read is tried again by the next request; meanwhile the known version answers.
      const fresh = reading.catch(() => value)
      return Promise.race([fresh, new Promise<string>((resolve) => setTimeout(resolve, waitMs, value))])
    },

    /**
     * This process has just committed a change to the catalogue (the owner's console): the next request
     * reads the version again, so the one who made the change sees it at once (decision 036).
     */
    changed(): void {
      generation++
      known = null
      reading = null
    },
  }
}

export type CatalogVersion = ReturnType<typeof createCatalogVersion>
