import { COLLECTION_IDS, PROJECT_CARD_FIELDS } from '@pg/shared/constants'
import { Query } from 'appwrite'
import { databaseId, databases } from '../../../lib/backend'

/**
 * One page of documents. The gallery never shows totals, so it asks the server not to count them
 * (`total: false`); the next page exists only when this one is full (seed-spec section 9).
 */
export async function listDocuments(collectionId: string, queries: string[]): Promise<unknown[]> {
  const { documents } = await databases.listDocuments({ databaseId, collectionId, queries, total: false })
  return documents
}

export const projectsCollection = COLLECTION_IDS.projects
export const selectCardFields = () => Query.select([...PROJECT_CARD_FIELDS])
