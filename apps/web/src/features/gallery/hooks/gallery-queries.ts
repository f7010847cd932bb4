import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { fetchCatalogState } from '../api/catalog-state'
import { fetchCategories, fetchTopTags } from '../api/list-filters'
import { fetchProjectPage, fetchProjectsByIds, type ProjectPage } from '../api/list-projects'
import { fetchNewProjects } from '../api/new-projects'
import type { ProjectSource } from '../model/filters'

/** The catalogue changes rarely; a member going back and forth keeps what was loaded. */
const CATALOGUE_STALE_MS = 5 * 60_000

/**
 * The catalogue's first load (set once) and since when projects are news to the member (their previous
 * visit, which does not move during a visit): read once a visit is plenty.
 */
export const catalogStateQuery = () =>
  queryOptions({
    queryKey: ['gallery', 'catalog-state'],
    queryFn: fetchCatalogState,
    staleTime: CATALOGUE_STALE_MS,
    retry: 1,
  })

/** When the catalogue first got projects (decision 058), from the same answer. */
export const catalogFirstLoadQuery = () =>
  queryOptions({ ...catalogStateQuery(), select: (state) => state.firstLoadedAt })

/** The projects added since the member's previous visit: the dashboard's "Novedades" and the menu's count. */
export const newProjectsQuery = (since: string) =>
  queryOptions({
    queryKey: ['gallery', 'new-projects', since],
    queryFn: () => fetchNewProjects(since),
    staleTime: CATALOGUE_STALE_MS,
    retry: 1,
  })

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['gallery', 'categories'],
    queryFn: fetchCategories,
    staleTime: CATALOGUE_STALE_MS,
    retry: 1,
  })

export const topTagsQuery = () =>
  queryOptions({
    queryKey: ['gallery', 'tags'],
    queryFn: fetchTopTags,
    staleTime: CATALOGUE_STALE_MS,
    retry: 1,
  })

export interface LoadedProjectPage extends ProjectPage {
  /** When the page was asked for. */
  requestedAt: string
}

/** A source's pages; each says when it was asked for (the first page's is when the list was loaded). */
export const projectPagesQuery = (source: ProjectSource) =>
  infiniteQueryOptions({
    queryKey: ['gallery', 'projects', source],
    queryFn: async ({ pageParam }): Promise<LoadedProjectPage> => {
      // Asked before the answer: a project added meanwhile is shown and maybe counted, never missed.
      const requestedAt = new Date().toISOString()
      return { ...(await fetchProjectPage(source, pageParam)), requestedAt }
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: CATALOGUE_STALE_MS,
    retry: 1,
  })

/** Projects by id (favourites, a shared link to one project); the key is the sorted set of ids. */
export const projectsByIdsQuery = (ids: readonly string[]) =>
  queryOptions({
    queryKey: ['gallery', 'by-ids', [...ids].sort()],
    queryFn: () => fetchProjectsByIds(ids),
    staleTime: CATALOGUE_STALE_MS,
    retry: 1,
  })
