import { queryWords } from '@pg/shared/search-text'
import { TOTAL_COUNT_LIMIT } from '../collections/total-count-limit'
import { findMatches, findMatchesOfEveryWord } from './find-matches'
import { firstPage, firstPageOrder } from './first-page'
import type { ProjectIndex, SearchableIndex } from './project-index'
import { rankedPage, type PageRequest, type SearchOrder } from './ranked-page'
import { firstTitlesContaining, titlesContainingAny, type Walk } from './title-substrings'
import type { SearchWord } from './word-hits'

/** A page the index found: positions in its order, and the total to report. */
export interface IndexPage {
  page: number[]
  total: number
}

/** What every page asks: where it starts (the cursor's position in the index), how long, with a total. */
interface PageWindow {
  order: SearchOrder
  cursor: PageRequest['cursor']
  offset: number
  limit: number
  withTotal: boolean
}

/** A page of `search("$text", text)`: the member's search (decision 029). */
export interface TextPageAsk extends PageWindow {
  search: 'text'
  text: string
  /** The text's words with the owner's synonyms that apply to them (`synonyms/`); else read from `text`. */
  words?: SearchWord[]
}

/** A page of `contains(title, values)`, its values folded as the database folds them (decision 031). */
export interface TitlePageAsk extends PageWindow {
  search: 'title'
  values: string[]
}

export type PageAsk = TextPageAsk | TitlePageAsk

/**
 * Finds pages on an index: here, on the thread that asks, or in the search worker (decision 055). Both
 * answer exactly what `findPage` answers.
 */
export interface PageFinder {
  find(index: ProjectIndex, ask: PageAsk): IndexPage | Promise<IndexPage>
  close(): Promise<void>
}

export const findPagesHere: PageFinder = { find: findPage, close: async () => undefined }

/** The page an ask is answered with, found on `index`; synchronous from start to end. */
export function findPage(index: SearchableIndex, ask: PageAsk): IndexPage {
  return ask.search === 'text' ? textPage(index, ask) : titlePage(index, ask)
}

function textPage(index: SearchableIndex, ask: TextPageAsk): IndexPage {
  const words = ask.words ?? queryWords(ask.text)
  const { cursor, withTotal } = ask
  const request = { order: ask.order, cursor, offset: ask.offset, limit: ask.limit }
  // By relevance, the projects matching every word come first: when they fill the page (after a
  // cursor among them), no other match is ranked (decision 032); else only those matching enough
  // words to be on the page are (decision 052). A total needs every match.
  const bestMatchesFirst = ask.order.by === 'relevance' && !withTotal && cursor?.direction !== 'before'
  // A first page (the one a member sees as they type) from the groups of the most words matched, by
  // their bits (decision 055).
  if (bestMatchesFirst && !cursor && firstPageOrder(ask.order)) {
    return { page: firstPage(index, words, ask.offset + ask.limit).slice(ask.offset), total: 0 }
  }
  if (bestMatchesFirst) {
    const best = findMatchesOfEveryWord(index, words)
    if (!cursor || best.positions.includes(cursor.position)) {
      const page = rankedPage(index, best, request)
      if (page.length === ask.limit) return { page, total: 0 }
    }
  }
  const matches = findMatches(
    index,
    words,
    bestMatchesFirst ? { after: cursor?.position ?? null, needed: ask.offset + ask.limit } : undefined,
  )
  const page = rankedPage(index, matches, request)
  const total = withTotal ? Math.min(TOTAL_COUNT_LIMIT, matches.positions.length) : 0
  return { page, total }
}

function titlePage(index: SearchableIndex, ask: TitlePageAsk): IndexPage {
  const { values, cursor, offset, limit } = ask
  const total = () =>
    ask.withTotal
      ? firstTitlesContaining(index.titles, values, { from: 0, walk: 1, count: TOTAL_COUNT_LIMIT }).length
      : 0
  if (ask.order.by === '$sequence') {
    // Positions are in `$sequence` order: the page is the first matches found walking from the
    // cursor (before it: walking back, then turned round), and nothing past them is looked at.
    const before = cursor?.direction === 'before'
    const walk: Walk = (ask.order.direction === 'asc') !== before ? 1 : -1
    const from = cursor ? cursor.position + walk : walk === 1 ? 0 : index.size - 1
    const found = firstTitlesContaining(index.titles, values, { from, walk, count: offset + limit })
    const page = found.slice(offset)
    return { page: before ? page.reverse() : page, total: total() }
  }
  const positions = titlesContainingAny(index.titles, values)
  const page = rankedPage(
    index,
    { positions, relevance: new Float64Array(positions.length), unmatched: 0 },
    { order: ask.order, cursor, offset, limit },
  )
  return { page, total: total() }
}
