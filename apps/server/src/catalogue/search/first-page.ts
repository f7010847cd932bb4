import { SEARCH_MAX_QUERY_WORDS, type QueryWord } from '@pg/shared/search-text'
import { relevanceOf, fieldWordsOf, type Matches } from './find-matches'
import type { SearchableIndex } from './project-index'
import { rankedPage, type SearchOrder } from './ranked-page'
import { seekUp } from './sorted-positions'
import { CODES, wordHits, type WordHits } from './word-hits'

interface Scratch {
  /**
   * atLeast[j]: a bit per project matched by at least j of the search's words (j from 1), 32 projects
   * per block (bit `position & 31` of block `position >>> 5`).
   */
  atLeast: Uint32Array[]
  positions: Int32Array
  relevance: Float64Array
}
const scratches = new WeakMap<SearchableIndex, Scratch>()

function scratchOf(index: SearchableIndex): Scratch {
  let scratch = scratches.get(index)
  if (!scratch) {
    const blocks = (index.size + 31) >>> 5
    scratch = {
      atLeast: Array.from({ length: SEARCH_MAX_QUERY_WORDS + 1 }, () => new Uint32Array(blocks)),
      positions: new Int32Array(index.size),
      relevance: new Float64Array(index.size),
    }
    scratches.set(index, scratch)
  }
  return scratch
}

/** The order `firstPage` answers: relevance, ties by ascending position (`$sequence`), as searches ask. */
export const firstPageOrder = (order: SearchOrder) => order.by === 'relevance' && order.tieBreak === 'asc'

/**
 * The first `needed` matches of a search in relevance order, exactly as `findMatches` then `rankedPage`
 * rank them, with less work (decision 055). A word missed is the most significant part of relevance, so
 * a page is made of the projects matching the most words: the projects matching at least 1, 2, 3…
 * words are marked in rows of bits as each word's hits are read, and only the smallest of those groups
 * that fills the page is ranked, not every project matching any word. When even
 * the projects matching two words do not fill it, the rest of the page is the best of those matching one:
 * their relevance is their word's match code, so they are taken code by code, only as far as needed.
 */
export function firstPage(index: SearchableIndex, words: readonly QueryWord[], needed: number): number[] {
  const hits = words.slice(0, SEARCH_MAX_QUERY_WORDS).map((word) => wordHits(index, word))
  const wordCount = hits.length
  if (wordCount === 0 || needed <= 0) return []
  const { atLeast, positions, relevance } = scratchOf(index)
  for (let j = 1; j <= wordCount; j++) atLeast[j]?.fill(0)
  hits.forEach((word, number) =>
    markMatches(atLeast, word, Math.min(number + 1, wordCount), number === wordCount - 1),
  )
  if (wordCount === 1) return bestSingles(hits, undefined, needed)
  // The fewest words matched by the projects ranked: the most that still fill the page, at least two.
  let fewest = 2
  for (let j = wordCount; j > 2; j--) {
    if (bitsSet(atLeast[j]) >= needed) {
      fewest = j
      break
    }
  }
  const page = rankGroup(index, hits, atLeast[fewest], needed, positions, relevance)
  if (page.length >= needed) return page
  return page.concat(bestSingles(hits, atLeast[2], needed - page.length))
}

/**
 * Marks one word's projects: matched by at least j words now if they were by j - 1 before (j from
 * `most`, this word's number counting from 1, down to 2), and by at least one. A common word's are read
 * from its bits, 32 projects at a time; a rarer word's hit by hit.
 */
function markMatches(atLeast: Uint32Array[], hits: WordHits, most: number, last: boolean) {
  const once = atLeast[1] as Uint32Array
  const { bits } = hits
  if (bits) {
    for (let j = most; j >= 2; j--) {
      const row = atLeast[j] as Uint32Array
      const below = atLeast[j - 1] as Uint32Array
      for (let block = 0; block < row.length; block++)
        row[block] = (row[block] ?? 0) | ((below[block] ?? 0) & (bits[block] ?? 0))
    }
    // After the last word, who matched at least one is not read again (a page of one word reads none).
    if (!last)
      for (let block = 0; block < once.length; block++) once[block] = (once[block] ?? 0) | (bits[block] ?? 0)
    return
  }
  const list = hits.positions
  for (let at = 0; at < list.length; at++) {
    const position = list[at] ?? 0
    const block = position >>> 5
    const bit = 1 << (position & 31)
    for (let j = most; j >= 2; j--) {
      const row = atLeast[j] as Uint32Array
      const below = atLeast[j - 1] as Uint32Array
      row[block] = (row[block] ?? 0) | ((below[block] ?? 0) & bit)
    }
    once[block] = (once[block] ?? 0) | bit
  }
}

