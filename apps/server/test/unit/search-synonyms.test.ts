import { foldedWords, queryWords } from '@pg/shared/search-text'
import { sameForm, wordForms } from '@pg/shared/word-forms'
import { beforeAll, describe, expect, it } from 'vitest'
import { generateDemoCatalog } from '../../src/catalogue/demo/demo-catalog'
import { findMatches } from '../../src/catalogue/search/find-matches'
import { firstPage } from '../../src/catalogue/search/first-page'
import { findPage } from '../../src/catalogue/search/page-finder'
import type { ProjectIndex } from '../../src/catalogue/search/project-index'
import { rankedPage } from '../../src/catalogue/search/ranked-page'
import { createQuerySynonyms } from '../../src/catalogue/search/synonyms/query-synonyms'
import { foldedSide } from '../../src/catalogue/search/synonyms/synonym-sides'
import { buildDemoIndex } from '../support/demo-index'

/**
 * Synonyms applied to the query's words (decision 067, synonyms), on 3,000 demo projects: both
 * directions, a side of two words, ranked as another form of the typed word, and `firstPage` still
 * ranks as every match ranked.
 */
let index: ProjectIndex
const catalog = generateDemoCatalog({ projects: 3000 })
const synonyms = createQuerySynonyms([
  { oneSide: 'ia', otherSide: 'inteligencia artificial' },
  { oneSide: 'bot', otherSide: 'chatbot' },
  { oneSide: 'pdf', otherSide: 'documentos' },
])
const RELEVANCE = { by: 'relevance', direction: 'asc', tieBreak: 'asc' } as const

beforeAll(async () => {
  index = await buildDemoIndex(catalog)
})

/** Whether a project holds a word (whole or in another form) in a searched field. */
const holds = (position: number, word: string) => {
  const project = catalog.projects.find((one) => one.id === index.ids[position])
  const tags = catalog.tags.filter((tag) => project?.tag_ids.includes(tag.id)).map((tag) => tag.name)
  const words = foldedWords([project?.title, project?.author, project?.subtitle, ...tags].join(' '))
  return words.some((held) => held === word || sameForm(wordForms(word), held))
}
const page = (text: string, withSynonyms: boolean) =>
  findPage(index, {
    search: 'text',
    text,
    ...(withSynonyms ? { words: synonyms.wordsOf(text) ?? undefined } : {}),
    order: RELEVANCE,
    cursor: null,
    offset: 0,
    limit: 3000,
    withTotal: false,
  }).page

describe('the query’s words with the synonyms that apply', () => {
  it('gives each typed side’s words the other side, both ways; nothing when none applies', () => {
    expect(
      synonyms.wordsOf('ia para tiendas')?.[0]?.alternatives?.map((side) => side.map((w) => w.folded)),
    ).toEqual([['inteligencia', 'artificial']])
    const multi = synonyms.wordsOf('Inteligencia Artificial')
    expect(multi?.map((word) => word.alternatives?.map((side) => side.map((w) => w.folded)))).toEqual([
      [['ia']],
      [['ia']],
    ])
    // Another form of a side's word (chatbots) applies it; the side's words only one after the other.
    expect(synonyms.wordsOf('chatbots')?.[0]?.alternatives?.[0]?.[0]?.folded).toBe('bot')
    expect(synonyms.wordsOf('artificial inteligencia')).toBeNull()
    expect(synonyms.wordsOf('tienda online')).toBeNull()
    expect(createQuerySynonyms([]).wordsOf('ia')).toBeNull()
  })

  it('folds a side as the search folds text, and refuses an empty or too long one', () => {
    expect(foldedSide('  Inteligencia   ARTIFICIÁL ')).toBe('inteligencia artificial')
    expect(foldedSide('¿?')).toBeNull()
    expect(foldedSide('a b c d e f')).toBeNull()
    expect(foldedSide('x'.repeat(61))).toBeNull()
  })
})

describe('a search through synonyms on the demo catalogue', () => {
  it('finds the other side’s projects, after those matching what was typed', () => {
    for (const [typed, other] of [
      ['pdf', ['documentos']],
      ['documentos', ['pdf']],
      ['bot', ['chatbot', 'chatbots']],
      ['chatbot', ['bot']],
    ] as const) {
      const without = page(typed, false)
      const found = page(typed, true)
      expect(found.length, typed).toBeGreaterThan(without.length)
      const throughSynonym = found.filter((position) => !without.includes(position))
      expect(throughSynonym.length, typed).toBeGreaterThan(0)
      for (const position of throughSynonym)
        expect(
          other.some((word) => holds(position, word)),
          `${typed}: ${index.ids[position]}`,
        ).toBe(true)
      // Every project whose title holds the typed word whole ranks before any found only through a synonym.
      const typedInTitle = found.filter((position) =>
        foldedWords(catalog.projects.find((one) => one.id === index.ids[position])?.title ?? '').includes(
          typed,
        ),
      )
      const lastTyped = Math.max(...typedInTitle.map((position) => found.indexOf(position)))
      const firstSynonym = Math.min(...throughSynonym.map((position) => found.indexOf(position)))
      expect(lastTyped, typed).toBeLessThan(firstSynonym)
    }
  })

  it('firstPage ranks as every match ranked (decision 055), with synonyms', () => {
    for (const text of [
      'ia',
      'bot para tiendas',
      'pdf',
      'inteligencia artificial',
      'documentos legales',
      'chatbots ia',
    ]) {
      const words = synonyms.wordsOf(text) ?? queryWords(text)
      const every = rankedPage(index, findMatches(index, words), {
        order: RELEVANCE,
        cursor: null,
        offset: 0,
        limit: 20,
      })
      expect(firstPage(index, words, 20), text).toEqual(every)
    }
  })
})
