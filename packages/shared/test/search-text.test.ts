import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  allowedTypos,
  editDistance,
  foldText,
  foldedWords,
  matchedSpans,
  matchWord,
  queryWords,
  wordSpans,
  type QueryWord,
} from '../src/search-text'

/** The whole table, no band and no early stop: what `editDistance` must agree with. */
function referenceDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  const at = (i: number, j: number) => d[i]?.[j] ?? Infinity
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      let value = Math.min(
        at(i - 1, j) + 1,
        at(i, j - 1) + 1,
        at(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, at(i - 2, j - 2) + 1)
      const row = d[i]
      if (row) row[j] = value
    }
  return at(a.length, b.length)
}

const word = (folded: string, prefix = false): QueryWord => ({ folded, typos: allowedTypos(folded), prefix })

describe('folding and words', () => {
  it('folds case, accents and compatibility forms', () => {
    expect(foldText('Canción ÑANDÚ')).toBe('cancion nandu')
    expect(foldText('ﬁnal ² Ｗｅｂ')).toBe('final 2 web')
    expect(foldText('cancio\u0301n')).toBe('cancion')
  })

  it('reads words as runs of letters and digits, with where they are in the original text', () => {
    const text = '¡Asistente-virtual, GPT4 y “Diseño”!'
    expect(wordSpans(text)).toEqual([
      { start: 1, end: 10, folded: 'asistente' },
      { start: 11, end: 18, folded: 'virtual' },
      { start: 20, end: 24, folded: 'gpt4' },
      { start: 25, end: 26, folded: 'y' },
      { start: 28, end: 34, folded: 'diseno' },
    ])
    expect(text.slice(28, 34)).toBe('Diseño')
  })

  it('keeps a decomposed accent inside its word', () => {
    const text = 'Cancio\u0301n nueva'
    expect(wordSpans(text).map(({ start, end }) => text.slice(start, end))).toEqual([
      'Cancio\u0301n',
      'nueva',
    ])
    expect(foldedWords(text)).toEqual(['cancion', 'nueva'])
  })
})

describe('query words', () => {
  it('takes each word once, the first ten, and the last typed as a prefix too', () => {
    expect(queryWords('Voz  asistente VOZ')).toEqual([
      { folded: 'voz', typos: 0, prefix: true },
      { folded: 'asistente', typos: 2, prefix: false },
    ])
    const eleven = 'a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11'
    expect(queryWords(eleven).map((query) => query.folded)).toEqual(eleven.split(' ').slice(0, 10))
    expect(queryWords(eleven).some((query) => query.prefix)).toBe(false)
    expect(queryWords('chat y')).toEqual([
      { folded: 'chat', typos: 0, prefix: false },
      { folded: 'y', typos: 0, prefix: false },
    ])
    expect(queryWords(' ‖ ¿? ')).toEqual([])
  })

  it('allows one typo from 5 characters and two from 9', () => {
    expect(['voz', 'dato', 'datos', 'asistent', 'asistente'].map(allowedTypos)).toEqual([0, 0, 1, 1, 2])
  })
})

describe('edit distance', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours as one each', () => {
    expect(editDistance('asistnte', 'asistente', 2)).toBe(1)
    expect(editDistance('virtal', 'virtual', 2)).toBe(1)
    expect(editDistance('kalimbreo', 'kalimbero', 2)).toBe(1)
    expect(editDistance('kelimbaro', 'kalimbero', 2)).toBe(2)
    expect(editDistance('abc', 'xyz', 1)).toBe(2)
  })

  it('to a prefix: the distance to the closest start of the word', () => {
    expect(editDistance('virtal', 'virtualizacion', 1, true)).toBe(1)
    expect(editDistance('asis', 'asistente', 0, true)).toBe(0)
    expect(editDistance('asix', 'asistente', 1, true)).toBe(1)
    expect(editDistance('xyz', 'asistente', 1, true)).toBe(2)
  })

  it('agrees with the whole table within the bound, and says over it otherwise', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 12 })
    fc.assert(
      fc.property(text, text, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
        expect(editDistance(a, b, max)).toBe(Math.min(referenceDistance(a, b), max + 1))
        const toPrefix = Math.min(
          ...Array.from({ length: b.length + 1 }, (_, end) => referenceDistance(a, b.slice(0, end))),
        )
        expect(editDistance(a, b, max, true)).toBe(Math.min(toPrefix, max + 1))
      }),
      { numRuns: 2000 },
    )
  })
})

describe('matching a word', () => {
  it('whole words: exact, or within the typos the query word allows', () => {
    expect(matchWord(word('asistnte'), 'asistente')).toEqual({ typos: 1, prefix: false })
    expect(matchWord(word('asistente'), 'asistente')).toEqual({ typos: 0, prefix: false })
    expect(matchWord(word('brexul'), 'braxol')).toBeNull()
    expect(matchWord(word('dato'), 'datos')).toBeNull()
    expect(matchWord(word('voz'), 'vos')).toBeNull()
  })

  it('counts a wrong first letter as two typos, as Meilisearch does', () => {
    expect(matchWord(word('xsistente'), 'asistente')).toEqual({ typos: 2, prefix: false })
    expect(matchWord(word('xsistentx'), 'asistente')).toBeNull()
    expect(matchWord(word('birtual'), 'virtual')).toBeNull()
    expect(matchWord(word('sasistente'), 'asistente')).toEqual({ typos: 2, prefix: false })
    expect(matchWord(word('xsistente', true), 'asistentes')).toEqual({ typos: 2, prefix: true })
  })

  it('the last word: also the start of a word, exactly or with its typos, fewest typos first', () => {
    expect(matchWord(word('dato', true), 'datos')).toEqual({ typos: 0, prefix: true })
    expect(matchWord(word('virtua', true), 'virtual')).toEqual({ typos: 0, prefix: true })
    expect(matchWord(word('virtal', true), 'virtualizacion')).toEqual({ typos: 1, prefix: true })
    expect(matchWord(word('virtal', true), 'virtual')).toEqual({ typos: 1, prefix: false })
    expect(matchWord(word('vir', true), 'virtual')).toEqual({ typos: 0, prefix: true })
    expect(matchWord(word('vur', true), 'virtual')).toBeNull()
  })

  it('marks the words of a text that a search matched, where they are', () => {
    const title = 'Asistente Virtual para Pymes'
    const spans = matchedSpans(title, queryWords('asistnte virt'))
    expect(spans.map(({ start, end }) => title.slice(start, end))).toEqual(['Asistente', 'Virtual'])
    expect(matchedSpans(title, [])).toEqual([])
  })
})
