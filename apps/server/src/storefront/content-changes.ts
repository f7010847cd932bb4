import { isDeepStrictEqual } from 'node:util'
import { INFO_PAGES, type StorefrontContent } from '@pg/shared/storefront/content'
import { fieldPath } from './storefront-validation'

/** How many paths a version lists as changed; past it, the paths are named by their section instead. */
export const CHANGED_PATHS_KEPT = 100
/** Enough to know that coarser paths are needed: the walk stops there, whatever the content holds. */
const PATHS_WALKED = 1_000

type Segments = (string | number)[]

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Adds the paths where `before` and `after` differ, as far down as they both go. */
function walk(before: unknown, after: unknown, at: Segments, found: Segments[]): void {
  if (found.length >= PATHS_WALKED || isDeepStrictEqual(before, after)) return
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let index = 0; index < Math.max(before.length, after.length); index++) {
      if (index >= before.length || index >= after.length) found.push([...at, index])
      else walk(before[index], after[index], [...at, index], found)
    }
    return
  }
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])]
    for (const key of keys) walk(before[key], after[key], [...at, key], found)
    return
  }
  found.push(at)
}

/**
 * The field paths that differ between two versions' contents (`landing.offer.price.amount`,
 * `faq[2].answer.es`; an entry added or removed at the end of a list is named whole, `faq[7]`). At most
 * CHANGED_PATHS_KEPT: more changes than that are named by the sections that hold them (`landing.offer`,
 * then `landing`), so the history says where, if not each field.
 */
export function changedPaths(before: unknown, after: unknown): string[] {
  const found: Segments[] = []
  walk(before, after, [], found)
  for (const depth of [Infinity, 2, 1]) {
    const paths = [...new Set(found.map((segments) => fieldPath(segments.slice(0, depth))))]
    if (paths.length <= CHANGED_PATHS_KEPT) return paths
  }
  return []
}

/**
 * The content to publish after `previous`: each information page whose title or body changed is dated
 * `today` (its "last updated"); the others keep the date they have.
 */
export function withPagesDated(
  previous: StorefrontContent | null,
  next: StorefrontContent,
  today: string,
): StorefrontContent {
  const pages = { ...next.pages }
  for (const key of INFO_PAGES) {
    const before = previous?.pages[key]
    const page = next.pages[key]
    const changed =
      !before || !isDeepStrictEqual(before.title, page.title) || !isDeepStrictEqual(before.body, page.body)
    if (changed && page.updatedOn !== today) pages[key] = { ...page, updatedOn: today }
  }
  return { ...next, pages }
}
