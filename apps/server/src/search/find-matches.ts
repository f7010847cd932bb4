import type { QueryWord } from '@pg/shared/search-text'
import { FIELD_COUNT, type ProjectIndex } from './project-index'
import { matchingWords } from './vocabulary'

/** Projects matching at least one word of a search, with the relevance of each (lower is better). */
export interface Matches {
  positions: Int32Array
  relevance: Float64Array
  /** The relevance of a project that matches no word: after every match. */
  unmatched: number
}

/**
 * A project's relevance packs, from the most to the least significant: the words it did not match,
 * then the fields they were found in (title 0 … tags 3, summed over the words), then the typos, then
 * the words matched only by their start. Each part gets bits enough for ten query words.
 */
const FIELD_BITS = 5 // 10 words × field 3
const TYPO_BITS = 5 // 10 words × 2 typos
const PREFIX_BITS = 4
const relevanceOf = (missed: number, fields: number, typos: number, prefixes: number) =>
  (((missed << FIELD_BITS) + fields) * 2 ** TYPO_BITS + typos) * 2 ** PREFIX_BITS + prefixes

/** How one word matched one project, best first: field, then typos, then start-of-word only. */
const NO_MATCH = 255
const code = (field: number, typos: number, prefix: boolean) => field * 8 + typos * 2 + (prefix ? 1 : 0)

interface Scratch {
  best: Uint8Array
  matched: Uint8Array
  fields: Uint8Array
  typos: Uint8Array
  prefixes: Uint8Array
  /** Projects one word matched, then projects any word matched: lists of positions. */
  found: Int32Array
  touched: Int32Array
}
const scratches = new WeakMap<ProjectIndex, Scratch>()

function scratchOf(index: ProjectIndex): Scratch {
  let scratch = scratches.get(index)
  if (!scratch) {
    const counters = () => new Uint8Array(index.size)
    scratch = {
      best: counters().fill(NO_MATCH),
      matched: counters(),
      fields: counters(),
      typos: counters(),
      prefixes: counters(),
      found: new Int32Array(index.size),
      touched: new Int32Array(index.size),
    }
    scratches.set(index, scratch)
  }
  return scratch
}

/**
 * Runs synchronously from start to end, so the per-project counters of an index are reused by every
 * search on it (and left zeroed): a search allocates only its result.
 */
export function findMatches(index: ProjectIndex, words: readonly QueryWord[]): Matches {
  const { best, matched, fields, typos, prefixes, found, touched } = scratchOf(index)
  const { postings } = index.vocabulary
  let touchedCount = 0
  for (const word of words) {
    let foundCount = 0
    for (const match of matchingWords(index.vocabulary, word)) {
      const fieldZero = code(0, match.typos, match.prefix)
      const list = postings[match.number]
      if (!list) continue
      // The hot loop of a search (a common word has a posting in most projects): indexes, no iterator.
      for (let at = 0; at < list.length; at++) {
        const posting = list[at] ?? 0
        const position = (posting / FIELD_COUNT) | 0
        const value = fieldZero + (posting - position * FIELD_COUNT) * 8
        const previous = best[position] ?? NO_MATCH
        if (value >= previous) continue
        if (previous === NO_MATCH) found[foundCount++] = position
        best[position] = value
      }
    }
    for (let at = 0; at < foundCount; at++) {
      const position = found[at] ?? 0
      const value = best[position] ?? 0
      best[position] = NO_MATCH
      if (matched[position] === 0) touched[touchedCount++] = position
      matched[position] = (matched[position] ?? 0) + 1
      fields[position] = (fields[position] ?? 0) + (value >> 3)
      typos[position] = (typos[position] ?? 0) + ((value >> 1) & 3)
      prefixes[position] = (prefixes[position] ?? 0) + (value & 1)
    }
  }
  const positions = touched.slice(0, touchedCount)
  const relevance = new Float64Array(touchedCount)
  for (let at = 0; at < touchedCount; at++) {
    const position = positions[at] ?? 0
    relevance[at] = relevanceOf(
      words.length - (matched[position] ?? 0),
      fields[position] ?? 0,
      typos[position] ?? 0,
      prefixes[position] ?? 0,
    )
    matched[position] = fields[position] = typos[position] = prefixes[position] = 0
  }
  return { positions, relevance, unmatched: relevanceOf(words.length, 0, 0, 0) }
}
