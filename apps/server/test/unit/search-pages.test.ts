import { foldText, queryWords } from '@pg/shared/search-text'
import { beforeAll, describe, expect, it } from 'vitest'
import { generateDemoCatalog } from '../../src/catalogue/demo/demo-catalog'
import { findMatches, findMatchesOfEveryWord, relevanceOf } from '../../src/catalogue/search/find-matches'
import { firstPage } from '../../src/catalogue/search/first-page'
import type { ProjectIndex } from '../../src/catalogue/search/project-index'
import { rankedPage, type PageRequest } from '../../src/catalogue/search/ranked-page'
import { firstTitlesContaining, titlesContainingAny } from '../../src/catalogue/search/title-substrings'
import { wordHits } from '../../src/catalogue/search/word-hits'
import { buildDemoIndex } from '../support/demo-index'

/**
 * The shortcuts of decisions 031 and 032 against the long way round, on 3,000 demo projects: a page made
 * of the projects matching every word is the page ranking every match gives; a word's kept hits are the
 * hits merged again; the first titles found walking from a position are the titles a scan finds.
 */
let index: ProjectIndex
const catalog = generateDemoCatalog({ projects: 3000 })

beforeAll(async () => {
  index = await buildDemoIndex(catalog)
})

/** Words of the demo catalogue's titles: common ones, so that pages of every word's matches fill up. */
const wordsOfTitles = () => [
  ...new Set(catalog.projects.slice(0, 200).flatMap((project) => foldText(project.title).split(/\W+/))),
]

const RELEVANCE = { by: 'relevance', direction: 'asc', tieBreak: 'asc' } as const

describe('a page of the projects matching every word', () => {
  it('is the page ranking every match gives, first and after a cursor among them', () => {
    const words = wordsOfTitles().filter((word) => word.length >= 3)
    let compared = 0
    for (let at = 0; at < 300; at++) {
      const text = [words[at % words.length], words[(at * 7 + 3) % words.length]]
        .slice(0, 1 + (at % 2))
        .join(' ')
      const query = queryWords(at % 3 === 0 ? text.slice(0, -1) : text)
      const every = findMatchesOfEveryWord(index, query)
      const all = findMatches(index, query)
      const first: PageRequest = { order: RELEVANCE, cursor: null, offset: at % 4, limit: 10 }
      const page = rankedPage(index, every, first)
      const last = page.at(-1)
      const requests =
        last === undefined
          ? [first]
          : [first, { ...first, cursor: { position: last, direction: 'after' } } as const]
      for (const request of requests) {
        const short = rankedPage(index, every, request)
        if (short.length < request.limit) continue
        expect(short, `${text} ${JSON.stringify(request)}`).toEqual(rankedPage(index, all, request))
        compared++
      }
    }
    expect(compared).toBeGreaterThan(100)
  })

  it('keeps each word merged once, with the same hits as merging it again', () => {
    const [word] = queryWords('asistente')
    if (!word) throw new Error('no word')
    const kept = wordHits(index, word)
    expect(wordHits(index, word)).toBe(kept)
    expect(kept.positions.length).toBeGreaterThan(0)
    expect([...kept.positions]).toEqual([...kept.positions].sort((a, b) => a - b))
    // Every kept position is a project findMatches finds for the word alone, and no other.
    expect(new Set(kept.positions)).toEqual(new Set(findMatches(index, [word]).positions))
  })
})

