import { COLLECTION_IDS } from '@pg/shared/constants'
import { ID, Query } from 'appwrite'
import { z } from 'zod'
import { databaseId, databases } from '../../../lib/backend'

export type TaxonomyKind = 'categories' | 'tags'

export interface TaxonomyEntry {
  id: string
  name: string
  description: string
  /** Projects in the category, or carrying the tag. */
  projects: number
}

/** The most one request may ask for; a catalogue's tags (a few hundred) take a few pages. */
const PAGE = 100

const entrySchema = z.object({
  $id: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  num_apps: z.number().nullish(),
})

const collectionOf = (kind: TaxonomyKind) =>
  kind === 'categories' ? COLLECTION_IDS.categories : COLLECTION_IDS.tags

async function countProjects(categoryId: string): Promise<number> {
  const page = await databases.listDocuments({
    databaseId,
    collectionId: COLLECTION_IDS.projects,
    queries: [Query.equal('category', categoryId), Query.select(['title']), Query.limit(1)],
  })
  return page.total
}

/** Every category or tag, page after page. */
async function listAll(kind: TaxonomyKind) {
  const entries: z.infer<typeof entrySchema>[] = []
  let cursor: string | null = null
  do {
    const page: { documents: unknown[] } = await databases.listDocuments({
      databaseId,
      collectionId: collectionOf(kind),
      queries: [Query.orderAsc('name'), Query.limit(PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
      total: false,
    })
    entries.push(...page.documents.map((document) => entrySchema.parse(document)))
    cursor = page.documents.length === PAGE ? (entries.at(-1)?.$id ?? null) : null
  } while (cursor)
  return entries
}

/** Categories with their projects counted; tags with the count the server keeps (`num_apps`). */
export async function listTaxonomy(kind: TaxonomyKind): Promise<TaxonomyEntry[]> {
  const entries = await listAll(kind)
  return Promise.all(
    entries.map(async (entry) => ({
      id: entry.$id,
      name: entry.name,
      description: entry.description ?? '',
      projects: kind === 'tags' ? (entry.num_apps ?? 0) : await countProjects(entry.$id),
    })),
  )
}

export async function saveTaxonomyEntry(
  kind: TaxonomyKind,
  id: string | null,
  data: { name: string; description: string },
): Promise<void> {
  const collectionId = collectionOf(kind)
  if (id) await databases.updateDocument({ databaseId, collectionId, documentId: id, data })
  else await databases.createDocument({ databaseId, collectionId, documentId: ID.unique(), data })
}

export async function deleteTaxonomyEntry(kind: TaxonomyKind, id: string): Promise<void> {
  await databases.deleteDocument({ databaseId, collectionId: collectionOf(kind), documentId: id })
}