/** How many bits of the row are set. */
function bitsSet(row: Uint32Array | undefined): number {
  let count = 0
  if (!row) return count
  for (let block = 0; block < row.length; block++) {
    const bits = row[block] ?? 0
    if (bits !== 0) count += bitCount(bits)
  }
  return count
}

/** How many bits of a 32-bit block are set. */
function bitCount(block: number): number {
  let bits = block - ((block >>> 1) & 0x55555555)
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333)
  return Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
}

/** The projects of a group (its bits), ranked as `findMatches` then `rankedPage` rank them. */
function rankGroup(
  index: SearchableIndex,
  hits: WordHits[],
  group: Uint32Array | undefined,
  needed: number,
  positions: Int32Array,
  relevance: Float64Array,
): number[] {
  if (!group) return []
  const cursors = new Int32Array(hits.length)
  let found = 0
  for (let block = 0; block < group.length; block++) {
    let bits = group[block] ?? 0
    while (bits !== 0) {
      const lowest = bits & -bits
      bits ^= lowest
      const position = block * 32 + (31 - Math.clz32(lowest))
      let matched = 0
      let fields = 0
      let typos = 0
      let prefixes = 0
      for (let word = 0; word < hits.length; word++) {
        const { positions: list, codes, bits: wordBits, blockStarts } = hits[word] as WordHits
        let at: number
        if (wordBits && blockStarts) {
          // A common word's hit: its bit, then the hits before it in the block, counted.
          const wordBlock = wordBits[block] ?? 0
          if ((wordBlock & lowest) === 0) continue
          at = (blockStarts[block] ?? 0) + bitCount(wordBlock & (lowest - 1))
        } else {
          // Projects come in ascending order: a rarer word's list is walked forward once.
          at = seekUp(list, cursors[word] ?? 0, position)
          cursors[word] = at
          if (list[at] !== position) continue
        }
        const value = codes[at] ?? 0
        matched++
        fields += value & 3
        typos += value >> 3
        prefixes += (value >> 2) & 1
      }
      positions[found] = position
      relevance[found++] = relevanceOf(
        hits.length - matched,
        fields,
        typos,
        prefixes,
        fieldWordsOf(index, position, matched, fields),
      )
    }
  }
  const matches: Matches = {
    positions: positions.subarray(0, found),
    relevance: relevance.subarray(0, found),
    unmatched: relevanceOf(hits.length, 0, 0, 0),
  }
  return rankedPage(index, matches, {
    order: { by: 'relevance', direction: 'asc', tieBreak: 'asc' },
    cursor: null,
    offset: 0,
    limit: needed,
  })
}

/**
 * The best `needed` projects matching exactly one word (`matchedTwice` marks those matching more): by
 * code (a single word's relevance), then ascending position. For each code found, each word's hits of
 * that code are read in their ascending order, at most as many as still needed from each word, and merged.
 */
function bestSingles(hits: WordHits[], matchedTwice: Uint32Array | undefined, needed: number): number[] {
  const found: number[] = []
  let codesFound = 0
  for (const word of hits) codesFound |= word.codesFound
  for (let code = 0; code < CODES && found.length < needed; code++) {
    if (((codesFound >>> code) & 1) === 0) continue
    const wanted = needed - found.length
    const level: number[] = []
    for (const { positions, codes } of hits) {
      let taken = 0
      for (let at = 0; at < positions.length && taken < wanted; at++) {
        if (codes[at] !== code) continue
        const position = positions[at] ?? 0
        if (matchedTwice && ((matchedTwice[position >>> 5] ?? 0) >>> (position & 31)) & 1) continue
        level.push(position)
        taken++
      }
    }
    // Each word's are ascending and no project is in two (it would match two words): sorted, merged.
    if (hits.length > 1) level.sort((a, b) => a - b)
    for (let at = 0; at < level.length && found.length < needed; at++) found.push(level[at] ?? 0)
  }
  return found
}
