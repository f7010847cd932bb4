import type { SignedIn } from './signed-in'

/**
 * A request after this long without one starts a new visit (issue 32, decision 064). `accessedAt` moves at
 * most once an hour, so a member reading for an afternoon stays in one visit, and the next day is another.
 */
export const VISIT_GAP_MS = 3 * 60 * 60 * 1000

/**
 * When the member's previous visit ended, as this request sees it: the member row read for the request
 * is the one before this request's own touch of `accessedAt`, so a request that starts a new visit finds
 * the previous one in `accessedAt`; any other finds it kept in `previousVisitAt` (null before a second visit).
 */
export function previousVisitOf(member: SignedIn, now: Date): Date | null {
  const { accessedAt, previousVisitAt } = member.user
  return now.getTime() - accessedAt.getTime() > VISIT_GAP_MS ? accessedAt : previousVisitAt
}
