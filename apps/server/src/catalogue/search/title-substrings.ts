import { appendOnce, finished, growingList, seekDown, seekUp, type GrowingList } from './sorted-positions'

/**
 * `contains(title, values)` answered in memory (decision 031): the titles as the database folds them
 * (`title_search`, its own `search_text`) and, for each run of three UTF-16 code units found in them,
 * the positions of the titles holding it. A value's candidates are the titles holding every one of its
 * runs; a candidate matches when its folded title really contains the value, so the answer is exactly
 * the SQL `title_search LIKE '%' || search_text(value) || '%'`.
 */
export interface TitleSubstrings {
  /** Folded titles, by position. */
  folded: string[]
  /** Positions (ascending) by trigram key. */
  postings: Map<number, Int32Array>
}

/** Runs of this many code units are indexed; a shorter value is looked for in every title. */
const GRAM = 3

/** A run as one number: three 16-bit code units fit exactly in a double. */
const gramAt = (text: string, at: number) =>
  text.charCodeAt(at) * 2 ** 32 + text.charCodeAt(at + 1) * 2 ** 16 + text.charCodeAt(at + 2)

export function createTitleSubstringsBuilder() {
  const folded: string[] = []
  const growing = new Map<number, GrowingList>()
  return {
    /** Titles are added in position order. */
    add(title: string): void {
      const position = folded.length
      folded.push(title)
      for (let at = 0; at + GRAM <= title.length; at++) {
        const gram = gramAt(title, at)
        let list = growing.get(gram)
        if (!list) growing.set(gram, (list = growingList(2)))
        appendOnce(list, position)
      }
    },

    finish(): TitleSubstrings {
      const postings = new Map<number, Int32Array>()
      for (const [gram, list] of growing) postings.set(gram, finished(list))
      growing.clear()
      return { folded, postings }
    },
  }
}

/** Walks positions one way: up (ascending) or down. */
export type Walk = 1 | -1

/**
 * The positions whose folded title contains `value` (folded), one at a time in the walk's direction,
 * starting at `from` (included); -1 when there are no more. Only as many candidates are looked at as
 * the matches asked for need: a page of a common word costs a page's worth of work.
 */
function titlesContaining(titles: TitleSubstrings, value: string, from: number, walk: Walk): () => number {
  const { folded } = titles
  const holds = (position: number) => (folded[position] ?? '').includes(value)
  if (value.length < GRAM) {
    // Too short for a run: every title is looked at, in turn.
    let position = from
    return () => {
      for (; position >= 0 && position < folded.length; position += walk) {
        if (holds(position)) {
          position += walk
          return position - walk
        }
      }
      return -1
    }
  }
  const lists: Int32Array[] = []
  const seen = new Set<number>()
  for (let at = 0; at + GRAM <= value.length; at++) {
    const gram = gramAt(value, at)
    if (seen.has(gram)) continue
    seen.add(gram)
    const list = titles.postings.get(gram)
    if (!list) return () => -1
    lists.push(list)
  }
  lists.sort((a, b) => a.length - b.length)
  const [rarest = new Int32Array(0), ...others] = lists
  // Where each list was left: candidates come in order, so the search for the next starts there.
  const cursors = others.map((list) => (walk === 1 ? 0 : list.length - 1))
  let at = walk === 1 ? seekUp(rarest, 0, from) : seekDown(rarest, rarest.length - 1, from)
  return () => {
    candidates: for (; at >= 0 && at < rarest.length; at += walk) {
      const position = rarest[at] ?? 0
      for (let which = 0; which < others.length; which++) {
        const list = others[which] ?? rarest
        const found =
          walk === 1
            ? seekUp(list, cursors[which] ?? 0, position)
            : seekDown(list, cursors[which] ?? 0, position)
        cursors[which] = found
        if (found < 0 || found >= list.length) {
          at = -2 // no more candidates in this list: none in all of them
          break candidates
        }
        if (list[found] !== position) continue candidates
      }
      if (holds(position)) {
        at += walk
        return position
      }
    }
    return -1
  }
}

/**
 * The positions whose folded title contains any of the values (folded), each once, in the walk's
 * direction from `from` (included), at most `count` of them.
 */
export function firstTitlesContaining(
  titles: TitleSubstrings,
  values: readonly string[],
  options: { from: number; walk: Walk; count: number },
): number[] {
  const { from, walk, count } = options
  const distinct = [...new Set(values)]
  const found: number[] = []
  if (distinct.includes('')) {
    for (
      let position = from;
      found.length < count && position >= 0 && position < titles.folded.length;
      position += walk
    )
      found.push(position)
    return found
  }
  const streams = distinct.map((value) => titlesContaining(titles, value, from, walk))
  const heads = streams.map((next) => next())
  while (found.length < count) {
    // The next position in the walk among the streams' heads; streams at it move on.
    let next = -1
    for (const head of heads) {
      if (head !== -1 && (next === -1 || (walk === 1 ? head < next : head > next))) next = head
    }
    if (next === -1) break
    found.push(next)
    heads.forEach((head, which) => {
      if (head === next) heads[which] = streams[which]?.() ?? -1
    })
  }
  return found
}

/** Every position whose folded title contains any of the values (folded), ascending, each once. */
export function titlesContainingAny(titles: TitleSubstrings, values: readonly string[]): Int32Array {
  return Int32Array.from(
    firstTitlesContaining(titles, values, { from: 0, walk: 1, count: titles.folded.length }),
  )
}
