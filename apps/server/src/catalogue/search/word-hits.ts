import type { QueryWord } from '@pg/shared/search-text'
import { FIELD_COUNT, type SearchableIndex } from './project-index'
import { seekUp } from './sorted-positions'
import { matchingWords } from './vocabulary'

/**
 * A query word with the owner's synonyms that apply to it (`synonyms/query-synonyms.ts`): each
 * alternative is the words of the synonym's other side, all of which a project must hold. A project
 * found through one ranks as a start or another form of the typed word (decision 067, synonyms).
 */
export interface SearchWord extends QueryWord {
  alternatives?: readonly (readonly QueryWord[])[]
}

/**
 * The projects one query word matches, ascending, each with how it best matched there (`matchCode`):
 * the postings of every word of the catalogue it matches, merged (decision 032).
 */
export interface WordHits {
  positions: Int32Array
  codes: Uint8Array
  /** A bit per code found among them (bit `code`): the codes `firstPage` looks for, one at a time. */
  codesFound: number
  /**
   * For a word in at least one project of 32, its projects as bits (bit `position & 31` of block
   * `position >>> 5`), read a block at a time by `firstPage`; null for a rarer word, read hit by hit.
   */
  bits: Uint32Array | null
  /**
   * With `bits`, for each block holding any of the word's projects, the index of its first hit: a
   * project's hit is found at once (that plus the bits before it in the block). Other blocks are not read.
   */
  blockStarts: Int32Array | null
}

/**
 * How one word matched one project, best (lowest) first: typos, then start-of-word (or other form) only,
 * then field, as relevance orders them (`relevanceOf`, decision 067).
 */
export const NO_MATCH = 255
export const matchCode = (field: number, typos: number, prefix: boolean) =>
  typos * 8 + (prefix ? 4 : 0) + field
/** Codes are below this: three typo counts of eight (so a bit per code fits in 32). */
export const CODES = 3 * 8

/**
 * Hits are kept per index for the words searched most recently, up to this many bytes (about 5 per
 * project a word matches, and a bit per project for a common word): members search with the same words again and again, and the last word of a
 * search typed letter by letter is searched again at every letter.
 */
const KEPT_BYTES = 8 * 1024 * 1024

interface Kept {
  byWord: Map<string, WordHits>
  bytes: number
  /** Per project, the best code of the word being merged: NO_MATCH between merges. */
  best: Uint8Array
}
const keptByIndex = new WeakMap<SearchableIndex, Kept>()

function keptOf(index: SearchableIndex): Kept {
  let kept = keptByIndex.get(index)
  if (!kept) {
    kept = { byWord: new Map(), bytes: 0, best: new Uint8Array(index.size).fill(NO_MATCH) }
    keptByIndex.set(index, kept)
  }
  return kept
}

const sizeOf = (hits: WordHits) =>
  hits.positions.byteLength +
  hits.codes.byteLength +
  (hits.bits?.byteLength ?? 0) +
  (hits.blockStarts?.byteLength ?? 0) +
  64

/** The hits of one query word on this index: from the recently searched words, else merged now. */
export function wordHits(index: SearchableIndex, word: SearchWord): WordHits {
  const kept = keptOf(index)
  const alternatives = word.alternatives ?? []
  const key =
    `${word.typos} ${word.prefix ? 1 : 0} ${word.folded}` +
    alternatives.map((words) => ` | ${words.map((other) => other.folded).join(' ')}`).join('')
  const found = kept.byWord.get(key)
  if (found) {
    // Most recently used last: the first in the map is the first to go.
    kept.byWord.delete(key)
    kept.byWord.set(key, found)
    return found
  }
  const own = mergeHits(index, word, kept.best)
  const hits = alternatives.length === 0 ? own : withAlternatives(index, own, alternatives, kept.best)
  kept.byWord.set(key, hits)
  kept.bytes += sizeOf(hits)
  for (const [oldKey, old] of kept.byWord) {
    if (kept.bytes <= KEPT_BYTES || old === hits) break
    kept.byWord.delete(oldKey)
    kept.bytes -= sizeOf(old)
  }
  return hits
}

