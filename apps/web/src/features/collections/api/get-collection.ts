import { queryOptions, useQuery } from '@tanstack/react-query'
import { AppwriteException } from 'appwrite'
import { databaseId, databases } from '../../../lib/backend'
import { COLLECTIONS_COLLECTION_ID, toMemberCollection } from './collection-document'

export const collectionKey = (id: string) => ['collection', id] as const

/** One collection: the member's own, or another member's shared one; `null` when neither (a 404). */
export async function getCollection(id: string) {
  try {
    const document = await databases.getDocument({
      databaseId,
      collectionId: COLLECTIONS_COLLECTION_ID,
      documentId: id,
    })
    return toMemberCollection(document)
  } catch (error) {
    if (error instanceof AppwriteException && error.code === 404) return null
    throw error
  }
}

export const collectionQuery = (id: string) =>
  queryOptions({ queryKey: collectionKey(id), queryFn: () => getCollection(id), retry: 1 })

export const useCollection = (id: string) => useQuery(collectionQuery(id))
