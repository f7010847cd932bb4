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
   * A stored, folded copy of the column with a trigram index: text filters read it, and `search` is
   * allowed (Appwrite requires a fulltext index for `search`).
   */
  foldedColumn?: string
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
}

export const internalAttributes: AttributeDefinition[] = [
  { key: '$id', column: 'id', type: 'id' },
  { key: '$sequence', column: 'sequence', type: 'sequence' },
  { key: '$createdAt', column: 'created_at', type: 'datetime' },
  { key: '$updatedAt', column: 'updated_at', type: 'datetime' },
]

const text = (key: string, foldedColumn?: string): AttributeDefinition => ({
  key,
  column: key,
  type: 'string',
  ...(foldedColumn ? { foldedColumn } : {}),
})

export const collections: CollectionDefinition[] = [
  {
    id: COLLECTION_IDS.projects,
    table: 'projects',
    attributes: [
      text('title', 'title_search'),
      text('subtitle'),
      text('youtube_url'),
      text('thumbnail_url'),
      text('problem_solved'),
      text('author', 'author_search'),
      text('project_links'),
      text('demonstration_cases'),
    ],
    relationships: [{ key: 'category', column: 'category_id', collectionId: COLLECTION_IDS.categories }],
  },
  {
    id: COLLECTION_IDS.categories,
    table: 'categories',
    attributes: [text('name'), text('description')],
    relationships: [],
  },
  {
    id: COLLECTION_IDS.tags,
    table: 'tags',
    attributes: [text('name'), text('description'), { key: 'num_apps', column: 'num_apps', type: 'integer' }],
    relationships: [],
  },
  {
    id: COLLECTION_IDS.projectTags,
    table: 'project_tags',
    attributes: [
      { key: 'project_id', column: 'project_id', type: 'id' },
      { key: 'tag_id', column: 'tag_id', type: 'id' },
    ],
    relationships: [],
  },
]

export function findCollection(collectionId: string): CollectionDefinition | undefined {
  return collections.find((collection) => collection.id === collectionId)
}
