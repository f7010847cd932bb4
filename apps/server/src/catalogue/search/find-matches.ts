import type { QueryWord } from '@pg/shared/search-text'
import type { SearchableIndex } from './project-index'
import { seekUp } from './sorted-positions'
import { wordHits } from './word-hits'

/**
 * Projects matching at least one word of a search (with `findMatches`' `bestFirst`, those that can be on
 * the page), with the relevance of each (lower is better). Those of `findMatches` are views of the
 * index's scratch arrays: use them before the next search on that index.
 */
export interface Matches {
  positions: Int32Array
  relevance: Float64Array
  /** The relevance of a project that matches no word: after every match. */
  unmatched: number
}

/**
 * A project's relevance packs, from the most to the least significant: the words it did not match,
 * then the typos, then the words matched only by their start or in another form, then the fields they
 * were found in (title 0 … tags 3, summed over the words), then, for a project matching two words or
 * more, the words of its title, or of its author when every word was found there. Decision 067 put typos
 * and starts before fields, as Meilisearch ranks ("Héctor Rjas" is Héctor Rojas with one typo before a
 * "Lector" by a Rojas with two; "Ana Sfía" is Ana Sofía before an "Analizador" by a Sofía), and the
 * field's length last (a shorter title is the closer to the search; a project matching one word is
 * ranked by that word's match alone, as `firstPage` takes them). Each part gets bits enough for ten
 * query words: 5 for the typos (10 words × 2), 4 for the prefixes, 5 for the fields (10 words × field 3),
 * 4 for the field's words (`TITLE_WORDS_COUNTED`).
 *
 * The widths are literal multipliers, not named constants: the server's bundle turns module constants
 * into `var`s, and with `2 ** TYPO_BITS` this function, called once per matched project, made the varied
 * search 40 % slower than the same code run from its sources (CPU profiles; decision 049).
 */
export const relevanceOf = (
  missed: number,
  fields: number,
  typos: number,
  prefixes: number,
  fieldWords = 0,
) => (((missed * 32 + typos) * 16 + prefixes) * 32 + fields) * 16 + fieldWords

/**
 * The field's words counted in a project's relevance (`relevanceOf`): only when it matched two words or
 * more; the author's when every word was found there (`fields`, the sum of their fields, is 1 each).
 */
export const fieldWordsOf = (index: SearchableIndex, position: number, matched: number, fields: number) =>
  matched < 2 ? 0 : ((fields === matched ? index.authorWords : index.titleWords)[position] ?? 0)

interface Scratch {
  matched: Uint8Array
  fields: Uint8Array
  typos: Uint8Array
  prefixes: Uint8Array
  /** Projects any word matched: a list of positions. */
  touched: Int32Array
  /** The relevance of each position in `touched`. */
  relevance: Float64Array
}
const scratches = new WeakMap<SearchableIndex, Scratch>()

function scratchOf(index: SearchableIndex): Scratch {
  let scratch = scratches.get(index)
  if (!scratch) {
    const counters = () => new Uint8Array(index.size)
    scratch = {
      matched: counters(),
      fields: counters(),
      typos: counters(),
      prefixes: counters(),
      touched: new Int32Array(index.size),
      relevance: new Float64Array(index.size),
    }
    scratches.set(index, scratch)
  }
  return scratch
}

/**
 * What a page in relevance order needs (decision 052): the projects after `after` (a first page: null),
 * `needed` of them (its offset and limit).
 */
export interface BestFirst {
  after: number | null
  needed: number
}

/**
 * The fewest and most words a project must match to be on the page `bestFirst` asks for. A word missed
 * is the most significant part of relevance, so the projects matching the same number of words form a
 * group, and the groups come in order, most words first: those before the cursor's group cannot be on
 * the page, and once the groups from it on hold `needed` projects after the cursor, the rest cannot be
 * either. The cursor's own group is kept whole (where the cursor is in it is known only once ranked).
 */
function wordsNeeded(
  bestFirst: BestFirst,
  byMatchedWords: Int32Array,
  cursorMatchedWords: number,
): { fewest: number; most: number } {
  const most = byMatchedWords.length - 1
  // A cursor matching no word: every match is before it, and the page ranks them all to find none.
  if (bestFirst.after !== null && cursorMatchedWords === 0) return { fewest: 1, most }
  const top = bestFirst.after === null ? most : cursorMatchedWords
  let count = 0
  for (let words = bestFirst.after === null ? top : top - 1; words >= 1; words--) {
    count += byMatchedWords[words] ?? 0
    if (count >= bestFirst.needed) return { fewest: words, most: top }
  }
  return { fewest: 1, most: top }
}

