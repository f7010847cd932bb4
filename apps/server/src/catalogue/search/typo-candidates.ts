interface SortedWords {
  words: readonly string[]
  /** The length of the longest word. */
  longest: number
}

/**
 * The words of a sorted vocabulary that may match `query` with typos (`matchWord`, in
 * packages/shared/src/search-text.ts, then decides each one): within `max` edits, a wrong first letter
 * being one edit like any other (decision 067), or with `toPrefix` one of their starts is. Found without
 * comparing every word: the sorted list is walked as a trie, words that share a start share the rows of
 * the edit-distance table computed for it, and once no cell of a row is within reach no word with that
 * start can be, so the walk jumps past all of them.
 */
export function typoCandidates(
  vocabulary: SortedWords,
  query: string,
  max: number,
  toPrefix: boolean,
): number[] {
  const found: number[] = []
  walk(vocabulary, query, max, toPrefix, 0, vocabulary.words.length, found)
  return found
}

/** Walks the words numbered `from` to `to` (excluded), adding those within `max` edits to `found`. */
function walk(
  { words, longest }: SortedWords,
  query: string,
  max: number,
  toPrefix: boolean,
  from: number,
  to: number,
  found: number[],
): void {
  const n = query.length
  const over = max + 1
  // rows[d]: the table's row for the first d characters of the current word, one cell per query prefix;
  // only cells within `max` of the diagonal are computed, the ones beside them read as over.
  const rows = Array.from({ length: longest + 2 }, () => new Int32Array(n + 2).fill(over))
  // best[d]: the fewest edits from the whole query to any start of the current word up to d characters.
  const best = new Int32Array(longest + 1).fill(over)
  const first = rows[0] ?? new Int32Array(n + 2)
  for (let j = 0; j <= n; j++) first[j] = j
  best[0] = n
  let previous = ''
  // Rows 0…valid belong to the start `previous` shares with the next word.
  let valid = 0
  for (let number = from; number < to;) {
    const word = words[number] ?? ''
    let depth = 0
    const shared = Math.min(valid, word.length, previous.length)
    while (depth < shared && word.charCodeAt(depth) === previous.charCodeAt(depth)) depth++
    let dead = -1
    for (let d = depth + 1; d <= word.length; d++) {
      const row = rows[d] ?? first
      const above = rows[d - 1] ?? first
      const twoAbove = rows[d - 2] ?? first
      const w = word.charCodeAt(d - 1)
      const low = Math.max(1, d - max)
      const high = Math.min(n, d + max)
      row[low - 1] = low === 1 ? d : over
      let rowMin = low === 1 ? d : over
      for (let j = low; j <= high; j++) {
        const q = query.charCodeAt(j - 1)
        const replaced = (above[j - 1] ?? over) + (q === w ? 0 : 1)
        let value = Math.min((above[j] ?? over) + 1, (row[j - 1] ?? over) + 1, replaced)
        if (d > 1 && j > 1 && w === query.charCodeAt(j - 2) && word.charCodeAt(d - 2) === q) {
          value = Math.min(value, (twoAbove[j - 2] ?? over) + 1)
        }
        row[j] = value
        if (value < rowMin) rowMin = value
      }
      if (high < n) row[high + 1] = over
      const reached = low <= n && high === n ? (row[n] ?? over) : over
      best[d] = Math.min(best[d - 1] ?? over, reached)
      if (rowMin > max) {
        dead = d
        break
      }
    }
    if (dead !== -1) {
      // No word with this start can come closer than the start found so far: with one within reach,
      // all of them match by their start; without, none matches at all.
      const next = pastStart(words, number, to, dead)
      if (toPrefix && (best[dead] ?? over) <= max) for (let at = number; at < next; at++) found.push(at)
      previous = word
      valid = dead
      number = next
      continue
    }
    const whole = word.length - n <= max && n - word.length <= max ? (rows[word.length]?.[n] ?? over) : over
    if (whole <= max || (toPrefix && (best[word.length] ?? over) <= max)) found.push(number)
    previous = word
    valid = word.length
    number++
  }
}

/**
 * The first word after `number` that does not start with the first `length` characters of word
 * `number`. Usually a near neighbour, so the search gallops from it before halving.
 */
function pastStart(words: readonly string[], number: number, to: number, length: number): number {
  const word = words[number] ?? ''
  let low = number + 1
  let step = 1
  while (low + step - 1 < to && sharesStart(words[low + step - 1] ?? '', word, length)) {
    low += step
    step *= 2
  }
  let high = Math.min(to, low + step - 1)
  // Words in [low, high) may share the start; the one at `high` (if any) does not.
  while (low < high) {
    const middle = (low + high) >>> 1
    if (sharesStart(words[middle] ?? '', word, length)) low = middle + 1
    else high = middle
  }
  return low
}

// A plain function, not a closure: a search calls it thousands of times.
function sharesStart(word: string, other: string, length: number): boolean {
  if (word.length < length) return false
  for (let i = length - 1; i >= 0; i--) if (word.charCodeAt(i) !== other.charCodeAt(i)) return false
  return true
}

/** The first index from `low` (before `high`) whose word is not before `word` in the sorted list. */
export function firstAtLeast(words: readonly string[], word: string, low = 0, high = words.length): number {
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((words[middle] ?? '') < word) low = middle + 1
    else high = middle
  }
  return low
}
