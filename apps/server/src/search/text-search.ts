import { queryWords } from '@pg/shared/search-text'
import type { ListQueries } from '../appwrite/queries'
import { TOTAL_COUNT_LIMIT } from '../databases/document-repository'
import { resolveProjection } from '../databases/projection'
import { findMatches, findMatchesOfEveryWord } from './find-matches'
import { hasNoDocuments, type DocumentContext, type IndexAnswers } from './index-answer'
import { isCardProjection } from './project-cards'
import { cursorPosition, rankedPage } from './ranked-page'
import type { SearchIndex } from './search-index'
import type { TextSearchPlan } from './text-search-queries'

interface Dependencies {
  index: SearchIndex
  answers: IndexAnswers
  /**
   * The gallery's search found nothing: the first page of its cards was empty (decision 044). Called
   * with the search's text only; other pages and other selections (the console's table) are not told.
   */
  onNothingFound?: (text: string) => void
}

/**
 * Answers `search("$text", …)` (decision 029): the index finds and orders the page in memory; its
 * documents are the index's cards or are read by id (`index-answer.ts`), in the index's order.
 */
export function createTextSearch({ index: searchIndex, answers, onNothingFound }: Dependencies) {
  return {
    async list(
      context: DocumentContext,
      plan: TextSearchPlan,
      queries: ListQueries,
      /** The request's address: with the index's version, what the answer is cached under. */
      url: string,
      withTotal: boolean,
      /** Waits for the index of the catalogue's current version (an admin's reads: search-index.ts). */
      fresh = false,
    ): Promise<Buffer> {
      // Checked before anything is searched: a page with no match reads no document to check it on.
      const projection = resolveProjection(context.collection, queries.select)
      const index = await searchIndex.current({ fresh })
      const search = () => {
        const words = queryWords(plan.text)
        const cursor = cursorPosition(index, queries.cursor)
        const request = { order: plan.order, cursor, offset: queries.offset, limit: queries.limit }
        // By relevance, the projects matching every word come first: when they fill the page (after a
        // cursor among them), no other match is ranked (decision 032); else only those matching enough
        // words to be on the page are (decision 052). A total needs every match.
        const bestMatchesFirst = plan.order.by === 'relevance' && !withTotal && cursor?.direction !== 'before'
        if (bestMatchesFirst) {
          const best = findMatchesOfEveryWord(index, words)
          if (!cursor || best.positions.includes(cursor.position)) {
            const page = rankedPage(index, best, request)
            if (page.length === queries.limit) return { page, total: 0 }
          }
        }
        const matches = findMatches(
          index,
          words,
          bestMatchesFirst
            ? { after: cursor?.position ?? null, needed: queries.offset + queries.limit }
            : undefined,
        )
        const page = rankedPage(index, matches, request)
        const total = withTotal ? Math.min(TOTAL_COUNT_LIMIT, matches.positions.length) : 0
        return { page, total }
      }
      const answer = await answers.answer(
        index,
        context,
        queries.select,
        projection,
        `text ${index.version} ${url}`,
        search,
      )
      if (
        onNothingFound &&
        hasNoDocuments(answer) &&
        queries.cursor === null &&
        queries.offset === 0 &&
        isCardProjection(projection)
      )
        onNothingFound(plan.text)
      return answer
    },
  }
}

export type TextSearch = ReturnType<typeof createTextSearch>