/** Walks the postings of every catalogue word the query word matches; leaves `best` as it found it. */
function mergeHits(index: SearchableIndex, word: QueryWord, best: Uint8Array): WordHits {
  const { postings } = index.vocabulary
  const touched: number[] = []
  for (const match of matchingWords(index.vocabulary, word)) {
    const fieldZero = matchCode(0, match.typos, match.prefix)
    const list = postings[match.number]
    if (!list) continue
    // The hot loop of a search (a common word has a posting in most projects): indexes, no iterator.
    for (let at = 0; at < list.length; at++) {
      const posting = list[at] ?? 0
      const position = (posting / FIELD_COUNT) | 0
      const value = fieldZero + (posting - position * FIELD_COUNT)
      const previous = best[position] ?? NO_MATCH
      if (value >= previous) continue
      if (previous === NO_MATCH) touched.push(position)
      best[position] = value
    }
  }
  return hitsOf(index, Int32Array.from(touched).sort(), best)
}

/**
 * The word's own hits with those of its synonyms' other sides: a project holding every word of a side
 * matches as a start or another form of the typed word (code `4 + field`, the side's words' worst field),
 * never above the typed word matched whole in the same field; the better of the two codes is kept.
 */
function withAlternatives(
  index: SearchableIndex,
  own: WordHits,
  alternatives: readonly (readonly QueryWord[])[],
  best: Uint8Array,
): WordHits {
  // Each side's words' hits first: finding them uses `best` too.
  const sides = alternatives.map((side) => side.map((other) => wordHits(index, other)))
  const touched: number[] = []
  const offer = (position: number, code: number) => {
    const previous = best[position] ?? NO_MATCH
    if (code >= previous) return
    if (previous === NO_MATCH) touched.push(position)
    best[position] = code
  }
  for (let at = 0; at < own.positions.length; at++) offer(own.positions[at] ?? 0, own.codes[at] ?? 0)
  for (const sideHits of sides) {
    const [first, ...rest] = sideHits
    if (!first) continue
    const cursors = new Int32Array(rest.length)
    candidates: for (let at = 0; at < first.positions.length; at++) {
      const position = first.positions[at] ?? 0
      let field = (first.codes[at] ?? 0) & 3
      for (let which = 0; which < rest.length; which++) {
        const other = rest[which]
        if (!other) continue
        const next = seekUp(other.positions, cursors[which] ?? 0, position)
        cursors[which] = next
        if (next === other.positions.length) break candidates
        if (other.positions[next] !== position) continue candidates
        field = Math.max(field, (other.codes[next] ?? 0) & 3)
      }
      offer(position, matchCode(field, 0, true))
    }
  }
  return hitsOf(index, Int32Array.from(touched).sort(), best)
}

/** The hits of positions whose best codes are in `best`, which is left as `NO_MATCH` again. */
function hitsOf(index: SearchableIndex, positions: Int32Array, best: Uint8Array): WordHits {
  const codes = new Uint8Array(positions.length)
  let codesFound = 0
  for (let at = 0; at < positions.length; at++) {
    const position = positions[at] ?? 0
    const code = best[position] ?? NO_MATCH
    codes[at] = code
    codesFound |= 1 << code
    best[position] = NO_MATCH
  }
  const blocks = (index.size + 31) >>> 5
  let bits: Uint32Array | null = null
  let blockStarts: Int32Array | null = null
  if (positions.length >= blocks) {
    bits = new Uint32Array(blocks)
    blockStarts = new Int32Array(blocks)
    for (let at = positions.length - 1; at >= 0; at--) {
      const position = positions[at] ?? 0
      bits[position >>> 5] = (bits[position >>> 5] ?? 0) | (1 << (position & 31))
      // Walked backwards, so a block's first hit is the last written.
      blockStarts[position >>> 5] = at
    }
  }
  return { positions, codes, codesFound, bits, blockStarts }
}
