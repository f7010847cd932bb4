import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../platform/db/client'
import { utcDay } from './daily-counts'
import { visitorClient, visitorHash, type DaySalts } from './day-salts'

export interface BuyClicksLimits {
  flushEveryMs: number
  /** Buy clicks held in memory between two writes; later ones (a flood) are not counted. */
  maxPending: number
}

/** A buy click waiting for a write to find its visitor among the day's. */
interface HeldClick<Click> {
  day: string
  client: string
  click: Click
  /** Writes that looked for its visitor already: one more is allowed (the view may be another instance's). */
  looked: number
}

/**
 * Buy clicks counted only after a page view by the same visitor the same day (issue 40, L6; decision
 * 071): a script that posts buy beacons without viewing any page counts nothing. Whether the visitor
 * viewed a page is asked of the table the visitor estimate writes (`analytics_visitors`, the day's
 * hashes), not of this process's memory, so a view served by one instance and a click by another still
 * count. A click is held until the next write (its address and user agent too, as the visitor estimate
 * holds them: seconds, never stored); the views held in memory are written first, and a click whose
 * view is not found yet is looked for once more at the following write, then dropped.
 */
export function createBuyClicks<Click>(options: {
  database: DatabaseHandle
  limits: BuyClicksLimits
  salts: DaySalts
  now: () => Date
  /** Writes the views held in memory, so the check finds this process's own. */
  writeViews: () => Promise<void>
  /** A click whose visitor viewed a page that day: counted now. */
  counted: (click: Click, day: string) => void
  onError: (error: unknown) => void
}) {
  const { database, limits } = options
  let held: HeldClick<Click>[] = []
  let writing: Promise<void> = Promise.resolve()

  async function write(): Promise<void> {
    if (held.length === 0) return
    await options.writeViews()
    const looking = held
    held = []
    const again: HeldClick<Click>[] = []
    for (const day of new Set(looking.map((click) => click.day))) {
      const clicks = looking.filter((click) => click.day === day)
      const salt = await options.salts.of(day)
      const hashes = clicks.map((click) => visitorHash(salt, click.client))
      const viewed = await visitorsOfTheDay(database, day, [...new Set(hashes)])
      clicks.forEach((click, index) => {
        if (viewed.has(hashes[index] ?? '')) options.counted(click.click, day)
        else if (click.looked === 0) again.push({ ...click, looked: 1 })
      })
    }
    // Clicks that came during this write are looked for at the next one too, after these.
    held = [...again, ...held].slice(0, limits.maxPending * 2)
  }

  function flush(): Promise<void> {
    writing = writing.then(write).catch(options.onError)
    return writing
  }

  const timer = setInterval(() => {
    if (held.length > 0) void flush()
  }, limits.flushEveryMs)
  timer.unref()

  return {
    /** A buy click from this address and browser: held until the next write, which decides. */
    clicked(address: string, userAgent: string, click: Click): void {
      if (held.length >= limits.maxPending) return
      held.push({ day: utcDay(options.now()), client: visitorClient(address, userAgent), click, looked: 0 })
    },
    flush,
    stop(): Promise<void> {
      clearInterval(timer)
      return flush()
    },
  }
}

/** Which of these hashes are among the day's visitors (seen by any instance). */
async function visitorsOfTheDay(
  database: DatabaseHandle,
  day: string,
  hashes: string[],
): Promise<Set<string>> {
  const rows = await database.rows(sql`
    SELECT hash FROM analytics_visitors
    WHERE day = ${day}::date AND hash IN (${sql.join(
      hashes.map((hash) => sql`${hash}`),
      sql`, `,
    )})`)
  return new Set(rows.map((row) => String(row.hash)))
}
