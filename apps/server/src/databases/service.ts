import { ID_PATTERN } from '@pg/shared/constants'
import { AppwriteError } from '../appwrite/errors'
import { parseListQueries, readQueriesParam } from '../appwrite/queries'
import { findCollection } from './collections'
import type { DocumentRepository } from './document-repository'

export function createDatabasesService(options: { databaseId: string; documents: DocumentRepository }) {
  function locate(databaseId: string, collectionId: string) {
    if (databaseId !== options.databaseId) throw new AppwriteError('database_not_found')
    const collection = findCollection(collectionId)
    if (!collection) throw new AppwriteError('collection_not_found')
    return { databaseId, collection }
  }

  return {
    /** Checked before permissions, as Appwrite does: a wrong id is a 404 for everyone. */
    locate,

    async listDocuments(databaseId: string, collectionId: string, rawQueries: unknown, withTotal: boolean) {
      const context = locate(databaseId, collectionId)
      const queries = parseListQueries(readQueriesParam(rawQueries))
      return options.documents.list(context, queries, withTotal)
    },

    async getDocument(databaseId: string, collectionId: string, documentId: string, rawQueries: unknown) {
      const context = locate(databaseId, collectionId)
      const queries = parseListQueries(readQueriesParam(rawQueries), { allowOnly: ['select'] })
      if (!ID_PATTERN.test(documentId)) throw new AppwriteError('document_not_found')
      const document = await options.documents.get(context, documentId, queries.select)
      if (!document) throw new AppwriteError('document_not_found')
      return document
    },
  }
}

export type DatabasesService = ReturnType<typeof createDatabasesService>
