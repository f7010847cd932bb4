import { matchWord, type QueryWord, type WordMatch } from '@pg/shared/search-text'
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
}

export function createVocabulary(postingsByWord: Map<string, GrowingList>): Vocabulary {
  const words = [...postingsByWord.keys()].sort()
  const postings = words.map((word) => {
    const list = postingsByWord.get(word)
    return list ? finished(list) : new Int32Array(0)
  })
  return {
    words,
    postings,
    longest: words.reduce((length, word) => Math.max(length, word.length), 0),
    numbers: new Map(words.map((word, number) => [word, number])),
  }
}

export interface MatchedWord extends WordMatch {
  number: number
}

/** The words of the vocabulary a query word matches (shared rules: `matchWord`), and how. */
export function matchingWords(vocabulary: Vocabulary, query: QueryWord): MatchedWord[] {
  const { folded, typos, prefix } = query
  const found: MatchedWord[] = []
  if (typos === 0) {
    // Exact, or with the prefix rule the sorted run of words that start with it: no word is compared.
    const exact = vocabulary.numbers.get(folded)
    if (exact !== undefined) found.push({ number: exact, typos: 0, prefix: false })
    if (prefix) {
      for (let number = firstAtLeast(vocabulary.words, folded); ; number++) {
        const word = vocabulary.words[number]
        if (word === undefined || !word.startsWith(folded)) break
        if (word !== folded) found.push({ number, typos: 0, prefix: true })
      }
    }
    return found
  }
  // The walk finds the words within reach; the shared rule says how each matches.
  for (const number of typoCandidates(vocabulary, folded, typos, prefix)) {
    const match = matchWord(query, vocabulary.words[number] ?? '')
    if (match) found.push({ number, ...match })
  }
  return found
}
