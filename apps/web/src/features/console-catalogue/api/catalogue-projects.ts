import { COLLECTION_IDS } from '@pg/shared/constants'
import { TEXT_SEARCH_ATTRIBUTE } from '@pg/shared/search-text'
import { ID, Query } from 'appwrite'
import { z } from 'zod'
import { databaseId, databases } from '../../../lib/backend'
import { documentDataOf, draftFromDocument, type ProjectDraft } from '../model/project-draft'

export const PROJECTS_PER_PAGE = 25

export type ProjectSort = 'newest' | 'az' | 'updated'

export interface ProjectFilter {
  search: string
  categoryId: string
  tagId: string
  sort: ProjectSort
  offset: number
}

export interface ProjectRow {
  id: string
  title: string
  author: string
  category: string
  updatedAt: string
}

const rowSchema = z.object({
  $id: z.string(),
  $updatedAt: z.string(),
  title: z.string(),
  author: z.string().nullish(),
  category: z.object({ name: z.string() }).nullish(),
})
const linkSchema = z.object({ $id: z.string(), project_id: z.string(), tag_id: z.string() })

const toRow = (document: unknown): ProjectRow => {
  const row = rowSchema.parse(document)
  return {
    id: row.$id,
    title: row.title,
    author: row.author ?? '',
    category: row.category?.name ?? '',
    updatedAt: row.$updatedAt,
  }
}

const list = (collectionId: string, queries: string[]) =>
  databases.listDocuments({ databaseId, collectionId, queries })

function sortQueries(sort: ProjectSort, searching: boolean): string[] {
  if (searching) return []
  switch (sort) {
    case 'newest':
      return [Query.orderDesc('$createdAt'), Query.orderDesc('$sequence')]
    case 'updated':
      return [Query.orderDesc('$updatedAt')]
    case 'az':
      return [Query.orderAsc('title')]
  }
}

const rowFields = Query.select(['title', 'author', 'category.*'])

/** A page of the projects table: a search (by relevance), a category or a tag, with the total. */
export async function listProjectRows(filter: ProjectFilter): Promise<{ total: number; rows: ProjectRow[] }> {
  const search = filter.search.trim()
  if (filter.tagId && !search && !filter.categoryId) {
    const links = await list(COLLECTION_IDS.projectTags, [
      Query.equal('tag_id', filter.tagId),
      Query.limit(PROJECTS_PER_PAGE),
      Query.offset(filter.offset),
    ])
    const ids = links.documents.map((link) => linkSchema.parse(link).project_id)
    if (ids.length === 0) return { total: links.total, rows: [] }
    const projects = await list(COLLECTION_IDS.projects, [
      rowFields,
      Query.equal('$id', ids),
      Query.limit(ids.length),
    ])
    const byId = new Map(projects.documents.map((document) => [document.$id, toRow(document)]))
    return { total: links.total, rows: ids.flatMap((id) => byId.get(id) ?? []) }
  }
  const queries = [
    rowFields,
    ...(search ? [Query.search(TEXT_SEARCH_ATTRIBUTE, search)] : []),
    ...(filter.categoryId ? [Query.equal('category', filter.categoryId)] : []),
    ...(filter.tagId ? [Query.equal('$id', await taggedProjectIds(filter.tagId))] : []),
    ...sortQueries(filter.sort, Boolean(search)),
    Query.limit(PROJECTS_PER_PAGE),
    Query.offset(filter.offset),
  ]
  const page = await list(COLLECTION_IDS.projects, queries)
  return { total: page.total, rows: page.documents.map(toRow) }
}

/** A tag's projects, for a tag combined with a search or a category (a filter takes 100 values). */
async function taggedProjectIds(tagId: string): Promise<string[]> {
  const links = await list(COLLECTION_IDS.projectTags, [Query.equal('tag_id', tagId), Query.limit(100)])
  const ids = links.documents.map((link) => linkSchema.parse(link).project_id)
  return ids.length > 0 ? ids : ['-none-']
}

/** The links of a project to its tags (their own ids are needed to remove one). */
async function projectTagLinks(projectId: string) {
  const links = await list(COLLECTION_IDS.projectTags, [
    Query.equal('project_id', projectId),
    Query.limit(100),
  ])
  return links.documents.map((link) => linkSchema.parse(link))
}

/** A stored project and its tags, as the form edits them. */
export async function getProjectDraft(projectId: string): Promise<ProjectDraft> {
  const [document, links] = await Promise.all([
    databases.getDocument({ databaseId, collectionId: COLLECTION_IDS.projects, documentId: projectId }),
    projectTagLinks(projectId),
  ])
  return draftFromDocument(
    document,
    links.map((link) => link.tag_id),
  )
}

/**
 * Creates or updates a project, then makes its tags those of the draft: links added and removed one by
 * one (Appwrite has no batch); the project's own fields are one write, checked by the server.
 */
export async function saveProject(projectId: string | null, draft: ProjectDraft): Promise<string> {
  const data = documentDataOf(draft)
  const collectionId = COLLECTION_IDS.projects
  const saved = projectId
    ? await databases.updateDocument({ databaseId, collectionId, documentId: projectId, data })
    : await databases.createDocument({ databaseId, collectionId, documentId: ID.unique(), data })
  const links = projectId ? await projectTagLinks(saved.$id) : []
  const wanted = new Set(draft.tagIds)
  for (const link of links)
    if (!wanted.has(link.tag_id))
      await databases.deleteDocument({
        databaseId,
        collectionId: COLLECTION_IDS.projectTags,
        documentId: link.$id,
      })
  const held = new Set(links.map((link) => link.tag_id))
  for (const tagId of draft.tagIds)
    if (!held.has(tagId))
      await databases.createDocument({
        databaseId,
        collectionId: COLLECTION_IDS.projectTags,
        documentId: ID.unique(),
        data: { project_id: saved.$id, tag_id: tagId },
      })
  return saved.$id
}

/** Deletes a project; the server removes its tag links and favourites keep pointing at nothing. */
export async function deleteProject(projectId: string): Promise<void> {
  await databases.deleteDocument({ databaseId, collectionId: COLLECTION_IDS.projects, documentId: projectId })
}
