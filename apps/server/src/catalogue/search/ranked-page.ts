import { AppwriteError } from '../../platform/appwrite/errors'
import { said } from '../../platform/error-messages/error-message'
import type { ListQueries } from '../../platform/appwrite/queries'
import type { Matches } from './find-matches'
import type { ProjectIndex, SearchableIndex } from './project-index'

/** How the matches are ordered: by relevance, or by one attribute; `$sequence` breaks every tie. */
export interface SearchOrder {
  by: 'relevance' | '$createdAt' | 'title' | '$sequence'
  direction: 'asc' | 'desc'
  /** The direction of the final `$sequence` tie-breaker. */
  tieBreak: 'asc' | 'desc'
}

export interface PageRequest {
  order: SearchOrder
  cursor: { position: number; direction: 'after' | 'before' } | null
  offset: number
  limit: number
}

/** Where the request's cursor document is in the index: unknown there, unknown to the database. */
export function cursorPosition(index: ProjectIndex, cursor: ListQueries['cursor']): PageRequest['cursor'] {
  if (!cursor) return null
  const position = index.positions.get(cursor.documentId)
  if (position === undefined) {
    throw new AppwriteError(
      'general_cursor_not_found',
      said('cursorDocumentNotFound', { id: cursor.documentId }),
    )
  }
  return { position, direction: cursor.direction }
}

/** Positions and ranks stay below this (33 million projects); ranks and relevance are multiplied by it. */
const TIE_RANGE = 2 ** 25

/**
 * One number per project that orders it, unique (the position is in it): ranks and relevance stay
 * below 2^25 and 2^22, so the whole key is an exact integer of a double.
 */
function sortKey(index: SearchableIndex, order: SearchOrder) {
  const rank =
    order.by === '$createdAt' ? index.createdRank : order.by === 'title' ? index.titleRank : undefined
  const ascending = order.by === '$sequence' ? order.direction === 'asc' : order.tieBreak === 'asc'
  const descendingRank = rank !== undefined && order.direction === 'desc'
  return (position: number, relevance: number) => {
    const primary = rank ? (rank[position] ?? 0) : order.by === 'relevance' ? relevance : 0
    return (
      (descendingRank ? TIE_RANGE - 1 - primary : primary) * TIE_RANGE +
      (ascending ? position : TIE_RANGE - 1 - position)
    )
  }
}

/**
 * The page of matches after (or before) the cursor in the order asked for. Keyset paging: the cursor's
 * project is placed in this search's order by its own key (a project that does not match goes after
 * every match), so a page continues right after it, also when the index was rebuilt meanwhile
 * (decision 029).
 */
export function rankedPage(index: SearchableIndex, matches: Matches, request: PageRequest): number[] {
  const key = sortKey(index, request.order)
  // Before the cursor is after it in the reversed order: the same selection on negated keys.
  const sign = request.cursor?.direction === 'before' ? -1 : 1
  let from = -Infinity
  if (request.cursor) {
    const { position } = request.cursor
    const at = matches.positions.indexOf(position)
    from = sign * key(position, at === -1 ? matches.unmatched : (matches.relevance[at] ?? 0))
  }
  const kept = createBoundedHeap(request.offset + request.limit)
  const { positions, relevance } = matches
  for (let at = 0; at < positions.length; at++) {
    const position = positions[at] ?? 0
    const value = sign * key(position, relevance[at] ?? 0)
    if (value > from) kept.offer(value, position)
  }
  const page = kept.sorted().slice(request.offset, request.offset + request.limit)
  return sign === -1 ? page.reverse() : page
}

/** Keeps the `size` smallest values offered (a max-heap: the largest kept is the first to go). */
function createBoundedHeap(size: number) {
  const values = new Float64Array(size)
  const positions = new Int32Array(size)
  let count = 0
  const swap = (a: number, b: number) => {
    const value = values[a] ?? 0
    const position = positions[a] ?? 0
    values[a] = values[b] ?? 0
    positions[a] = positions[b] ?? 0
    values[b] = value
    positions[b] = position
  }
  const larger = (a: number, b: number) => (values[a] ?? 0) > (values[b] ?? 0)
  return {
    offer(value: number, position: number) {
      if (size === 0) return
      if (count < size) {
        values[count] = value
        positions[count] = position
        for (let at = count++; at > 0 && larger(at, (at - 1) >> 1); at = (at - 1) >> 1)
          swap(at, (at - 1) >> 1)
        return
      }
      if (value >= (values[0] ?? 0)) return
      values[0] = value
      positions[0] = position
      for (let at = 0; ;) {
        const left = 2 * at + 1
        const right = left + 1
        let largest = at
        if (left < count && larger(left, largest)) largest = left
        if (right < count && larger(right, largest)) largest = right
        if (largest === at) break
        swap(at, largest)
        at = largest
      }
    },
    sorted(): number[] {
      return Array.from(positions.subarray(0, count))
        .map((position, at) => ({ position, value: values[at] ?? 0 }))
        .sort((a, b) => a.value - b.value)
        .map(({ position }) => position)
    },
  }
}
