import { useQuery } from '@tanstack/react-query'
import { Query } from 'appwrite'
import { z } from 'zod'
import { COLLECTION_IDS } from '@pg/shared/constants'
import { TEXT_SEARCH_ATTRIBUTE } from '@pg/shared/search-text'
import { databaseId, databases } from '../../../lib/backend'
import { storefrontKey } from './storefront-state'

/** A catalogue project as the carousel shows it: its title, subtitle and thumbnail come from it. */
const projectSchema = z.object({
  $id: z.string(),
  title: z.string(),
  subtitle: z.string().nullish(),
  thumbnail_url: z.string().nullish(),
})
export type CatalogueProject = z.infer<typeof projectSchema>

const fields = Query.select(['title', 'subtitle', 'thumbnail_url'])

const list = async (queries: string[]) => {
  const page = await databases.listDocuments({ databaseId, collectionId: COLLECTION_IDS.projects, queries })
  return page.documents.map((document) => projectSchema.parse(document))
}

/** Projects that match the words, by relevance, as the catalogue's own search finds them. */
export const searchProjects = (words: string) =>
  list([fields, Query.search(TEXT_SEARCH_ATTRIBUTE, words), Query.limit(8)])

/** The carousel's projects, for their titles; a project deleted since is simply not among them. */
export function useProjectsById(ids: string[]) {
  const wanted = [...new Set(ids)].sort()
  return useQuery({
    queryKey: [...storefrontKey, 'projects', wanted],
    queryFn: () => list([fields, Query.equal('$id', wanted), Query.limit(wanted.length)]),
    enabled: wanted.length > 0,
  })
}
