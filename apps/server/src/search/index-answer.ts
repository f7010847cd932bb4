import type { ListQueries } from '../appwrite/queries'
import type { CollectionDefinition } from '../databases/collections'
import type { DocumentRepository } from '../databases/document-repository'
import { resolveProjection } from '../databases/projection'
import type { ResponseCache } from '../databases/response-cache'
import { isCardProjection } from './project-cards'
import type { ProjectIndex } from './project-index'

export interface DocumentContext {
  databaseId: string
  collection: CollectionDefinition
}

/** A page the index found: positions in its order, and the total to report. */
export interface IndexPage {
  page: number[]
  total: number
}

interface Dependencies {
  documents: DocumentRepository
  cache: ResponseCache
}

/**
 * Turns a page the search index found into the answer (decisions 029–031). The gallery's cards are in
 * the index: that answer is put together from them, with no statement, and not cached, since finding the
 * page costs less than the answers it would push out of the cache. Any other `select` reads the page's
 * documents by id and caches the answer under `key`.
 */
export function createIndexAnswers({ documents, cache }: Dependencies) {
  return {
    async answer(
      index: ProjectIndex,
      context: DocumentContext,
      select: ListQueries['select'],
      key: string,
      find: () => IndexPage,
    ): Promise<Buffer> {
      const projection = resolveProjection(context.collection, select)
      if (index.cards.length === index.size && isCardProjection(projection)) {
        const { page, total } = find()
        const cards = page.map((position) => index.cards[position]).join(',')
        return Buffer.from(`{"total":${total},"documents":[${cards}]}`)
      }
      return cache.get(key, async () => {
        const { page, total } = find()
        const ids = page.flatMap((position) => index.ids[position] ?? [])
        const found =
          ids.length === 0
            ? []
            : (
                await documents.list(
                  context,
                  {
                    filters: [{ method: 'equal', attribute: '$id', values: ids }],
                    select,
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

export type IndexAnswers = ReturnType<typeof createIndexAnswers>
