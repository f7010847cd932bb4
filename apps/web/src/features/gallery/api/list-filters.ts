import { COLLECTION_IDS, TAGS_SHOWN } from '@pg/shared/constants'
import { Query } from 'appwrite'
import { z } from 'zod/mini'
import { listDocuments } from './collections'

export interface FilterOption {
  id: string
  name: string
}

const optionSchema = z.object({ $id: z.string(), name: z.string() })

function toOptions(documents: unknown[]): FilterOption[] {
  return documents.flatMap((document) => {
    const parsed = optionSchema.safeParse(document)
    return parsed.success ? [{ id: parsed.data.$id, name: parsed.data.name }] : []
  })
}

/** A catalogue has a few dozen categories at most; more than this many would not fit a dropdown. */
const CATEGORIES_LISTED = 100

export async function fetchCategories(): Promise<FilterOption[]> {
  const documents = await listDocuments(COLLECTION_IDS.categories, [
    Query.select(['name']),
    Query.orderAsc('name'),
    Query.limit(CATEGORIES_LISTED),
  ])
  return toOptions(documents)
}

/** The most used tags first (seed-spec section 9: 25 of them). */
export async function fetchTopTags(): Promise<FilterOption[]> {
  const documents = await listDocuments(COLLECTION_IDS.tags, [
    Query.select(['name']),
    Query.orderDesc('num_apps'),
    Query.limit(TAGS_SHOWN),
  ])
  return toOptions(documents)
}
