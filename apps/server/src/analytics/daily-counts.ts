import { ANALYTICS_OTHER_KEY } from '@pg/shared/analytics'
import type { DatabaseHandle } from '../platform/db/client'
import { addDailyCounts, type DailyCount } from './daily-counts-repository'

/** What is counted (`analytics_counts.metric`), and what its key is. */
export type AnalyticsMetric =
  | 'view' // a storefront page's path
  | 'buy' // the path of the page whose buy button was clicked
  | 'visitors' // '' (a visitor's first view of the day: visitor-estimate.ts)
  | 'referrer' // another site's domain a view came from
  | 'source' // a view's utm_source
  | 'campaign_view' // a view's utm_campaign
  | 'campaign_buy' // a buy click's utm_campaign
  | 'language' // a view's language (`es`, `en`)
  | 'device' // `phone` or `desktop`
  | 'details' // a project's id: its details opened by a member
  | 'favourite' // a project's id: made a favourite
  | 'collection' // a project's id: added to a collection
  | 'search' // a member's search, its term normalised as the search log keeps it
  | 'first_sign_in' // the campaign of the member's order, or '' without one

export interface DailyCountsLimits {
  /** How often what was counted in memory is written. */
  flushEveryMs: number
  /** Distinct (day, metric, key) held between two writes; later new keys are held under `(other)`. */
  maxPending: number
  /** Keys kept per day and metric in the table; later ones are added to `(other)` (decision 065). */
  keysPerMetricAndDay: number
}

export const DAILY_COUNTS_LIMITS: Omit<DailyCountsLimits, 'keysPerMetricAndDay'> = {
  flushEveryMs: 5_000,
  maxPending: 5_000,
}

export const utcDay = (at: Date) => at.toISOString().slice(0, 10)

/**
 * Keys counted by name whatever the bounds (the owner's own campaigns, decision 071): read again before
 * each write, so a change made elsewhere (another instance, the CLI) applies from the next write.
 */
export interface KeptKeys {
  has: (metric: string, key: string) => boolean
  refresh: () => Promise<void>
}

/**
 * The store's counts (decision 065), added in memory and written every few seconds (and when the server
 * stops) in one statement that adds them to the day's rows, so a request never waits on a write and
 * several instances add rather than overwrite. Adding a count is one map lookup; the map holds at most
 * `maxPending` keys, each (day, metric) one `(other)` besides, and the kept keys (the owner's campaigns:
 * at most 50 and the buy link's, per campaign metric) whatever is sent.
 */
export function createDailyCounts(options: {
  database: DatabaseHandle
  limits: DailyCountsLimits
  now: () => Date
  kept: KeptKeys
  /** A write that failed: its counts are lost, the store goes on. */
  onError: (error: unknown) => void
}) {
  const { limits, kept } = options
  let pending = new Map<string, DailyCount>()
  let writing: Promise<void> = Promise.resolve()

  async function write(): Promise<void> {
    if (pending.size === 0) return
    const counts = [...pending.values()]
    pending = new Map()
    await kept.refresh()
    const marked = counts.map((count) => ({ ...count, kept: kept.has(count.metric, count.key) }))
    await addDailyCounts(options.database, marked, limits.keysPerMetricAndDay)
  }

  /** Writes what was counted; writes never overlap, and this resolves once every earlier one is done. */
  function flush(): Promise<void> {
    writing = writing.then(write).catch(options.onError)
    return writing
  }

  const timer = setInterval(() => {
    if (pending.size > 0) void flush()
  }, limits.flushEveryMs)
  timer.unref()

  return {
    add(metric: AnalyticsMetric, key: string, count = 1, day = utcDay(options.now())): void {
      const id = `${day}\n${metric}\n${key}`
      const held = pending.get(id)
      if (held) {
        held.count += count
        return
      }
      if (pending.size < limits.maxPending || kept.has(metric, key)) {
        pending.set(id, { day, metric, key, count })
        return
      }
      // Full until the next write: the count is kept, its key is not.
      const otherId = `${day}\n${metric}\n${ANALYTICS_OTHER_KEY}`
      const other = pending.get(otherId)
      if (other) other.count += count
      else pending.set(otherId, { day, metric, key: ANALYTICS_OTHER_KEY, count })
    },
    flush,
    /** Stops the timer and writes what is left (the server is closing). */
    stop(): Promise<void> {
      clearInterval(timer)
      return flush()
    },
  }
}

export type DailyCounts = ReturnType<typeof createDailyCounts>
