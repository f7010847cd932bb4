import { COLLECTION_IDS } from '@pg/shared/constants'

/**
 * How each collection of the product maps onto its table. The API is a fixed, typed schema, not a
 * generic document store: only these attributes exist, and only members may read them.
 */
export type AttributeType = 'string' | 'integer' | 'datetime' | 'id' | 'sequence'

export interface AttributeDefinition {
  key: string
  column: string
  type: AttributeType
  /**
   * A stored, folded copy of the column with a trigram index. Text matching (`equal`, `notEqual`,
   * `contains`, `startsWith`, `endsWith`, `search`) is allowed only on attributes that have one: without
   * it every row would be folded and scanned on every request (decision 016).
   */
  foldedColumn?: string
  /** The column is NOT NULL: a cursor then compares it plainly, which an index can answer. */
  notNull?: boolean
  /** No two rows share a value: orders after it never decide anything. */
  unique?: boolean
}

export interface RelationshipDefinition {
  key: string
  column: string
  collectionId: string
}

export interface CollectionDefinition {
  id: string
  table: string
  attributes: AttributeDefinition[]
  relationships: RelationshipDefinition[]
  /**
   * Attributes (or relationships) an order may name besides `$id` and `$sequence`: those with a b-tree
   * index that returns rows in that order. Sorting a large table by anything else is a full scan and
   * a sort on every request (decision 016).
   */
  orderable: string[]
}

/** `$id` and `$sequence` have unique indexes in every table. */
export const alwaysOrderable = ['$id', '$sequence']

/** Attributes a b-tree index answers comparisons on: the orderable ones and the relationships. */
export const indexedKeys = (collection: CollectionDefinition): string[] => [
  ...alwaysOrderable,
  ...collection.orderable,
  ...collection.relationships.map((relationship) => relationship.key),
]

export const internalAttributes: AttributeDefinition[] = [
  { key: '$id', column: 'id', type: 'id', notNull: true, unique: true },
  { key: '$sequence', column: 'sequence', type: 'sequence', notNull: true, unique: true },
  { key: '$createdAt', column: 'created_at', type: 'datetime', notNull: true },
  { key: '$updatedAt', column: 'updated_at', type: 'datetime', notNull: true },
]

const text = (key: string, foldedColumn?: string, notNull = false): AttributeDefinition => ({
  key,
  column: key,
  type: 'string',
  ...(foldedColumn ? { foldedColumn } : {}),
  ...(notNull ? { notNull } : {}),
})

export const collections: CollectionDefinition[] = [
  {
    id: COLLECTION_IDS.projects,
    table: 'projects',
    attributes: [
      text('title', 'title_search', true),
      text('subtitle'),
      text('youtube_url'),
      text('thumbnail_url'),
      text('problem_solved'),
      text('author', 'author_search'),
      text('project_links', undefined, true),
      text('demonstration_cases', undefined, true),
    ],
    relationships: [{ key: 'category', column: 'category_id', collectionId: COLLECTION_IDS.categories }],
    // Not `category`: it can be empty, and a cursor in a nullable order walks every row before it.
    // The gallery's sorts: A–Z and newest first (migration 0007, decision 029).
    orderable: ['$createdAt', 'title'],
  },
  {
    id: COLLECTION_IDS.categories,
    table: 'categories',
    attributes: [text('name', 'name_search', true), text('description', undefined, true)],
    relationships: [],
    orderable: ['name'],
  },
  {
    id: COLLECTION_IDS.tags,
    table: 'tags',
    attributes: [
      text('name', 'name_search', true),
      text('description', undefined, true),
      { key: 'num_apps', column: 'num_apps', type: 'integer', notNull: true },
    ],
    relationships: [],
    orderable: ['name', 'num_apps'],
  },
  {
    id: COLLECTION_IDS.projectTags,
    table: 'project_tags',
    attributes: [
      { key: 'project_id', column: 'project_id', type: 'id', notNull: true },
      { key: 'tag_id', column: 'tag_id', type: 'id', notNull: true },
    ],
    relationships: [],
    orderable: ['project_id', 'tag_id'],
  },
]

export function findCollection(collectionId: string): CollectionDefinition | undefined {
  return collections.find((collection) => collection.id === collectionId)
}
