import { queryOptions, useQuery } from '@tanstack/react-query'
import { Query } from 'appwrite'
import { databaseId, databases } from '../../../lib/backend'
import { COLLECTION_LIMITS, COLLECTIONS_COLLECTION_ID, toMemberCollection } from './collection-document'

/**
 * The member's own collections in their order. Not under `account`: a sign-out forgets them. A list
 * holds only the member's own (decision 070); it still names them by `ownerId`, as a developer would
 * against Appwrite.
 */
export const ownCollectionsKey = (memberId: string) => ['own-collections', memberId] as const

export async function listOwnCollections(memberId: string) {
  const { documents } = await databases.listDocuments({
    databaseId,
    collectionId: COLLECTIONS_COLLECTION_ID,
    queries: [
      Query.equal('ownerId', [memberId]),
      Query.orderAsc('position'),
      Query.limit(COLLECTION_LIMITS.perMember),
    ],
  })
  return documents.map(toMemberCollection)
}

export const ownCollectionsQuery = (memberId: string) =>
  queryOptions({
    queryKey: ownCollectionsKey(memberId),
    queryFn: () => listOwnCollections(memberId),
    retry: 1,
  })

export const useOwnCollections = (memberId: string) => useQuery(ownCollectionsQuery(memberId))
