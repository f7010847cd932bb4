import { COLLECTION_IDS, PAGE_SIZE } from '@pg/shared/constants'
import { TEXT_SEARCH_ATTRIBUTE } from '@pg/shared/search-text'
import { Query } from 'appwrite'
import { z } from 'zod/mini'
import type { ProjectSource } from '../model/filters'
import type { SortChoice } from '../model/sort'
import { toGalleryProject, type GalleryProject } from '../model/project'
import { listDocuments, projectsCollection, selectCardFields } from './collections'

export interface ProjectPage {
  projects: GalleryProject[]
  /** Where the next page starts; null when this page was the last (fewer than a full page). */
  nextCursor: string | null
}

const documentIdSchema = z.object({ $id: z.string() })
const projectTagSchema = z.object({ $id: z.string(), project_id: z.string() })

function toProjects(documents: unknown[]): GalleryProject[] {
  return documents.flatMap((document) => toGalleryProject(document) ?? [])
}

function nextCursor(documents: unknown[]): string | null {
  if (documents.length < PAGE_SIZE) return null
  const last = documentIdSchema.safeParse(documents.at(-1))
  return last.success ? last.data.$id : null
}

const pageQueries = (cursor: string | null) => [
  selectCardFields(),
  Query.limit(PAGE_SIZE),
  ...(cursor ? [Query.cursorAfter(cursor)] : []),
]

/** What a source asks the server for, beside the order and the page (the tag's goes through its links). */
export function sourceFilters(source: Exclude<ProjectSource, { kind: 'tag' }>): string[] {
  switch (source.kind) {
    case 'search':
      // The server's search index: title, author, subtitle and tags, with typos, ranked (decision 029).
      return [Query.search(TEXT_SEARCH_ATTRIBUTE, source.terms.join(' '))]
    case 'category':
      return [Query.equal('category', source.categoryId)]
    case 'all':
      return []
  }
}

/** Without a choice: relevance for a search, catalogue order for the rest (the server's defaults). */
function sortQueries(sort: SortChoice | undefined): string[] {
  switch (sort) {
    case 'newest':
      // Projects of one import share a creation time: the one added last comes first.
      return [Query.orderDesc('$createdAt'), Query.orderDesc('$sequence')]
    case 'az':
      return [Query.orderAsc('title')]
    case undefined:
      return []
  }
}

/**
 * A tag's projects: a page of the project-tag links, then those projects by id, in the links' order.
 * The cursor walks the links, so a link to a project that no longer exists costs a card, not a page.
 */
async function tagPage(tagId: string, cursor: string | null): Promise<ProjectPage> {
  const links = await listDocuments(COLLECTION_IDS.projectTags, [
    Query.equal('tag_id', tagId),
    Query.limit(PAGE_SIZE),
    ...(cursor ? [Query.cursorAfter(cursor)] : []),
  ])
  const projectIds = links.flatMap((link) => {
    const parsed = projectTagSchema.safeParse(link)
    return parsed.success ? [parsed.data.project_id] : []
  })
  return { projects: await fetchProjectsByIds(projectIds), nextCursor: nextCursor(links) }
}

export async function fetchProjectPage(source: ProjectSource, cursor: string | null): Promise<ProjectPage> {
  if (source.kind === 'tag') return tagPage(source.tagId, cursor)
  const documents = await listDocuments(projectsCollection, [
    ...sourceFilters(source),
    ...sortQueries(source.sort),
    ...pageQueries(cursor),
  ])
  return { projects: toProjects(documents), nextCursor: nextCursor(documents) }
}

/** One filter takes at most 100 values and 4 KB of text (36-character ids): longer lists go in slices. */
const IDS_PER_FILTER = 50

/**
 * Projects by id, in the order of `ids`, following the cursor until a page is not full (seed-spec
 * section 7: the dashboard's loop). Ids of projects that no longer exist are simply absent.
 */
export async function fetchProjectsByIds(ids: readonly string[]): Promise<GalleryProject[]> {
  const unique = [...new Set(ids)]
  const found = new Map<string, GalleryProject>()
  for (let start = 0; start < unique.length; start += IDS_PER_FILTER) {
    const slice = unique.slice(start, start + IDS_PER_FILTER)
    let cursor: string | null = null
    do {
      const documents = await listDocuments(projectsCollection, [
        Query.equal('$id', slice),
        ...pageQueries(cursor),
      ])
      for (const project of toProjects(documents)) found.set(project.id, project)
      cursor = nextCursor(documents)
    } while (cursor)
  }
  return unique.flatMap((id) => found.get(id) ?? [])
}
