import { COLLECTION_IDS, PROJECT_CARD_FIELDS } from '@pg/shared/constants'
import { findCollection, type CollectionDefinition } from '../collections/collections'
import type { DocumentRepository } from '../collections/document-repository'
import { projectionKey, resolveProjection, type Projection } from '../collections/projection'

/** The serialized cards of the projects whose `$sequence` is in (after, last], by id. */
export type CardReader = (after: number, last: number) => Promise<Map<string, string>>

/**
 * The gallery's cards: projects as its pages select them (`PROJECT_CARD_FIELDS`), which the search
 * index keeps serialized so that a search page needs no statement (decision 030).
 */
function cardsOf(): { collection: CollectionDefinition; projection: Projection } {
  const collection = findCollection(COLLECTION_IDS.projects)
  if (!collection) throw new Error('The projects collection is not defined')
  return { collection, projection: resolveProjection(collection, [...PROJECT_CARD_FIELDS]) }
}

const CARDS = cardsOf()
const CARD_KEY = projectionKey(CARDS.projection)

/**
 * Where a card's JSON starts its last relationship (the category, serialized after the attributes),
 * the part shared by the projects of a category (`card-bytes.ts`).
 */
export const CARD_SHARED_ENDING_MARK = `,${JSON.stringify(CARDS.projection.relationships.at(-1)?.relationship.key ?? 'category')}:`

/** Whether a page loading this projection of projects is made of the cards. */
export const isCardProjection = (projection: Projection) => projectionKey(projection) === CARD_KEY

export function createCardReader(documents: DocumentRepository, databaseId: string): CardReader {
  const context = { databaseId, collection: CARDS.collection }
  return (after, last) => documents.serializedRange(context, CARDS.projection, after, last)
}