describe('the matches that can be on a page by relevance', () => {
  /** The page ranking only the matches `bestFirst` keeps, beside the page ranking every match. */
  const bothPages = (query: ReturnType<typeof queryWords>, request: PageRequest) => {
    const all = rankedPage(index, findMatches(index, query), request)
    const bestFirst = { after: request.cursor?.position ?? null, needed: request.offset + request.limit }
    const kept = findMatches(index, query, bestFirst)
    return { all, best: rankedPage(index, kept, request), kept: kept.positions.length }
  }

  it('give the page ranking every match gives, first and after cursors in every group', () => {
    const words = wordsOfTitles().filter((word) => word.length >= 3)
    let compared = 0
    let fewerRanked = 0
    for (let at = 0; at < 200; at++) {
      const text = [0, 1, 2]
        .slice(0, 2 + (at % 2))
        .map((n) => words[(at * (5 + n * 6) + n * 11) % words.length])
        .join(' ')
      const query = queryWords(at % 3 === 0 ? text.slice(0, -1) : text)
      const every = findMatches(index, query).positions.length
      const first: PageRequest = { order: RELEVANCE, cursor: null, offset: at % 5, limit: 12 }
      // Cursors on the first page, deep in the ranking, at its end, and on a project matching no word.
      const ranked = rankedPage(index, findMatches(index, query), { ...first, offset: 0, limit: every })
      const unmatched = [...Array(index.size).keys()].find((position) => !ranked.includes(position))
      const cursors = [ranked[3], ranked[Math.floor(ranked.length / 2)], ranked.at(-2), unmatched]
      const requests: PageRequest[] = [
        first,
        ...cursors.flatMap((position) =>
          position === undefined ? [] : [{ ...first, cursor: { position, direction: 'after' as const } }],
        ),
      ]
      for (const request of requests) {
        const { all, best, kept } = bothPages(query, request)
        expect(best, `${text} ${JSON.stringify(request)}`).toEqual(all)
        if (kept < every) fewerRanked++
        compared++
      }
    }
    expect(compared).toBeGreaterThan(600)
    // Not a vacuous comparison: many of these pages ranked fewer projects than match.
    expect(fewerRanked).toBeGreaterThan(compared / 10)
  })
})

describe("a first page by relevance found from the words' bits", () => {
  it('is the page ranking every match gives, for 0 to 10 words, typos, prefixes and repeated words', () => {
    const words = wordsOfTitles().filter((word) => word.length >= 2)
    const shapes = { one: 0, some: 0, singles: 0 }
    for (let at = 0; at < 400; at++) {
      const length = at % 11
      const text = Array.from({ length }, (_, n) => words[(at * (3 + n * 7) + n * 13) % words.length] ?? '')
        // A typo in every fifth search, a repeated word in every seventh, a word being typed in every other.
        .map((word, n) =>
          n === 0 && at % 5 === 0 && word.length > 5 ? word.slice(0, 2) + word.slice(3) : word,
        )
        .concat(at % 7 === 0 && length > 0 ? [words[at % words.length] ?? ''] : [])
        .join(' ')
      const query = queryWords(at % 2 === 0 ? text.slice(0, -1) : text)
      const needed = [1, 12, 20, 45, 200][at % 5] ?? 20
      const all = findMatches(index, query)
      const expected = rankedPage(index, all, { order: RELEVANCE, cursor: null, offset: 0, limit: needed })
      expect(firstPage(index, query, needed), `${text} (${needed})`).toEqual(expected)
      if (query.length === 1) shapes.one++
      if (query.length < 2) continue
      shapes.some++
      // Pages ending with projects that match one word only, after those matching more.
      const relevanceAt = new Map([...all.positions].map((position, n) => [position, all.relevance[n] ?? 0]))
      const oneWord = relevanceOf(query.length - 1, 0, 0, 0)
      const last = relevanceAt.get(expected.at(-1) ?? -1) ?? 0
      if (last >= oneWord && (relevanceAt.get(expected[0] ?? -1) ?? 0) < oneWord) shapes.singles++
    }
    expect(shapes.one).toBeGreaterThan(20)
    expect(shapes.some).toBeGreaterThan(300)
    expect(shapes.singles).toBeGreaterThan(30)
  })
})

describe('titles containing a value', () => {
  const scan = (values: string[], from: number, walk: 1 | -1, count: number) => {
    const found: number[] = []
    for (
      let position = from;
      position >= 0 && position < index.size && found.length < count;
      position += walk
    ) {
      if (values.some((value) => index.titles.folded[position]?.includes(value))) found.push(position)
    }
    return found
  }

  it('walks up and down from any position as a scan of every title does', () => {
    const words = wordsOfTitles()
    const valueSets = [
      ['de'],
      ['a'],
      [''],
      ['zzz'],
      ['asistente de'],
      ...words.slice(0, 40).map((word, at) => [word.slice(1), words[(at * 5) % words.length] ?? '']),
    ]
    for (const values of valueSets) {
      for (const from of [0, 1234, index.size - 1]) {
        for (const walk of [1, -1] as const) {
          expect(
            firstTitlesContaining(index.titles, values, { from, walk, count: 25 }),
            `${values.join('|')} ${from} ${walk}`,
          ).toEqual(scan(values, from, walk, 25))
        }
      }
      expect([...titlesContainingAny(index.titles, values)]).toEqual(scan(values, 0, 1, index.size))
    }
  })
})
