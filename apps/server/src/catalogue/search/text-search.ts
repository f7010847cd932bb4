import type { ListQueries } from '../../platform/appwrite/queries'
import { resolveProjection } from '../collections/projection'
import { hasNoDocuments, type DocumentContext, type IndexAnswers } from './index-answer'
import type { PageFinder } from './page-finder'
import { isCardProjection } from './project-cards'
import { cursorPosition } from './ranked-page'
import type { SearchIndex } from './search-index'
import type { SynonymsInForce } from './synonyms/search-synonyms'
import type { TextSearchPlan } from './text-search-queries'

interface Dependencies {
  index: SearchIndex
  answers: IndexAnswers
  /** Finds the page: on this thread or in the search worker (decision 055). */
  pages: PageFinder
  /**
   * The gallery's search found nothing: the first page of its cards was empty (decision 044). Called
   * with the search's text and the member who searched, whom the search log uses only to bound what one
   * member adds and never stores (decision 058); other pages and other selections (the console's table)
   * are not told.
   */
  onNothingFound?: (text: string, searcher: string | undefined) => void
  /** Any gallery search's first page of cards, found or not (the analytics' searches, decision 065). */
  onSearched?: (text: string, searcher: string | undefined) => void
  /** The owner's synonyms in force, applied to the query's words (decision 067, synonyms). */
  synonyms?: () => SynonymsInForce
}

/** Where and how a search was asked. */
export interface SearchRequest {
  /** The request's address: with the index's version, what the answer is cached under. */
  url: string
  withTotal: boolean
  /** Waits for the index of the catalogue's current version (an admin's reads: search-index.ts). */
  fresh?: boolean
  /** The member's id. */
  searcher?: string
}

/**
 * Answers `search("$text", …)` (decision 029): the index finds and orders the page in memory
 * (`page-finder.ts`); its documents are the index's cards or are read by id (`index-answer.ts`), in the
 * index's order.
 */
export function createTextSearch({
  index: searchIndex,
  answers,
  pages,
  onNothingFound,
  onSearched,
  synonyms,
}: Dependencies) {
  return {
    async list(
      context: DocumentContext,
      plan: TextSearchPlan,
      queries: ListQueries,
      { url, withTotal, fresh = false, searcher }: SearchRequest,
    ): Promise<Buffer> {
      // Checked before anything is searched: a page with no match reads no document to check it on.
      const projection = resolveProjection(context.collection, queries.select)
      const index = await searchIndex.current({ fresh })
      // Answers are cached under the synonyms' version too: a synonym added or removed is searched at once.
      const inForce = synonyms?.()
      const answer = await answers.answer(
        index,
        context,
        queries.select,
        projection,
        `text ${index.version} ${inForce?.version ?? 0} ${url}`,
        () => {
          const words = inForce?.query.wordsOf(plan.text)
          return pages.find(index, {
            search: 'text',
            text: plan.text,
            ...(words ? { words } : {}),
            order: plan.order,
            cursor: cursorPosition(index, queries.cursor),
            offset: queries.offset,
            limit: queries.limit,
            withTotal,
          })
        },
      )
      const firstCards = queries.cursor === null && queries.offset === 0 && isCardProjection(projection)
      if (firstCards) onSearched?.(plan.text, searcher)
      if (onNothingFound && firstCards && hasNoDocuments(answer)) onNothingFound(plan.text, searcher)
      return answer
    },
  }
}

export type TextSearch = ReturnType<typeof createTextSearch>
