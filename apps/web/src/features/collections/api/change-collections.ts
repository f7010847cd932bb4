import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { ID } from 'appwrite'
import { databaseId, databases } from '../../../lib/backend'
import {
  collectionPermissions,
  COLLECTIONS_COLLECTION_ID,
  toMemberCollection,
  type MemberCollection,
} from './collection-document'
import { collectionsKey } from './get-collection'
import { ownCollectionsKey } from './own-collections'

/** What a member changes in one of their collections: its attributes, and whether it is shared. */
export interface CollectionChange {
  id: string
  data?: Partial<Pick<MemberCollection, 'name' | 'projectIds' | 'position'>>
  shared?: boolean
}

const ids = { databaseId, collectionId: COLLECTIONS_COLLECTION_ID }

export async function createCollection(
  memberId: string,
  input: { name: string; projectIds: string[]; position: number },
) {
  const document = await databases.createDocument({
    ...ids,
    documentId: ID.unique(),
    data: input,
    permissions: collectionPermissions(memberId, false),
  })
  return toMemberCollection(document)
}

export async function updateCollection(memberId: string, { id, data, shared }: CollectionChange) {
  const document = await databases.updateDocument({
    ...ids,
    documentId: id,
    ...(data && { data }),
    ...(shared !== undefined && { permissions: collectionPermissions(memberId, shared) }),
  })
  return toMemberCollection(document)
}

export async function deleteCollection(id: string) {
  await databases.deleteDocument({ ...ids, documentId: id })
}

/** A change as it shows before the answer: made private, its link is gone; a new link is the server's. */
const applied = (collection: MemberCollection, change: CollectionChange): MemberCollection =>
  collection.id === change.id
    ? {
        ...collection,
        ...change.data,
        shared: change.shared ?? collection.shared,
        shareId: change.shared === false ? null : collection.shareId,
      }
    : collection

/**
 * Shows a change at once in the member's list and on the collection's own page, whichever id that page
 * was opened by (its id or its share id), and gives back what to put back if the server refuses it.
 */
async function showAtOnce(
  queryClient: QueryClient,
  memberId: string,
  change: (list: MemberCollection[]) => MemberCollection[],
  id?: string,
) {
  const listKey = ownCollectionsKey(memberId)
  await queryClient.cancelQueries({ queryKey: listKey })
  const list = queryClient.getQueryData<MemberCollection[]>(listKey)
  if (list) queryClient.setQueryData(listKey, change(list))
  const pages = id
    ? queryClient
        .getQueriesData<MemberCollection | null>({ queryKey: collectionsKey })
        .filter(([, one]) => one?.id === id && one.ownerId === memberId)
    : []
  for (const [key, one] of pages) if (one) queryClient.setQueryData(key, change([one])[0] ?? null)
  return () => {
    if (list) queryClient.setQueryData(listKey, list)
    for (const [key, one] of pages) queryClient.setQueryData(key, one)
  }
}

function useSettle(memberId: string) {
  const queryClient = useQueryClient()
  return {
    queryClient,
    // A collection's page may be kept under its share id: every kept page is read again (one is open).
    settle: (id?: string) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ownCollectionsKey(memberId) }),
        id ? queryClient.invalidateQueries({ queryKey: collectionsKey }) : undefined,
      ]),
  }
}

/** Renames, shares, moves or fills a collection, shown at once and put back if refused. */
export function useUpdateCollection(memberId: string) {
  const { queryClient, settle } = useSettle(memberId)
  return useMutation({
    mutationFn: (change: CollectionChange) => updateCollection(memberId, change),
    onMutate: (change) =>
      showAtOnce(queryClient, memberId, (list) => list.map((one) => applied(one, change)), change.id),
    onError: (error, _change, putBack) => {
      console.error('Collection update error', error)
      putBack?.()
    },
    onSettled: (_data, _error, change) => settle(change.id),
  })
}

/** Puts the member's collections in a new order: each whose place changed gets its new `position`. */
export function useReorderCollections(memberId: string) {
  const { queryClient, settle } = useSettle(memberId)
  return useMutation({
    mutationFn: async (ordered: MemberCollection[]) => {
      for (const [position, collection] of ordered.entries())
        if (collection.position !== position)
          await updateCollection(memberId, { id: collection.id, data: { position } })
    },
    onMutate: (ordered) =>
      showAtOnce(queryClient, memberId, () => ordered.map((one, position) => ({ ...one, position }))),
    onError: (error, _ordered, putBack) => {
      console.error('Collections order error', error)
      putBack?.()
    },
    onSettled: () => settle(),
  })
}

/** A new collection, placed after the member's others. */
export function useCreateCollection(memberId: string) {
  const { queryClient, settle } = useSettle(memberId)
  return useMutation({
    mutationFn: (input: { name: string; projectIds: string[] }) => {
      const list = queryClient.getQueryData<MemberCollection[]>(ownCollectionsKey(memberId)) ?? []
      const position = Math.max(-1, ...list.map((one) => one.position)) + 1
      return createCollection(memberId, { ...input, position })
    },
    onSuccess: (created) =>
      queryClient.setQueryData<MemberCollection[]>(ownCollectionsKey(memberId), (list) => [
        ...(list ?? []),
        created,
      ]),
    onError: (error) => console.error('Collection create error', error),
    onSettled: () => settle(),
  })
}

export function useDeleteCollection(memberId: string) {
  const { queryClient, settle } = useSettle(memberId)
  return useMutation({
    mutationFn: deleteCollection,
    onMutate: (id) => showAtOnce(queryClient, memberId, (list) => list.filter((one) => one.id !== id)),
    onError: (error, _id, putBack) => {
      console.error('Collection delete error', error)
      putBack?.()
    },
    onSettled: () => settle(),
  })
}
