import fc from 'fast-check'
import { foldText, matchWord, queryWords } from '@pg/shared/search-text'
import { describe, expect, it } from 'vitest'
import { createVocabulary, matchingWords } from '../../src/catalogue/search/vocabulary'

/** A vocabulary of these words (postings do not matter here). */
const vocabularyOf = (words: string[]) =>
  createVocabulary(new Map(words.map((word) => [word, { data: new Int32Array([0]), length: 1 }])))

/** What the index must find: every word the shared rule matches, compared one by one. */
const everyMatch = (words: string[], text: string) =>
  queryWords(text).map((query) =>
    [...new Set(words)].sort().flatMap((word) => {
      const match = matchWord(query, word)
      return match ? [{ word, ...match }] : []
    }),
  )

const found = (words: string[], text: string) => {
  const vocabulary = vocabularyOf(words)
  return queryWords(text).map((query) =>
    matchingWords(vocabulary, query)
      .map(({ number, typos, prefix }) => ({ word: vocabulary.words[number] ?? '', typos, prefix }))
      .sort((a, b) => (a.word < b.word ? -1 : 1)),
  )
}

describe('the words of the vocabulary a query word matches', () => {
  it('are those the shared rule matches, typos and starts of words included', () => {
    const words = [
      'asistente',
      'asistentes',
      'asistencia',
      'xsistente',
      'virtual',
      'virtualizar',
      'viral',
      'vital',
      'bsistente',
    ]
    expect(found(words, 'asistnte virtal')).toEqual(everyMatch(words, 'asistnte virtal'))
    expect(found(words, 'xasistente')).toEqual(everyMatch(words, 'xasistente'))
    expect(found(words, 'asistente')).toEqual(everyMatch(words, 'asistente'))
  })

  it('are exactly those, for any vocabulary and query', () => {
    const word = fc.string({
      unit: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'á'),
      minLength: 1,
      maxLength: 12,
    })
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 80 }),
        fc.array(word, { minLength: 1, maxLength: 3 }),
        (raw, query) => {
          // The index holds folded words.
          const words = raw.map(foldText)
          const text = query.join(' ')
          expect(found(words, text)).toEqual(everyMatch(words, text))
        },
      ),
      { numRuns: 500 },
    )
  })
})
