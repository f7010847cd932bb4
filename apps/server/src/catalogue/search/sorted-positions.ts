/**
 * Ascending lists of positions (postings) as the search index keeps them: grown by doubling while the
 * index is built, searched by galloping when lists are walked together.
 */

/** A list being built: a typed array grown by doubling, `length` of it used. */
export interface GrowingList {
  data: Int32Array
  length: number
}

export const growingList = (capacity = 4): GrowingList => ({ data: new Int32Array(capacity), length: 0 })

/** Appends `value` unless it is already the last one (a word said twice in one place is one posting). */
export function appendOnce(list: GrowingList, value: number): void {
  if (list.length > 0 && list.data[list.length - 1] === value) return
  if (list.length === list.data.length) {
    const grown = new Int32Array(list.data.length * 2)
    grown.set(list.data)
    list.data = grown
  }
  list.data[list.length++] = value
}

/** The list's used part, in an array of its own size. */
export const finished = (list: GrowingList): Int32Array => list.data.slice(0, list.length)

/** The first index at or after `from` whose value is at least `value` (galloping up); the length if none. */
export function seekUp(list: Int32Array, from: number, value: number): number {
  let step = 1
  let low = from
  let high = from
  while (high < list.length && (list[high] ?? 0) < value) {
    low = high + 1
    high += step
    step *= 2
  }
  high = Math.min(high, list.length)
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((list[middle] ?? 0) < value) low = middle + 1
    else high = middle
  }
  return low
}

/** The last index at or before `from` whose value is at most `value` (galloping down); -1 if none. */
export function seekDown(list: Int32Array, from: number, value: number): number {
  let step = 1
  let high = from
  let low = from
  while (low >= 0 && (list[low] ?? 0) > value) {
    high = low - 1
    low -= step
    step *= 2
  }
  low = Math.max(low, -1)
  // Invariant: list[low] <= value (or low = -1), list[high + 1] > value.
  while (low < high) {
    const middle = (low + high + 1) >>> 1
    if ((list[middle] ?? 0) <= value) low = middle
    else high = middle - 1
  }
  return low
}
