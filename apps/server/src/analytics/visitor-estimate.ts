import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../platform/db/client'
import { utcDay } from './daily-counts'
import { visitorClient, visitorHash, type DaySalts } from './day-salts'

export interface VisitorEstimateLimits {
  flushEveryMs: number
  /** Visitors held in memory between two writes; later ones (a flood) are not counted. */
  maxPending: number
  /** Visitors' hashes kept per day; past it the day's estimate stops growing (decision 065). */
  visitorsPerDay: number
}

/**
 * Unique visitors without cookies, as Plausible counts them (decision 065): a visitor is the SHA-256 of
 * the day's random salt, their address and their browser's user agent; each hash counts once a day. The
 * address and user agent are held in memory only until the next write (a few seconds) and never stored;
 * the salt and the hashes are the day's only, and deleted once it ends, so nobody is recognised across
 * days (day-salts.ts).
 */
export function createVisitorEstimate(options: {
  database: DatabaseHandle
  limits: VisitorEstimateLimits
  salts: DaySalts
  now: () => Date
  onError: (error: unknown) => void
}) {
  const { database, limits } = options
  let pending = new Map<string, Set<string>>()
  let held = 0
  let writing: Promise<void> = Promise.resolve()

  async function write(): Promise<void> {
    if (held === 0) return
    const days = pending
    pending = new Map()
    held = 0
    for (const [day, clients] of days) {
      const salt = await options.salts.of(day)
      const hashes = [...clients].map((client) => visitorHash(salt, client))
      await addVisitors(database, day, hashes, limits.visitorsPerDay)
    }
  }

  function flush(): Promise<void> {
    writing = writing.then(write).catch(options.onError)
    return writing
  }

  const timer = setInterval(() => {
    if (held > 0) void flush()
  }, limits.flushEveryMs)
  timer.unref()

  return {
    /** A counted page view from this address and browser: one set insertion, nothing written now. */
    saw(address: string, userAgent: string): void {
      if (held >= limits.maxPending) return
      const day = utcDay(options.now())
      let clients = pending.get(day)
      if (!clients) {
        clients = new Set()
        pending.set(day, clients)
      }
      const before = clients.size
      clients.add(visitorClient(address, userAgent))
      held += clients.size - before
    },
    flush,
    stop(): Promise<void> {
      clearInterval(timer)
      return flush()
    },
  }
}

export type VisitorEstimate = ReturnType<typeof createVisitorEstimate>

/**
 * Keeps the day's new hashes, within the day's room, and adds how many were new to the day's `visitors`
 * count, in one statement: a hash already kept (the same visitor again, seen by any instance) adds nothing.
 */
async function addVisitors(database: DatabaseHandle, day: string, hashes: string[], perDay: number) {
  if (hashes.length === 0) return
  const values = sql.join(
    hashes.map((hash) => sql`(${hash}::text)`),
    sql`, `,
  )
  await database.rows(sql`
    WITH batch (hash) AS (VALUES ${values}),
    room AS (
      SELECT ${perDay}::bigint - coalesce(
        (SELECT count FROM analytics_counts WHERE day = ${day}::date AND metric = 'visitors' AND key = ''),
        0
      ) AS places
    ),
    fresh AS (
      INSERT INTO analytics_visitors (day, hash)
      SELECT ${day}::date, b.hash
      FROM (SELECT hash, row_number() OVER () AS place FROM batch) b, room
      WHERE b.place <= room.places
      ON CONFLICT (day, hash) DO NOTHING
      RETURNING 1
    )
    INSERT INTO analytics_counts (day, metric, key, count)
    SELECT ${day}::date, 'visitors', '', count(*) FROM fresh HAVING count(*) > 0
    ON CONFLICT (day, metric, key) DO UPDATE SET count = analytics_counts.count + excluded.count`)
}
