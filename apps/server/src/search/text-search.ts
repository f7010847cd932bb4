import { queryWords } from '@pg/shared/search-text'
import { AppwriteError } from '../appwrite/errors'
import type { ListQueries } from '../appwrite/queries'
import type { CollectionDefinition } from '../databases/collections'
import { TOTAL_COUNT_LIMIT, type DocumentRepository } from '../databases/document-repository'
import { resolveProjection } from '../databases/projection'
import { isCardProjection } from './project-cards'
import type { ResponseCache } from '../databases/response-cache'
import { findMatches } from './find-matches'
import { rankedPage } from './ranked-page'
import type { SearchIndex } from './search-index'
import type { TextSearchPlan } from './text-search-queries'

interface Dependencies {
  index: SearchIndex
  documents: DocumentRepository
  cache: ResponseCache
}

interface DocumentContext {
  databaseId: string
  collection: CollectionDefinition
}

/**
 * Answers `search("$text", …)` (decision 029): the index finds and orders the page in memory, then the
 * page's documents are read by id, with the request's `select`, and sent in the index's order.
 */
export function createTextSearch({ index: searchIndex, documents, cache }: Dependencies) {
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
      const projection = resolveProjection(context.collection, queries.select)
      const index = await searchIndex.current()
      const search = () => {
        const matches = findMatches(index, queryWords(plan.text))
        let cursor = null
        if (queries.cursor) {
          const position = index.positions.get(queries.cursor.documentId)
          if (position === undefined) {
            throw new AppwriteError(
              'general_cursor_not_found',
              `Cursor document "${queries.cursor.documentId}" not found.`,
            )
          }
          cursor = { position, direction: queries.cursor.direction }
        }
        const page = rankedPage(index, matches, {
          order: plan.order,
          cursor,
          offset: queries.offset,
          limit: queries.limit,
        })
        const total = withTotal ? Math.min(TOTAL_COUNT_LIMIT, matches.positions.length) : 0
        return { page, total }
      }
      // The gallery's cards are in the index: the answer is put together from them, with no statement,
      // and not cached, since a search costs less than the answers it would push out of the cache.
      if (index.cards.length === index.size && isCardProjection(projection)) {
        const { page, total } = search()
        const cards = page.map((position) => index.cards[position]).join(',')
        return Buffer.from(`{"total":${total},"documents":[${cards}]}`)
      }
      const key = `text ${index.version} ${url}`
      return cache.get(key, async () => {
        const { page, total } = search()
        const ids = page.flatMap((position) => index.ids[position] ?? [])
        const found =
          ids.length === 0
            ? []
            : (
                await documents.list(
                  context,
                  {
                    filters: [{ method: 'equal', attribute: '$id', values: ids }],
                    select: queries.select,
                    orders: [],
                    cursor: null,
                    limit: ids.length,
                    offset: 0,
                  },
                  false,
                )
              ).documents
        const byId = new Map(found.map((document) => [document.$id, document]))
        // A project deleted since the index was built is left out of its page.
        const ordered = ids.flatMap((id) => byId.get(id) ?? [])
        return JSON.stringify({ total, documents: ordered })
      })
    },
  }
}

export type TextSearch = ReturnType<typeof createTextSearch>
