import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
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
  return { ...query, projects }
}
