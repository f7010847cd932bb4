import { describe, expect, it } from 'vitest'
import { createMemberQuota } from '../../src/catalogue/search-log/member-quota'
import { createSearchTally } from '../../src/catalogue/search-log/search-tally'
import { normaliseSearchTerm, SEARCH_TERM_MAX_LENGTH } from '../../src/catalogue/search-log/search-term'

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

describe('personal data in a search term (issue 28, item 4)', () => {
  it('keeps no email address', () => {
    expect(normaliseSearchTerm('contacto Juan.Perez+tienda@Example.com')).toBe('contacto [email]')
    expect(normaliseSearchTerm('ana@correo y luis@x.es')).toBe('[email] y [email]')
    // A handle is not an address.
    expect(normaliseSearchTerm('@openai agentes')).toBe('@openai agentes')
  })

  it('keeps no phone number, nor any other number of seven digits or more', () => {
    for (const phone of [
      '+34 612 34 56 78',
      '612345678',
      '(55) 1234-5678',
      '612.345.678',
      '+52 1 55 1234 5678',
      '4111 1111 1111 1111',
      '６１２３４５６７８',
    ])
      expect(normaliseSearchTerm(`llamar ${phone} hoy`), phone).toBe('llamar [tel] hoy')
    expect(normaliseSearchTerm('gpt 4 modelo 2024 v123456')).toBe('gpt 4 modelo 2024 v123456')
    // Numbers written one after another are read as one, as a phone number's groups are.
    expect(normaliseSearchTerm('2024 2025')).toBe('[tel]')
    expect(normaliseSearchTerm('4k')).toBe('4k')
  })

  it('replaces them before the term is cut, so no part of one is left', () => {
    // The address starts at the 94th character: cut first, `juan.p` would be left.
    const email = `${'a'.repeat(92)} juan.perez@example.com`
    expect(normaliseSearchTerm(email)).toBe(`${'a'.repeat(92)} [email]`)
    const phone = `${'b'.repeat(94)} 612 345 678`
    expect(normaliseSearchTerm(phone)).toBe(`${'b'.repeat(94)} [tel]`)
    // Only the mark itself may be cut.
    expect(normaliseSearchTerm(`${'c'.repeat(97)} 612 345 678`)).toBe(`${'c'.repeat(97)} [t`)
  })
})

describe('what one member adds in a day (issue 28, item 4)', () => {
  const DAY = 86_400_000
  it('counts each of their terms once, and at most their number of terms', () => {
    const quota = createMemberQuota({ termsPerMember: 3, members: 10 })
    const admitted = ['a', 'a', 'b', 'c', 'd', 'b'].map((term) => quota.admits('ana', term, 5 * DAY + 1))
    expect(admitted).toEqual([true, false, true, true, false, false])
    // Another member has their own; the next UTC day starts again.
    expect(quota.admits('luis', 'a', 5 * DAY + 2)).toBe(true)
    expect(quota.admits('ana', 'a', 6 * DAY)).toBe(true)
    expect(quota.admits('ana', 'd', 6 * DAY + 1)).toBe(true)
  })

  it('counts the searches of at most its number of members a day, and says how many it refused', () => {
    const quota = createMemberQuota({ termsPerMember: 3, members: 2 })
    expect(['ana', 'luis', 'eva', 'eva'].map((member) => quota.admits(member, 'x', 1))).toEqual([
      true,
      true,
      false,
      false,
    ])
    expect(quota.takeRefused()).toBe(2)
    expect(quota.takeRefused()).toBe(0)
    expect(quota.admits('eva', 'x', DAY)).toBe(true)
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
