/** A term's searches since the last flush. */
export interface TermTally {
  term: string
  count: number
  /** When it was searched last, in milliseconds since the epoch. */
  lastSearchedAt: number
}

/**
 * Searches counted in memory between two writes (decision 044): one map lookup per search, no statement
 * on the request's path. At most `maxTerms` distinct terms are held; a term first seen after that is
 * dropped (and counted as dropped) until the next flush empties the tally.
 */
export function createSearchTally(maxTerms: number) {
  let terms = new Map<string, TermTally>()
  let dropped = 0
  return {
    add(term: string, at: number): void {
      const tally = terms.get(term)
      if (tally) {
        tally.count += 1
        if (at > tally.lastSearchedAt) tally.lastSearchedAt = at
      } else if (terms.size < maxTerms) {
        terms.set(term, { term, count: 1, lastSearchedAt: at })
      } else {
        dropped += 1
      }
    },
    /** Everything counted so far, and how many searches were dropped; the tally starts again empty. */
    take(): { terms: TermTally[]; dropped: number } {
      const taken = { terms: [...terms.values()], dropped }
      terms = new Map()
      dropped = 0
      return taken
    },
    get size(): number {
      return terms.size
    },
    /** Searches not held since the last take. */
    get dropped(): number {
      return dropped
    },
  }
}

export type SearchTally = ReturnType<typeof createSearchTally>
