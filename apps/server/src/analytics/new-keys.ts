import { ANALYTICS_OTHER_KEY } from '@pg/shared/analytics'
import { utcDay } from './daily-counts'

/**
 * The metrics whose keys a visitor chooses freely (decision 071): another site's domain, `utm_source`,
 * `utm_campaign` and the language's letters. A page is one of the store's own (ANALYTICS_PAGE_PATHS, a
 * few dozen), a device is `phone` or `desktop`: those keys are never new, whoever sends them.
 */
export const VISITOR_KEYED_METRICS = [
  'referrer',
  'source',
  'campaign_view',
  'campaign_buy',
  'language',
] as const
export type VisitorKeyedMetric = (typeof VISITOR_KEYED_METRICS)[number]

export interface NewKeysLimits {
  /** Keys new to the day one client address may bring; its later new keys count as `(other)`. */
  newKeysPerAddressAndDay: number
  /** Keys kept per day and metric in the table (decision 065): past them no key is new to anyone. */
  keysPerMetricAndDay: number
}

/**
 * The bound of new keys per client address and day (issue 40, L6; decision 071): one visitor alone used to
 * fill a day's 1,000 keys of a metric (17 minutes within its rate), so that the keys of real campaigns
 * sent afterwards counted only as `(other)`. A key the day has (counted by name before, by anyone) is
 * counted by name; a key new to the day is counted by name for the first `newKeysPerAddressAndDay` new
 * keys an address brings, and as `(other)` after that.
 *
 * In memory, per process, started afresh each UTC day: the day's keys of each metric (those this process
 * counted, and those the table had when the process started the day: read once), at most
 * `keysPerMetricAndDay` per metric, and how many new keys each address brought, an entry only for an
 * address that brought one, so never more entries than keys. Once a metric's keys are full, no key of it
 * is charged to anyone: the day's bound in the table decides (it is full too). Behind several instances,
 * a key another instance brought after this one read the day's keys is new here once more.
 */
export function createNewKeys(options: {
  limits: NewKeysLimits
  now: () => Date
  /** The day's keys already counted by name, at most `keysPerMetricAndDay` per metric. */
  readDayKeys: (day: string) => Promise<{ metric: string; key: string }[]>
  onError: (error: unknown) => void
}) {
  const { limits } = options
  let day = ''
  let known = new Map<string, Set<string>>()
  let brought = new Map<string, number>()

  function keysOf(metric: string): Set<string> {
    let keys = known.get(metric)
    if (!keys) {
      keys = new Set()
      known.set(metric, keys)
    }
    return keys
  }

  function startDay(today: string): void {
    day = today
    known = new Map()
    brought = new Map()
    // Until the day's keys are read (a few milliseconds), a key the table has is charged as a new one.
    options
      .readDayKeys(today)
      .then((rows) => {
        if (day !== today) return
        for (const { metric, key } of rows) {
          const keys = keysOf(metric)
          if (keys.size < limits.keysPerMetricAndDay) keys.add(key)
        }
      })
      .catch(options.onError)
  }

  return {
    /** The key to count: `key`, or `(other)` when it is new to the day and `address` brought its share. */
    keyFor(address: string, metric: VisitorKeyedMetric, key: string): string {
      const today = utcDay(options.now())
      if (today !== day) startDay(today)
      const keys = keysOf(metric)
      if (keys.has(key) || keys.size >= limits.keysPerMetricAndDay) return key
      const count = brought.get(address) ?? 0
      if (count >= limits.newKeysPerAddressAndDay) return ANALYTICS_OTHER_KEY
      brought.set(address, count + 1)
      keys.add(key)
      return key
    },
  }
}

export type NewKeys = ReturnType<typeof createNewKeys>
