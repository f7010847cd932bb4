import { matchWord, prefixMayHaveTypos, type QueryWord, type WordMatch } from '@pg/shared/search-text'
import { wordForms } from '@pg/shared/word-forms'
import { finished, type GrowingList } from './sorted-positions'
import { firstAtLeast, typoCandidates } from './typo-candidates'

/**
 * Every folded word of the catalogue, each with its postings: where it occurs, as
 * `position * FIELD_COUNT + field` in `$sequence` order, once per project and field.
 */
export interface Vocabulary {
  words: string[]
  postings: Int32Array[]
  /** The length of the longest word. */
  longest: number
  /** Word number of each word, for query words that allow no typo. */
  numbers: Map<string, number>
  /** The words of each form (`wordForms`): a query word's singular or plural found without a walk. */
  forms: Map<string, number[]>
}

export function createVocabulary(postingsByWord: Map<string, GrowingList>): Vocabulary {
  const words = [...postingsByWord.keys()].sort()
  const postings = words.map((word) => {
    const list = postingsByWord.get(word)
    return list ? finished(list) : new Int32Array(0)
  })
  const forms = new Map<string, number[]>()
  words.forEach((word, number) => {
    for (const form of wordForms(word)) {
      const same = forms.get(form)
      if (same) same.push(number)
      else forms.set(form, [number])
    }
  })
  return {
    words,
    postings,
    longest: words.reduce((length, word) => Math.max(length, word.length), 0),
    numbers: new Map(words.map((word, number) => [word, number])),
    forms,
  }
}

export interface MatchedWord extends WordMatch {
  number: number
}

/**
 * The words of the vocabulary a query word matches (shared rules: `matchWord`), and how: itself, the
 * sorted run of words that start with it, the words of its forms (looked up, not compared) and, when it
 * may have typos, the words the walk finds within reach, each decided by `matchWord`.
 */
export function matchingWords(vocabulary: Vocabulary, query: QueryWord): MatchedWord[] {
  const { folded, typos, prefix } = query
  const found: MatchedWord[] = []
  const seen = new Set<number>()
  const add = (number: number, match: WordMatch) => {
    if (seen.has(number)) return
    seen.add(number)
    found.push({ number, ...match })
  }
  const exact = vocabulary.numbers.get(folded)
  if (exact !== undefined) add(exact, { typos: 0, prefix: false })
  if (prefix) {
    for (let number = firstAtLeast(vocabulary.words, folded); ; number++) {
      const word = vocabulary.words[number]
      if (word === undefined || !word.startsWith(folded)) break
      add(number, { typos: 0, prefix: true })
    }
  }
  for (const form of query.forms)
    for (const number of vocabulary.forms.get(form) ?? []) add(number, { typos: 0, prefix: true })
  if (typos === 0) return found
  // The walk finds the words within reach; the shared rule says how each matches.
  for (const number of typoCandidates(vocabulary, folded, typos, prefixMayHaveTypos(query))) {
    if (seen.has(number)) continue
    const match = matchWord(query, vocabulary.words[number] ?? '')
    if (match) add(number, match)
  }
  return found
}
