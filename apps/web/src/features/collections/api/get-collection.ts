import { queryOptions, useQuery } from '@tanstack/react-query'
import { AppwriteException } from 'appwrite'
import { databaseId, databases } from '../../../lib/backend'
import { COLLECTIONS_COLLECTION_ID, toMemberCollection } from './collection-document'

/** Every collection's page kept; one is kept by the id it was opened with (its id or its share id). */
export const collectionsKey = ['collection'] as const
export const collectionKey = (id: string) => [...collectionsKey, id] as const

/**
 * One collection by the id in its address: the member's own (by its id or its share id), or another
 * member's shared one by its share id; `null` when neither (a 404).
 */
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
