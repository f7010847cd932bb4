import { hashKey, useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import type { ProjectSource } from '../model/filters'
import type { GalleryProject } from '../model/project'
import { projectPagesQuery } from './gallery-queries'

/** The loaded pages of a source as one list of cards (a card appears once even if pages overlap). */
export function useProjectPages(source: ProjectSource) {
  const query = useInfiniteQuery(projectPagesQuery(source))
  const projects = useMemo(() => {
    const seen = new Set<string>()
    const list: GalleryProject[] = []
    for (const page of query.data?.pages ?? [])
      for (const project of page.projects) {
        if (seen.has(project.id)) continue
        seen.add(project.id)
        list.push(project)
      }
    return list
  }, [query.data])
  // When the list on screen was asked for from its start: what was added later is not in it (issue 45).
  const loadedAt = query.data?.pages[0]?.requestedAt ?? null
  return { ...query, projects, loadedAt }
}

/**
 * Seed-spec section 4: changing a filter reloads the first page. Call it when the member chooses `next`
 * while `current` is shown: pages loaded earlier for `next` are dropped, so it starts again from its
 * first page. Back, Forward and returning to the gallery call nothing and show what was loaded at that
 * address (decision 024).
 */
export function useFirstPageOnChoice() {
  const queryClient = useQueryClient()
  return useCallback(
    (next: ProjectSource, current: ProjectSource) => {
      const { queryKey } = projectPagesQuery(next)
      // The source on screen stays: typing that does not change the search terms is not a new filter.
      if (hashKey(queryKey) === hashKey(projectPagesQuery(current).queryKey)) return
      queryClient.removeQueries({ queryKey, exact: true })
    },
    [queryClient],
  )
}
