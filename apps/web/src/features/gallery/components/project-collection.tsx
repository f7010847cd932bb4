import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { projectsByIdsQuery } from '../hooks/gallery-queries'
import { useGalleryAddress } from '../hooks/use-gallery-address'
import type { GalleryProject } from '../model/project'
import { ProjectDialogFromAddress } from './project-dialog-from-address'
import {
  ProjectGrid,
  ProjectGridSkeleton,
  type RenderCollectionControl,
  type RenderFavoriteToggle,
} from './project-grid'

/**
 * A chosen set of projects (the dashboard's favourites), newest first, loaded by id with the cursor
 * loop. A project removed from the set leaves at once; one added elsewhere is fetched. Failures are
 * logged only (seed-spec section 8): the section then shows what it has.
 */
export function ProjectCollection({
  ids,
  emptyText,
  loadingText,
  renderFavoriteToggle,
  renderCollectionControl,
  order = 'newest-first',
}: {
  ids: readonly string[]
  emptyText: string
  loadingText: string
  renderFavoriteToggle: RenderFavoriteToggle
  renderCollectionControl?: RenderCollectionControl
  /** Favourites are listed newest first (the last added); a member's collection in its own order. */
  order?: 'newest-first' | 'as-given'
}) {
  const { t } = useTranslation()
  const { projectId, openProject, closeProject } = useGalleryAddress()
  const query = useQuery({
    ...projectsByIdsQuery(ids),
    placeholderData: keepPreviousData,
    enabled: ids.length > 0,
  })
  useEffect(() => {
    if (query.error) console.error('Favorites load error', query.error)
  }, [query.error])

  const projects = useMemo(() => {
    const byId = new Map((query.data ?? []).map((project) => [project.id, project]))
    return (order === 'newest-first' ? [...ids].reverse() : ids).flatMap((id): GalleryProject[] => {
      const project = byId.get(id)
      return project ? [project] : []
    })
  }, [ids, query.data, order])

  return (
    <>
      {ids.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
          {emptyText}
        </p>
      ) : query.isPending ? (
        <div>
          <p role="status" className="mb-4 text-slate-600">
            {loadingText}
          </p>
          <ProjectGridSkeleton cards={Math.min(ids.length, 4)} />
        </div>
      ) : (
        <>
          <p role="status" className="sr-only">
            {t('gallery.shown', { count: projects.length })}
          </p>
          <ProjectGrid
            projects={projects}
            onOpen={openProject}
            renderFavoriteToggle={renderFavoriteToggle}
            renderCollectionControl={renderCollectionControl}
          />
        </>
      )}
      <ProjectDialogFromAddress
        projectId={projectId}
        shown={projects}
        onClose={closeProject}
        renderFavoriteToggle={renderFavoriteToggle}
        renderCollectionControl={renderCollectionControl}
      />
    </>
  )
}