/**
 * Every project matching at least one word, with its relevance; with `bestFirst`, only those that can be
 * on that page (decision 052): three common words match tens of thousands of projects, and a page of 20
 * needs only the groups matching the most of them (3,273 projects ranked on average in bench:search-index,
 * against 6,781 matching).
 *
 * Runs synchronously from start to end, so the per-project counters of an index are reused by every
 * search on it (and left zeroed), and so is the result: its arrays are views of the index's scratch
 * arrays, valid until the next `findMatches` on that index. A search allocates nothing in proportion to
 * its matches (decision 051): at 100,000 projects a varied search's matches took a few hundred kilobytes,
 * thousands of times a second.
 */
export function findMatches(
  index: SearchableIndex,
  words: readonly QueryWord[],
  bestFirst?: BestFirst,
): Matches {
  const { matched, fields, typos, prefixes, touched, relevance } = scratchOf(index)
  let touchedCount = 0
  for (const word of words) {
    const { positions, codes } = wordHits(index, word)
    for (let at = 0; at < positions.length; at++) {
      const position = positions[at] ?? 0
      const value = codes[at] ?? 0
      if (matched[position] === 0) touched[touchedCount++] = position
      matched[position] = (matched[position] ?? 0) + 1
      fields[position] = (fields[position] ?? 0) + (value & 3)
      typos[position] = (typos[position] ?? 0) + (value >> 3)
      prefixes[position] = (prefixes[position] ?? 0) + ((value >> 2) & 1)
    }
  }
  let fewest = 1
  let most = words.length
  if (bestFirst) {
    const byMatchedWords = new Int32Array(words.length + 1)
    for (let at = 0; at < touchedCount; at++) {
      const count = matched[touched[at] ?? 0] ?? 0
      byMatchedWords[count] = (byMatchedWords[count] ?? 0) + 1
    }
    const cursorMatchedWords = bestFirst.after === null ? 0 : (matched[bestFirst.after] ?? 0)
    ;({ fewest, most } = wordsNeeded(bestFirst, byMatchedWords, cursorMatchedWords))
  }
  // Kept in place: a position is read before the one written, at or before it, is.
  let keptCount = 0
  for (let at = 0; at < touchedCount; at++) {
    const position = touched[at] ?? 0
    const count = matched[position] ?? 0
    if (count >= fewest && count <= most) {
      relevance[keptCount] = relevanceOf(
        words.length - count,
        fields[position] ?? 0,
        typos[position] ?? 0,
        prefixes[position] ?? 0,
        fieldWordsOf(index, position, count, fields[position] ?? 0),
      )
      touched[keptCount++] = position
    }
    matched[position] = fields[position] = typos[position] = prefixes[position] = 0
  }
  return {
    positions: touched.subarray(0, keptCount),
    relevance: relevance.subarray(0, keptCount),
    unmatched: relevanceOf(words.length, 0, 0, 0),
  }
}

/**
 * Only the projects matching every word, with their relevance: in relevance order they come before
 * every other match (a missed word is the most significant part of relevance), so when they fill the
 * page, the page is theirs and no other match needs ranking (decision 032). Found from the word with the
 * fewest hits, looked up in the others.
 */
export function findMatchesOfEveryWord(index: SearchableIndex, words: readonly QueryWord[]): Matches {
  const hits = words
    .map((word) => wordHits(index, word))
    .sort((a, b) => a.positions.length - b.positions.length)
  const [fewest, ...others] = hits
  const found: number[] = []
  const relevance: number[] = []
  const cursors = new Int32Array(others.length)
  candidates: for (let at = 0; fewest && at < fewest.positions.length; at++) {
    const position = fewest.positions[at] ?? 0
    let value = fewest.codes[at] ?? 0
    let fieldSum = value & 3
    let typoSum = value >> 3
    let prefixSum = (value >> 2) & 1
    for (let which = 0; which < others.length; which++) {
      const other = others[which]
      if (!other) continue
      const next = seekUp(other.positions, cursors[which] ?? 0, position)
      cursors[which] = next
      if (next === other.positions.length) break candidates
      if (other.positions[next] !== position) continue candidates
      value = other.codes[next] ?? 0
      fieldSum += value & 3
      typoSum += value >> 3
      prefixSum += (value >> 2) & 1
    }
    found.push(position)
    relevance.push(
      relevanceOf(0, fieldSum, typoSum, prefixSum, fieldWordsOf(index, position, words.length, fieldSum)),
    )
  }
  return {
    positions: Int32Array.from(found),
    relevance: Float64Array.from(relevance),
    unmatched: relevanceOf(words.length, 0, 0, 0),
  }
}
