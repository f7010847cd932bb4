/**
 * The rules of the gallery's search (decisions 029, 067), in one place: the server's search index matches
 * with them and the gallery highlights with them, so a highlighted word is exactly a word the server matched.
 *
 * A text is read as words (runs of letters and digits), each folded: lower case, compatibility forms
 * (ﬁ, ², fullwidth letters) spelled plainly, accents dropped. A query word matches a word of a project
 * when they are equal, when it is the word's start (any query word of 3+ characters, the last one from 2),
 * when they are forms of one word (singular and plural: `word-forms.ts`), or when they differ by the typos
 * the longer of the two allows (counted at most one character past the query word): one from 5
 * characters, two from 9, none when the query word has 3 or fewer.
 * A typo is an insertion, deletion, substitution or swap of neighbours anywhere, the first letter included.
 */

import { sameForm, wordForms } from './word-forms'

/**
 * The attribute the gallery searches with `Query.search`: not a column but the project's words (title,
 * author, subtitle, tag names), matched by these rules and answered in relevance order.
 */
export const TEXT_SEARCH_ATTRIBUTE = '$text'

/** Meilisearch reads only the first ten words of a query too: more add noise, not meaning. */
export const SEARCH_MAX_QUERY_WORDS = 10

/** Query words of at least this many characters may have one typo… */
export const ONE_TYPO_FROM = 5
/** …and of at least this many, two. */
export const TWO_TYPOS_FROM = 9

/** A single character typed last matches only itself: as a prefix it would match every other word. */
const PREFIX_MIN_LENGTH = 2
/**
 * Words before the last are starts from three characters: "de" or "la" in the middle of a search are
 * words, not the starts of "desarrollo" and "lanzamiento".
 */
const EARLIER_PREFIX_MIN_LENGTH = 3
/** Query words of 3 characters or fewer are matched without typos, however long the other word. */
const EXACT_UP_TO = 3
/**
 * A start of a word matches with a typo only when the query word has at least this many characters: a
 * shorter start with a typo meets too many words ("perro" would be "perso…": persona, personal…).
 */
export const PREFIX_TYPOS_FROM = 7

/** Letters (with their combining marks, so decomposed accents stay in the word) and digits. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu
const MARKS = /\p{M}/gu
const NOT_ASCII = /[\u0080-\uffff]/

/** Lower case, compatibility forms spelled plainly, accents dropped: "Canción ﬁnal" → "cancion final". */
export function foldText(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(MARKS, '')
}

/**
 * Folded words seen recently: the server folds every word of the catalogue when it builds its index,
 * and a catalogue says the same words again and again. Plain ASCII words only need lower case.
 */
const folds = new Map<string, string>()
const FOLDS_KEPT = 20_000

function foldWord(word: string): string {
  if (!NOT_ASCII.test(word)) return word.toLowerCase()
  let folded = folds.get(word)
  if (folded === undefined) {
    if (folds.size >= FOLDS_KEPT) folds.clear()
    folded = foldText(word)
    folds.set(word, folded)
  }
  return folded
}

export interface WordSpan {
  /** Where the word is in the original text, in UTF-16 code units (as `String.slice` counts). */
  start: number
  end: number
  folded: string
}

/** The words of a text, where they are and how they fold; runs that fold to nothing are not words. */
export function wordSpans(text: string): WordSpan[] {
  const spans: WordSpan[] = []
  // One expression reused from its start: the loop runs to the end without yielding.
  WORD.lastIndex = 0
  for (let match = WORD.exec(text); match; match = WORD.exec(text)) {
    const folded = foldWord(match[0])
    if (folded !== '') spans.push({ start: match.index, end: match.index + match[0].length, folded })
  }
  return spans
}

export const foldedWords = (text: string): string[] => wordSpans(text).map((span) => span.folded)

export interface QueryWord {
  folded: string
  /**
   * The most typos this word may have with any word (the allowance follows the longer of the two, so a
   * word two characters longer may allow one more): how far the server's index looks for candidates.
   */
  typos: number
  /** The word also matches the start of a longer word. */
  prefix: boolean
  /** Its forms (`wordForms`): a word sharing one is its singular or plural. */
  forms: string[]
}

const typosForLength = (length: number): number =>
  length >= TWO_TYPOS_FROM ? 2 : length >= ONE_TYPO_FROM ? 1 : 0

/**
 * The typos a query word may have with a word: by the longer of the two (so "Ocha" finds "Ochoa", a
 * letter dropped from a 5-letter word), counting the word at most one character longer than the query
 * word ("tractor" is not "traductor" with two typos); none for a query word of 3 characters or fewer.
 */
export const allowedTypos = (query: string, word: string): number =>
  query.length <= EXACT_UP_TO
    ? 0
    : typosForLength(Math.min(Math.max(query.length, word.length), query.length + 1))

/** The most typos a query word may have with any word: with one a character longer. */
const mostTypos = (query: string): number =>
  query.length <= EXACT_UP_TO ? 0 : typosForLength(query.length + 1)

