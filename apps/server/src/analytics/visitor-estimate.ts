import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../platform/db/client'
import { utcDay } from './daily-counts'

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
 * days. The salt is in the database so that every instance hashes a visitor alike.
 */
export function createVisitorEstimate(options: {
  database: DatabaseHandle
  limits: VisitorEstimateLimits
  now: () => Date
  onError: (error: unknown) => void
}) {
  const { database, limits } = options
  let pending = new Map<string, Set<string>>()
  let held = 0
  let salts = new Map<string, Promise<string>>()
  let writing: Promise<void> = Promise.resolve()

  /** The day's salt: made by the first instance to need it, read by the others; older days' go. */
  function saltOf(day: string): Promise<string> {
    let salt = salts.get(day)
    if (!salt) {
      salt = readSalt(database, day, day === utcDay(options.now()))
      salt.catch(() => salts.delete(day))
      // Only today's (and a late write's yesterday) is ever asked for: the map keeps a few at most.
      salts = new Map([...salts].slice(-2))
      salts.set(day, salt)
    }
    return salt
  }

  async function write(): Promise<void> {
    if (held === 0) return
    const days = pending
    pending = new Map()
    held = 0
    for (const [day, clients] of days) {
      const salt = await saltOf(day)
      const hashes = [...clients].map((client) =>
        createHash('sha256').update(`${salt}\n${client}`).digest('hex').slice(0, 32),
      )
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
      clients.add(`${address}\n${userAgent}`)
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

/** Today's salt (made when missing, and the days before it deleted with their hashes), or a past day's. */
async function readSalt(database: DatabaseHandle, day: string, today: boolean): Promise<string> {
  if (today) {
    await database.rows(sql`DELETE FROM analytics_salts WHERE day < ${day}::date`)
    await database.rows(sql`DELETE FROM analytics_visitors WHERE day < ${day}::date`)
  }
  await database.rows(sql`
    INSERT INTO analytics_salts (day, salt) VALUES (${day}::date, ${randomBytes(32).toString('base64')})
    ON CONFLICT (day) DO NOTHING`)
  const [row] = await database.rows(sql`SELECT salt FROM analytics_salts WHERE day = ${day}::date`)
  if (typeof row?.salt !== 'string') throw new Error(`The analytics salt of ${day} could not be kept`)
  return row.salt
}

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
