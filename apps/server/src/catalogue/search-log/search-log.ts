import type { DatabaseHandle } from '../../platform/db/client'
import { createMemberQuota } from './member-quota'
import { createSearchLogRepository, type OtherSearches } from './search-log-repository'
import { createSearchTally, type TermTally } from './search-tally'
import { normaliseSearchTerm } from './search-term'

export interface SearchLogLimits {
  /** How often what was counted in memory is written. */
  flushEveryMs: number
  /** Distinct terms held between two writes: memory stays bounded whatever members type. */
  maxTermsPerFlush: number
  /** Distinct terms one member adds in a UTC day, each once (decision 058). */
  termsPerMemberPerDay: number
  /** Members whose searches count in a UTC day: bounds the memory the per-member counts take. */
  membersPerDay: number
  /** Terms kept by name in a UTC day; later new terms count in the day's "other terms" row. */
  termsPerDay: number
}

export const SEARCH_LOG_LIMITS: SearchLogLimits = {
  flushEveryMs: 5_000,
  maxTermsPerFlush: 1_000,
  termsPerMemberPerDay: 20,
  membersPerDay: 10_000,
  termsPerDay: 500,
}

const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10)

/**
 * The gallery's searches that found nothing (issue 13, decisions 044 and 058): each is counted in memory
 * by its normalised term (emails and phone numbers already replaced), once per member and term a day and
 * at most 20 terms per member a day, never with who searched; the counts are written every few seconds,
 * when the Overview is read and when the server stops, as upserts that add them to the day's rows, at
 * most 500 terms and one "other terms" row a day.
 */
export function createSearchLog(options: {
  database: DatabaseHandle
  limits?: Partial<SearchLogLimits>
  now?: () => Date
  /** A write that failed: its counts are lost, the searches go on. */
  onError: (error: unknown) => void
  /** Searches not counted because the day's members were already too many. */
  onDropped?: (searches: number) => void
  /**
   * Any search's term, normalised the same way and within the same bounds per member (decision 065):
   * the store's analytics count it.
   */
  onSearch?: (term: string) => void
}) {
  const limits = { ...SEARCH_LOG_LIMITS, ...options.limits }
  const now = () => (options.now?.() ?? new Date()).getTime()
  const repository = createSearchLogRepository(options.database)
  const tally = createSearchTally(limits.maxTermsPerFlush)
  const quota = createMemberQuota({
    termsPerMember: limits.termsPerMemberPerDay,
    members: limits.membersPerDay,
  })
  // A quota of its own: a member's searches that found something do not use up those that did not.
  const searchQuota = createMemberQuota({
    termsPerMember: limits.termsPerMemberPerDay,
    members: limits.membersPerDay,
  })
  let writing: Promise<void> = Promise.resolve()

  async function write(): Promise<void> {
    const { terms, dropped } = tally.take()
    const refused = quota.takeRefused()
    if (refused > 0) options.onDropped?.(refused)
    const days = new Map<string, { terms: TermTally[]; others: OtherSearches }>()
    const dayOf = (at: number) => {
      const day = utcDay(at)
      let batch = days.get(day)
      if (!batch) {
        batch = { terms: [], others: { count: 0, lastSearchedAt: 0 } }
        days.set(day, batch)
      }
      return batch
    }
    for (const term of terms) dayOf(term.lastSearchedAt).terms.push(term)
    // Searches the tally had no room for are not lost: they count without their term.
    if (dropped > 0) {
      const at = now()
      dayOf(at).others = { count: dropped, lastSearchedAt: at }
    }
    for (const [day, batch] of days)
      await repository.addDay(day, batch.terms, batch.others, limits.termsPerDay)
  }

  /** Writes what was counted; writes never overlap, and this resolves once every earlier one is done. */
  function flush(): Promise<void> {
    writing = writing.then(write).catch(options.onError)
    return writing
  }

  const timer = setInterval(() => {
    if (tally.size > 0 || tally.dropped > 0) void flush()
  }, limits.flushEveryMs)
  timer.unref()

  return {
    /**
     * A member's search whose first page was empty: a few map lookups, nothing written now. A search
     * without a member (none reaches here: the route is members-only) is not counted.
     */
    record(text: string, searcher: string | undefined): void {
      if (searcher === undefined) return
      const term = normaliseSearchTerm(text)
      if (term === null) return
      const at = now()
      if (quota.admits(searcher, term, at)) tally.add(term, at)
    },
    /** Any member's search (found or not), for the analytics: a few map lookups, nothing written here. */
    searched(text: string, searcher: string | undefined): void {
      if (searcher === undefined || options.onSearch === undefined) return
      const term = normaliseSearchTerm(text)
      if (term !== null && searchQuota.admits(searcher, term, now())) options.onSearch(term)
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
