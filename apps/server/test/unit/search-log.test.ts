import { describe, expect, it } from 'vitest'
import { createSearchTally } from '../../src/search-log/search-tally'
import { normaliseSearchTerm, SEARCH_TERM_MAX_LENGTH } from '../../src/search-log/search-term'

describe('a search term as the log keeps it', () => {
  it('is trimmed, lower case, with one space between words', () => {
    expect(normaliseSearchTerm('  Zorblax \t  QUIMERA\n')).toBe('zorblax quimera')
    expect(normaliseSearchTerm('Canción')).toBe('canción')
    // The same word typed with a combining accent is the same term.
    expect(normaliseSearchTerm('Cancio\u0301n')).toBe('canción')
  })

  it('is cut to 100 characters without splitting a character', () => {
    expect(normaliseSearchTerm('a'.repeat(500))).toBe('a'.repeat(SEARCH_TERM_MAX_LENGTH))
    const emoji = normaliseSearchTerm(`x${'😀'.repeat(200)}`) ?? ''
    expect(Array.from(emoji)).toHaveLength(SEARCH_TERM_MAX_LENGTH)
    expect(emoji.endsWith('😀')).toBe(true)
    expect(normaliseSearchTerm(`${'b'.repeat(99)}  c`)).toBe('b'.repeat(99))
  })

  it('is nothing without a letter or a digit', () => {
    expect(normaliseSearchTerm('   ')).toBeNull()
    expect(normaliseSearchTerm('!!! ¿?')).toBeNull()
    expect(normaliseSearchTerm('4k')).toBe('4k')
  })
})

describe('the tally between two writes', () => {
  it('counts each term and keeps its latest time, then starts again empty', () => {
    const tally = createSearchTally(10)
    tally.add('zorblax', 2000)
    tally.add('quimera', 1500)
    tally.add('zorblax', 1000)
    tally.add('zorblax', 3000)
    expect(tally.take()).toEqual({
      terms: [
        { term: 'zorblax', count: 3, lastSearchedAt: 3000 },
        { term: 'quimera', count: 1, lastSearchedAt: 1500 },
      ],
      dropped: 0,
    })
    expect(tally.size).toBe(0)
    expect(tally.take()).toEqual({ terms: [], dropped: 0 })
  })

  it('holds at most its number of terms, still counting those it holds', () => {
    const tally = createSearchTally(2)
    for (const term of ['a1', 'a2', 'a3', 'a1', 'a4', 'a2']) tally.add(term, 1)
    const { terms, dropped } = tally.take()
    expect(terms.map(({ term, count }) => [term, count])).toEqual([
      ['a1', 2],
      ['a2', 2],
    ])
    expect(dropped).toBe(2)
    tally.add('a3', 2)
    expect(tally.take().terms).toEqual([{ term: 'a3', count: 1, lastSearchedAt: 2 }])
  })
})
