import { hashString } from '../../platform/lib/seeded-random'

const DAY_MS = 86_400_000

/**
 * What one member may add to the log in a UTC day (decision 058): each distinct term once, and at most
 * `termsPerMember` of them; past that, their searches are not counted. Held in memory only, for the
 * current day, and never written: the log still says nothing of who searched. A member's terms are kept
 * as 32-bit hashes (a collision only means one term of that member is not counted), so `members` members
 * cost a few hundred bytes each at most; a member first seen after that many is not counted that day.
 */
export function createMemberQuota(limits: { termsPerMember: number; members: number }) {
  let day = -1
  let counted = new Map<string, number[]>()
  let refused = 0
  return {
    /** Whether this search counts; one map lookup and a scan of at most `termsPerMember` numbers. */
    admits(memberId: string, term: string, at: number): boolean {
      const today = Math.floor(at / DAY_MS)
      if (today !== day) {
        day = today
        counted = new Map()
      }
      let terms = counted.get(memberId)
      if (terms === undefined) {
        if (counted.size >= limits.members) {
          refused += 1
          return false
        }
        terms = []
        counted.set(memberId, terms)
      }
      const hash = hashString(term)
      if (terms.includes(hash) || terms.length >= limits.termsPerMember) return false
      terms.push(hash)
      return true
    },
    /** Searches not counted since the last call because the day's members were too many. */
    takeRefused(): number {
      const taken = refused
      refused = 0
      return taken
    },
  }
}
