import { queryWords } from '@pg/shared/search-text'
import type { ListQueries } from '../appwrite/queries'
import { TOTAL_COUNT_LIMIT } from '../databases/document-repository'
import { resolveProjection } from '../databases/projection'
import { findMatches } from './find-matches'
import type { DocumentContext, IndexAnswers } from './index-answer'
import { cursorPosition, rankedPage } from './ranked-page'
import type { SearchIndex } from './search-index'
import type { TextSearchPlan } from './text-search-queries'

interface Dependencies {
  index: SearchIndex
  answers: IndexAnswers
}

/**
 * Answers `search("$text", …)` (decision 029): the index finds and orders the page in memory; its
 * documents are the index's cards or are read by id (`index-answer.ts`), in the index's order.
 */
export function createTextSearch({ index: searchIndex, answers }: Dependencies) {
  return {
    async list(
      context: DocumentContext,
      plan: TextSearchPlan,
      queries: ListQueries,
      /** The request's address: with the index's version, what the answer is cached under. */
      url: string,
      withTotal: boolean,
    ): Promise<Buffer> {
      // Checked before anything is searched: a page with no match reads no document to check it on.
      resolveProjection(context.collection, queries.select)
      const index = await searchIndex.current()
      const search = () => {
        const matches = findMatches(index, queryWords(plan.text))
        const page = rankedPage(index, matches, {
          order: plan.order,
          cursor: cursorPosition(index, queries.cursor),
          offset: queries.offset,
          limit: queries.limit,
        })
        const total = withTotal ? Math.min(TOTAL_COUNT_LIMIT, matches.positions.length) : 0
        return { page, total }
      }
      return answers.answer(index, context, queries.select, `text ${index.version} ${url}`, search)
    },
  }
}

export type TextSearch = ReturnType<typeof createTextSearch>