/** The typos a start of a word may have (`PREFIX_TYPOS_FROM`): by the query word's length. */
const prefixTypos = (query: string): number =>
  query.length >= PREFIX_TYPOS_FROM ? typosForLength(query.length) : 0

/** Whether a start of a word matched by this query word may have typos at all. */
export const prefixMayHaveTypos = (query: QueryWord): boolean => query.prefix && prefixTypos(query.folded) > 0

/**
 * The words a search text asks for: the first ten, each once; every word also matches a start (the last
 * from two characters, the others from three).
 */
export function queryWords(text: string): QueryWord[] {
  const words = foldedWords(text)
  const last = words.at(-1)
  const considered = words.slice(0, SEARCH_MAX_QUERY_WORDS)
  const result = new Map<string, QueryWord>()
  considered.forEach((folded, index) => {
    const typedLast = index === considered.length - 1 && folded === last
    const prefix = folded.length >= (typedLast ? PREFIX_MIN_LENGTH : EARLIER_PREFIX_MIN_LENGTH)
    const seen = result.get(folded)
    if (seen) seen.prefix ||= prefix
    else result.set(folded, { folded, typos: mostTypos(folded), prefix, forms: wordForms(folded) })
  })
  return [...result.values()]
}

export interface WordMatch {
  typos: number
  /** Matched the start of the word only, not all of it. */
  prefix: boolean
}

// Rows of the edit-distance table, reused: the server matches each query word against a whole vocabulary.
let twoBack = new Int32Array(64)
let previous = new Int32Array(64)
let current = new Int32Array(64)

/**
 * The edit distance (an insertion, a deletion, a substitution or a swap of two neighbours counts one)
 * between `query` and `word`, or with `toPrefix` between `query` and the closest start of `word`. Any
 * distance above `max` is reported as `max + 1`, which lets most words be left after a row or two.
 */
export function editDistance(query: string, word: string, max: number, toPrefix = false): number {
  const n = query.length
  const m = toPrefix ? Math.min(word.length, n + max) : word.length
  const over = max + 1
  if (toPrefix ? m < n - max : Math.abs(n - m) > max) return over
  if (previous.length <= m + 1) {
    twoBack = new Int32Array(m + 2)
    previous = new Int32Array(m + 2)
    current = new Int32Array(m + 2)
  }
  for (let j = 0; j <= m; j++) previous[j] = j
  for (let i = 1; i <= n; i++) {
    // Only cells within `max` of the diagonal can stay within `max`; those next to the band read as over.
    const low = Math.max(1, i - max)
    const high = Math.min(m, i + max)
    current[low - 1] = low === 1 ? i : over
    let rowMin = low === 1 ? i : over
    const q = query.charCodeAt(i - 1)
    for (let j = low; j <= high; j++) {
      const w = word.charCodeAt(j - 1)
      const replaced = (previous[j - 1] ?? over) + (q === w ? 0 : 1)
      let value = Math.min((previous[j] ?? over) + 1, (current[j - 1] ?? over) + 1, replaced)
      if (i > 1 && j > 1 && q === word.charCodeAt(j - 2) && query.charCodeAt(i - 2) === w) {
        value = Math.min(value, (twoBack[j - 2] ?? over) + 1)
      }
      current[j] = value
      if (value < rowMin) rowMin = value
    }
    if (high < m) current[high + 1] = over
    if (rowMin > max) return over
    const done = twoBack
    twoBack = previous
    previous = current
    current = done
  }
  let best = previous[m] ?? over
  if (toPrefix) for (let j = Math.max(0, n - max); j < m; j++) best = Math.min(best, previous[j] ?? over)
  return Math.min(best, over)
}

/**
 * How a folded `word` matches a query word, or null. The fewest typos win; with as many, the whole word
 * wins over its start or its other form: "virtua" typed last is the start of "virtual", not a typo of it,
 * and "citas" is "cita" in the plural, not with a typo. A wrong first letter is one typo like any other.
 */
export function matchWord(query: QueryWord, word: string): WordMatch | null {
  if (word === query.folded) return { typos: 0, prefix: false }
  if (query.prefix && word.startsWith(query.folded)) return { typos: 0, prefix: true }
  if (sameForm(query.forms, word)) return { typos: 0, prefix: true }
  const max = allowedTypos(query.folded, word)
  const startMax = query.prefix ? Math.min(max, prefixTypos(query.folded)) : 0
  if (max <= 0) return null
  const whole = editDistance(query.folded, word, max)
  if (startMax > 0 && whole > 1) {
    const start = editDistance(query.folded, word, startMax, true)
    if (start < whole && start <= startMax) return { typos: start, prefix: true }
  }
  return whole <= max ? { typos: whole, prefix: false } : null
}

/** The parts of `text` a search for `words` matched: whole words, as the server matched them. */
export function matchedSpans(text: string, words: readonly QueryWord[]): WordSpan[] {
  if (words.length === 0) return []
  return wordSpans(text).filter((span) => words.some((word) => matchWord(word, span.folded) !== null))
}
