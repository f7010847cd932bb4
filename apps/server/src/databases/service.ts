import { ID_PATTERN } from '@pg/shared/constants'
import { AppwriteError } from '../appwrite/errors'
import { parseListQueries, readQueriesParam } from '../appwrite/queries'
import type { TextSearch } from '../search/text-search'
import { textSearchPlan } from '../search/text-search-queries'
import type { createCatalogVersion } from './catalog-version'
import { findCollection } from './collections'
import { orderableAttribute } from './filter-sql'
import { enforceQueryBudget } from './query-budget'
import type { DocumentRepository } from './document-repository'
import type { ResponseCache } from './response-cache'

interface Dependencies {
  databaseId: string
  documents: DocumentRepository
  /** Catalogue reads are the same for every member, so their serialized answers are shared. */
  cache: ResponseCache
  catalogVersion: ReturnType<typeof createCatalogVersion>
  /** The member's search, `search("$text", …)`, answered from the search index (decision 029). */
  textSearch: TextSearch
}

/** Answers are JSON text: a cached answer is sent as it is, without serializing it again. */
export function createDatabasesService({
  databaseId: ownDatabaseId,
  documents,
  cache,
  catalogVersion,
  textSearch,
}: Dependencies) {
  function locate(databaseId: string, collectionId: string) {
    if (databaseId !== ownDatabaseId) throw new AppwriteError('database_not_found')
    const collection = findCollection(collectionId)
    if (!collection) throw new AppwriteError('collection_not_found')
    return { databaseId, collection }
  }

  const cached = async (key: unknown[], compute: () => Promise<string>) =>
    cache.get(JSON.stringify([await catalogVersion.current(), ...key]), compute)

  return {
    /** Checked before permissions, as Appwrite does: a wrong id is a 404 for everyone. */
    locate,

    warmUp: () => documents.warmUp(),

    async listDocuments(databaseId: string, collectionId: string, rawQueries: unknown, withTotal: boolean) {
      const context = locate(databaseId, collectionId)
      const texts = readQueriesParam(rawQueries)
      const queries = parseListQueries(texts)
      const search = textSearchPlan(context.collection, queries)
      if (search) return textSearch.list(context, search, queries, texts, withTotal)
      enforceQueryBudget(context.collection, queries.filters)
      for (const order of queries.orders) orderableAttribute(context.collection, order.attribute)
      return cached(['list', collectionId, texts, withTotal], async () =>
        JSON.stringify(await documents.list(context, queries, withTotal)),
      )
    },

    async getDocument(databaseId: string, collectionId: string, documentId: string, rawQueries: unknown) {
      const context = locate(databaseId, collectionId)
      const texts = readQueriesParam(rawQueries)
      const queries = parseListQueries(texts, { allowOnly: ['select'] })
      if (!ID_PATTERN.test(documentId)) throw new AppwriteError('document_not_found')
      return cached(['get', collectionId, documentId, texts], async () => {
        const document = await documents.get(context, documentId, queries.select)
        if (!document) throw new AppwriteError('document_not_found')
        return JSON.stringify(document)
      })
    },
  }
}

export type DatabasesService = ReturnType<typeof createDatabasesService>
