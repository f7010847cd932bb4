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

/** A query word as `queryWords` reads it, matching starts or not. */
const word = (folded: string, prefix = false): QueryWord => {
  const [read] = queryWords(folded)
  if (!read) throw new Error(`no word in ${folded}`)
  return { ...read, prefix }
}

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
  it('takes each word once, the first ten, each a start too (the last from 2 characters, others from 3)', () => {
    const read = (text: string) =>
      queryWords(text).map(({ folded, typos, prefix }) => ({ folded, typos, prefix }))
    expect(read('Voz  asistente VOZ')).toEqual([
      { folded: 'voz', typos: 0, prefix: true },
      { folded: 'asistente', typos: 2, prefix: true },
    ])
    const eleven = 'a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11'
    expect(queryWords(eleven).map((query) => query.folded)).toEqual(eleven.split(' ').slice(0, 10))
    // The eleventh word is not read: no word is the last typed, and only "a10" is long enough for a start.
    expect(
      queryWords(eleven)
        .filter((query) => query.prefix)
        .map((query) => query.folded),
    ).toEqual(['a10'])
    expect(read('chat y')).toEqual([
      { folded: 'chat', typos: 1, prefix: true },
      { folded: 'y', typos: 0, prefix: false },
    ])
    expect(queryWords('citas')[0]?.forms).toEqual(['es cit', 'en cita'])
    expect(queryWords(' ‖ ¿? ')).toEqual([])
  })

  it('allows one typo from 5 characters and two from 9, by the longer word, none for 3 characters', () => {
    expect(
      ['voz', 'dato', 'datos', 'asistent', 'asistente'].map((query) => allowedTypos(query, query)),
    ).toEqual([0, 0, 1, 1, 2])
    expect(allowedTypos('ocha', 'ochoa')).toBe(1)
    expect(allowedTypos('asistent', 'asistentes')).toBe(2)
    expect(allowedTypos('dat', 'datos')).toBe(0)
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
  it('whole words: exact, or within the typos the longer word allows', () => {
    expect(matchWord(word('asistnte'), 'asistente')).toEqual({ typos: 1, prefix: false })
    expect(matchWord(word('asistente'), 'asistente')).toEqual({ typos: 0, prefix: false })
    expect(matchWord(word('brexul'), 'braxol')).toBeNull()
    expect(matchWord(word('voz'), 'vos')).toBeNull()
    // A letter dropped from a 5-letter word: the allowance follows the longer word (decision 067)…
    expect(matchWord(word('ocha'), 'ochoa')).toEqual({ typos: 1, prefix: false })
    // …counted at most one character past the query word, and none for 3 characters.
    expect(matchWord(word('tractor'), 'traductor')).toBeNull()
    expect(allowedTypos('sol', 'solar')).toBe(0)
  })

  it('counts a wrong first letter as one typo, as any other', () => {
    expect(matchWord(word('xsistente'), 'asistente')).toEqual({ typos: 1, prefix: false })
    expect(matchWord(word('rernanda'), 'fernanda')).toEqual({ typos: 1, prefix: false })
    expect(matchWord(word('hwatsapp'), 'whatsapp')).toEqual({ typos: 1, prefix: false })
    expect(matchWord(word('birtual'), 'virtual')).toEqual({ typos: 1, prefix: false })
    expect(matchWord(word('xsistentx'), 'asistente')).toEqual({ typos: 2, prefix: false })
    expect(matchWord(word('sasistente'), 'asistente')).toEqual({ typos: 1, prefix: false })
    expect(matchWord(word('xsistente', true), 'asistentes')).toEqual({ typos: 1, prefix: true })
  })

  it('a singular finds its plural and back, in Spanish and English, as a start does', () => {
    expect(matchWord(word('cita'), 'citas')).toEqual({ typos: 0, prefix: true })
    expect(matchWord(word('medicas'), 'medica')).toEqual({ typos: 0, prefix: true })
    expect(matchWord(word('reunion'), 'reuniones')).toEqual({ typos: 0, prefix: true })
    expect(matchWord(word('chatbots'), 'chatbot')).toEqual({ typos: 0, prefix: true })
    expect(matchWord(word('imagen'), 'imagenes')).toEqual({ typos: 0, prefix: true })
  })

  it('a start of a word: exactly, with a typo only from 7 characters, fewest typos first', () => {
    expect(matchWord(word('dato', true), 'datos')).toEqual({ typos: 0, prefix: true })
    expect(matchWord(word('virtua', true), 'virtual')).toEqual({ typos: 0, prefix: true })
    expect(matchWord(word('asistnte', true), 'asistentes')).toEqual({ typos: 1, prefix: true })
    expect(matchWord(word('virtal', true), 'virtualizacion')).toBeNull()
    expect(matchWord(word('virtal', true), 'virtual')).toEqual({ typos: 1, prefix: false })
    expect(matchWord(word('vir', true), 'virtual')).toEqual({ typos: 0, prefix: true })
    expect(matchWord(word('vur', true), 'virtual')).toBeNull()
    // No typo inside a short start: "perro" is not "perso…".
    expect(matchWord(word('perro', true), 'personas')).toBeNull()
    expect(matchWord(word('perro', true), 'personal')).toBeNull()
  })

  it('every word of a search may be a start: the last from 2 characters, the others from 3', () => {
    expect(queryWords('cit medic').map(({ folded, prefix }) => [folded, prefix])).toEqual([
      ['cit', true],
      ['medic', true],
    ])
    expect(queryWords('de la ia').map(({ prefix }) => prefix)).toEqual([false, false, true])
  })

  it('marks the words of a text that a search matched, where they are', () => {
    const title = 'Asistente Virtual para Pymes'
    const spans = matchedSpans(title, queryWords('asistnte virt'))
    expect(spans.map(({ start, end }) => title.slice(start, end))).toEqual(['Asistente', 'Virtual'])
    expect(matchedSpans(title, [])).toEqual([])
  })
})
