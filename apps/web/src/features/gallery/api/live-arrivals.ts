import { COLLECTION_IDS } from '@pg/shared/constants'
import { Query } from 'appwrite'
import { z } from 'zod/mini'
import { databaseId, databases } from '../../../lib/backend'
import type { ProjectSource } from '../model/filters'
import { listDocuments, projectsCollection } from './collections'
import { sourceFilters } from './list-projects'

/**
 * Projects the owner added while a member's list was open (issue 45): "arrivals", not the "news" since
 * the previous visit (issue 32). The live events name them; these calls ask the server which of them the
 * list's filters take, and how many came while the connection was down.
 */
export interface Arrivals {
  /** The arrivals' ids, at most a page of them. */
  ids: string[]
  /** How many there are in all (the server counts up to 5,000). */
  total: number
}

/** One filter takes at most 100 values, and a burst of arrivals is asked about in one call. */
const ARRIVALS_LIMIT = 100

const idOnly = z.object({ $id: z.string() })
const linkOnly = z.object({ project_id: z.string() })
const documentIds = (documents: unknown[]) =>
  documents.flatMap((document) => {
    const parsed = idOnly.safeParse(document)
    return parsed.success ? [parsed.data.$id] : []
  })

/** Which of `candidates` a tag holds, through its links. */
async function taggedAmong(tagId: string, candidates: readonly string[]): Promise<string[]> {
  if (candidates.length === 0) return []
  const links = await listDocuments(COLLECTION_IDS.projectTags, [
    Query.equal('tag_id', tagId),
    Query.equal('project_id', [...candidates]),
    Query.limit(ARRIVALS_LIMIT),
  ])
  const tagged = new Set(
    links.flatMap((link) => {
      const parsed = linkOnly.safeParse(link)
      return parsed.success ? [parsed.data.project_id] : []
    }),
  )
  return candidates.filter((id) => tagged.has(id))
}

/**
 * Which of the projects just added (`candidates`, newest last) the source lists, as the server decides it
 * (a search's typos, a tag's links). "All" takes every one without asking.
 */
export async function arrivalsAmong(source: ProjectSource, candidates: readonly string[]): Promise<string[]> {
  if (source.kind === 'all') return [...candidates]
  const asked = candidates.slice(-ARRIVALS_LIMIT)
  if (asked.length === 0) return []
  if (source.kind === 'tag') return taggedAmong(source.tagId, asked)
  const documents = await listDocuments(projectsCollection, [
    ...sourceFilters(source),
    Query.equal('$id', asked),
    Query.select(['title']),
    Query.limit(ARRIVALS_LIMIT),
  ])
  const listed = new Set(documentIds(documents))
  return asked.filter((id) => listed.has(id))
}

/**
 * The projects the source lists that were added after `since` (the moment its list was asked for): after
 * the live connection came back, the events missed meanwhile are counted again from the server.
 */
export async function fetchArrivalsSince(source: ProjectSource, since: string): Promise<Arrivals> {
  const { documents, total } = await databases.listDocuments({
    databaseId,
    collectionId: projectsCollection,
    queries: [
      ...(source.kind === 'tag' ? [] : sourceFilters(source)),
      Query.greaterThan('$createdAt', since),
      Query.select(['title']),
      Query.limit(ARRIVALS_LIMIT),
    ],
  })
  const found = documentIds(documents)
  if (source.kind !== 'tag') return { ids: found, total }
  // A tag's projects are its links': only those among a page of the newest are counted.
  const tagged = await taggedAmong(source.tagId, found)
  return { ids: tagged, total: tagged.length }
}
