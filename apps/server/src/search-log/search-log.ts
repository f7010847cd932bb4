import { desc, gte, max, sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../db/client'
import { searchesWithoutResults } from '../db/schema'
import { toAppwriteDate } from '../appwrite/dates'
import { createSearchTally } from './search-tally'
import { normaliseSearchTerm } from './search-term'

export interface SearchLogLimits {
  /** How often what was counted in memory is written. */
  flushEveryMs: number
  /** Distinct terms held between two writes: memory stays bounded whatever members type. */
  maxTermsPerFlush: number
}

export const SEARCH_LOG_LIMITS: SearchLogLimits = { flushEveryMs: 5_000, maxTermsPerFlush: 1_000 }

const table = searchesWithoutResults
const INTEGER_MAX = 2_147_483_647

const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10)

/**
 * The gallery's searches that found nothing (issue 13, decision 044): each is counted in memory by its
 * normalised term, never with who searched, and the counts are written every few seconds, when the
 * Overview is read and when the server stops, as one upsert that adds them to the day's row.
 */
export function createSearchLog(options: {
  database: DatabaseHandle
  limits?: SearchLogLimits
  now?: () => Date
  /** A write that failed: its counts are lost, the searches go on. */
  onError: (error: unknown) => void
  /** Searches not counted because the tally was full. */
  onDropped?: (searches: number) => void
}) {
  const limits = options.limits ?? SEARCH_LOG_LIMITS
  const tally = createSearchTally(limits.maxTermsPerFlush)
  let writing: Promise<void> = Promise.resolve()

  async function write(): Promise<void> {
    const { terms, dropped } = tally.take()
    if (dropped > 0) options.onDropped?.(dropped)
    if (terms.length === 0) return
    await options.database.db
      .insert(table)
      .values(
        terms.map((tally) => ({
          day: utcDay(tally.lastSearchedAt),
          term: tally.term,
          count: Math.min(tally.count, INTEGER_MAX),
          lastSearchedAt: new Date(tally.lastSearchedAt),
        })),
      )
      .onConflictDoUpdate({
        target: [table.day, table.term],
        set: {
          count: sql`least(${table.count}::bigint + excluded.count, ${INTEGER_MAX})`,
          lastSearchedAt: sql`greatest(${table.lastSearchedAt}, excluded.last_searched_at)`,
        },
      })
  }

  /** Writes what was counted; writes never overlap, and this resolves once every earlier one is done. */
  function flush(): Promise<void> {
    writing = writing.then(write).catch(options.onError)
    return writing
  }

  const timer = setInterval(() => {
    if (tally.size > 0) void flush()
  }, limits.flushEveryMs)
  timer.unref()

  return {
    /** A member's search whose first page was empty: one map lookup, nothing written now. */
    record(text: string): void {
      const term = normaliseSearchTerm(text)
      if (term !== null) tally.add(term, (options.now?.() ?? new Date()).getTime())
    },
    flush,
    /** Stops the timer and writes what is left (the server is closing). */
    stop(): Promise<void> {
      clearInterval(timer)
      return flush()
    },
  }
}

export type SearchLog = ReturnType<typeof createSearchLog>

/** The terms searched most often without a result since `sinceDay` (a UTC `YYYY-MM-DD`), most first. */
export async function mostSearchedWithoutResults(database: DatabaseHandle, sinceDay: string, limit = 10) {
  const searches = sql<string>`sum(${table.count})`
  const last = max(table.lastSearchedAt)
  const rows = await database.db
    .select({ term: table.term, count: searches, lastSearchedAt: last })
    .from(table)
    .where(gte(table.day, sinceDay))
    .groupBy(table.term)
    .orderBy(desc(searches), desc(last), table.term)
    .limit(limit)
  // Every group has a latest time (the column is never null); the type of max() cannot say so.
  return rows.flatMap((row) =>
    row.lastSearchedAt
      ? [{ term: row.term, count: Number(row.count), lastSearchedAt: toAppwriteDate(row.lastSearchedAt) }]
      : [],
  )
}
