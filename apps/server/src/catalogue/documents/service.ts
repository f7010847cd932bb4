import { ID_PATTERN } from '@pg/shared/constants'
import { AppwriteError } from '../../platform/appwrite/errors'
import { parseListQueries, readQueriesParam } from '../../platform/appwrite/queries'
import type { TextSearch } from '../search/text-search'
import { textSearchPlan } from '../search/text-search-queries'
import { titleContainsPlan, type TitleContains } from '../search/title-contains'
import type { createCatalogVersion } from '../collections/catalog-version'
import { findCollection } from '../collections/collections'
import { orderableAttribute } from '../collections/filter-sql'
import { enforceQueryBudget } from '../collections/query-budget'
import type { DocumentRepository } from '../collections/document-repository'
import type { ResponseCache } from '../collections/response-cache'

interface Dependencies {
  databaseId: string
  documents: DocumentRepository
  /** Catalogue reads are the same for every member, so their serialized answers are shared. */
  cache: ResponseCache
  catalogVersion: ReturnType<typeof createCatalogVersion>
  /** The member's search, `search("$text", …)`, answered from the search index (decision 029). */
  textSearch: TextSearch
  /** `contains(title, …)` answered from the search index (decision 031). */
  titleContains: TitleContains
}

/** Where a documents request was sent: its database, collection and whole address. */
export interface DocumentsRequest {
  databaseId: string
  collectionId: string
  url: string
  /** The reader just changed the catalogue (an admin): searches wait for the new version's index. */
  fresh?: boolean
  /** The member who asks: the search log counts what one member adds within bounds (issue 28, item 4). */
  searcher?: string
}

/** Answers are JSON as UTF-8 bytes: a cached answer is sent as it is, without serializing it again. */
export function createDatabasesService({
  databaseId: ownDatabaseId,
  documents,
  cache,
  catalogVersion,
  textSearch,
  titleContains,
}: Dependencies) {
  function locate(databaseId: string, collectionId: string) {
    if (databaseId !== ownDatabaseId) throw new AppwriteError('database_not_found')
    const collection = findCollection(collectionId)
    if (!collection) throw new AppwriteError('collection_not_found')
    return { databaseId, collection }
  }

  /**
   * Answers are cached under the catalogue's version and the request's own address (path and query
   * string), which alone decide a member's answer: a repeated request is answered before its queries are
   * parsed again. Only valid requests' answers are kept, so one found was checked when it was computed.
   */
  const answerKey = async (url: string) => `${await catalogVersion.current()} ${url}`

  return {
    /** Checked before permissions, as Appwrite does: a wrong id is a 404 for everyone. */
    locate,

    warmUp: () => documents.warmUp(),

    /** `readQuery` reads the query string's queries and `total`: only when the answer is not cached. */
    async listDocuments(
      request: DocumentsRequest,
      readQuery: () => { queries: unknown; withTotal: boolean },
    ) {
      const key = await answerKey(request.url)
      const hit = cache.peek(key)
      if (hit) return hit
      const context = locate(request.databaseId, request.collectionId)
      const { queries: rawQueries, withTotal } = readQuery()
      const texts = readQueriesParam(rawQueries)
      const queries = parseListQueries(texts)
      const search = textSearchPlan(context.collection, queries)
      // The search index has versions of its own: its answers are cached under those (text-search.ts).
      if (search)
        return textSearch.list(context, search, queries, {
          url: request.url,
          withTotal,
          fresh: request.fresh,
          searcher: request.searcher,
        })
      enforceQueryBudget(context.collection, queries.filters)
      for (const order of queries.orders) orderableAttribute(context.collection, order.attribute)
      const contains = titleContainsPlan(context.collection, queries)
      if (contains)
        return titleContains.list(context, contains, queries, request.url, withTotal, request.fresh)
      return cache.get(key, async () => JSON.stringify(await documents.list(context, queries, withTotal)))
    },

    async getDocument(request: DocumentsRequest, documentId: string, readQueries: () => unknown) {
      const key = await answerKey(request.url)
      const hit = cache.peek(key)
      if (hit) return hit
      const context = locate(request.databaseId, request.collectionId)
      const texts = readQueriesParam(readQueries())
      const queries = parseListQueries(texts, { allowOnly: ['select'] })
      if (!ID_PATTERN.test(documentId)) throw new AppwriteError('document_not_found')
      return cache.get(key, async () => {
        const document = await documents.get(context, documentId, queries.select)
        if (!document) throw new AppwriteError('document_not_found')
        return JSON.stringify(document)
      })
    },
  }
}

export type DatabasesService = ReturnType<typeof createDatabasesService>
