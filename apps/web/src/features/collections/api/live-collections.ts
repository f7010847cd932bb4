import { useQueryClient } from '@tanstack/react-query'
import { databaseId } from '../../../lib/backend'
import { isDocumentEvent, useLive } from '../../../lib/realtime'
import { COLLECTIONS_COLLECTION_ID, type MemberCollection } from './collection-document'
import { collectionKey } from './get-collection'
import { ownCollectionsKey } from './own-collections'

/** The members' collections' channel (README: Realtime); with an id, one collection (its id or share id). */
const collectionsChannel = (id?: string) =>
  `databases.${databaseId}.collections.${COLLECTIONS_COLLECTION_ID}.documents${id ? `.${id}` : ''}`

/**
 * A collection's page follows its owner's changes (issue 45): another member's shared collection on its
 * share id's channel, the member's own on its id's too (another tab, another device). Events carry only
 * its `$` fields, so the collection is read again; a deleted one is then "not found". The owner's own
 * change made here is left to its request, which reads the collection again when answered; another
 * member is told (`onChangedByOwner`) as well.
 */
export function useLiveCollection(
  addressId: string,
  collection: MemberCollection | null | undefined,
  memberId: string,
  onChangedByOwner: (change: 'update' | 'delete') => void,
) {
  const queryClient = useQueryClient()
  const own = collection?.ownerId === memberId
  const readAgain = () => queryClient.invalidateQueries({ queryKey: collectionKey(addressId), exact: true })
  const ids = own && collection.id !== addressId ? [addressId, collection.id] : [addressId]
  useLive({
    channels: ids.map(collectionsChannel),
    onEvent: (event) => {
      if (own && queryClient.isMutating() > 0) return
      void readAgain()
      if (!own) onChangedByOwner(isDocumentEvent(event, 'delete') ? 'delete' : 'update')
    },
    onReconnect: () => void readAgain(),
  })
}

/** The member's own collections, kept in step with their other tabs and devices (owner's channel). */
export function useLiveOwnCollections(memberId: string) {
  const queryClient = useQueryClient()
  const readAgain = () => queryClient.invalidateQueries({ queryKey: ownCollectionsKey(memberId) })
  useLive({
    channels: [collectionsChannel()],
    onEvent: () => {
      if (queryClient.isMutating() === 0) void readAgain()
    },
    onReconnect: () => void readAgain(),
  })
}
