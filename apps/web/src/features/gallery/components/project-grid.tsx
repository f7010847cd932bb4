import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { isNewProject } from '@pg/shared/new-project'
import type { QueryWord } from '@pg/shared/search-text'
import { catalogFirstLoadQuery } from '../hooks/gallery-queries'
import { useWithdrawnProjects } from '../hooks/use-withdrawn-projects'
import type { GalleryProject } from '../model/project'
import { ProjectCard } from './project-card'
import { ProjectCardSkeleton } from './project-card-skeleton'

/** Cards in the first rows load their images at once; the rest when scrolled near. */
const EAGER_CARDS = 4

const gridClass = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4'

export type RenderFavoriteToggle = (project: GalleryProject) => ReactNode

/** Beside the heart: what a page adds to a card or the details ("Save to collection"), from routes. */
export type RenderCollectionControl = (project: GalleryProject, place: 'card' | 'details') => ReactNode

/** The responsive grid of project cards: one column on a phone up to four on a wide screen. */
export function ProjectGrid({
  projects,
  highlight = [],
  onOpen,
  renderFavoriteToggle,
  renderCollectionControl,
}: {
  projects: GalleryProject[]
  /** The words of the search that listed these projects, marked in their cards. */
  highlight?: readonly QueryWord[]
  onOpen: (id: string) => void
  renderFavoriteToggle: RenderFavoriteToggle
  renderCollectionControl?: RenderCollectionControl
}) {
  // "New" is decided against the time the grid first showed, not re-decided on every render, and only
  // once the catalogue's first load is known: until then no card wears the badge (decision 058).
  const [now] = useState(Date.now)
  const firstLoadedAt = useQuery(catalogFirstLoadQuery()).data
  const withdrawn = useWithdrawnProjects()
  return (
    <ul className={gridClass}>
      {projects.map((project, index) => (
        <li key={project.id}>
          <ProjectCard
            project={project}
            eager={index < EAGER_CARDS}
            isNew={isNewProject(project.createdAt, firstLoadedAt, now)}
            highlight={highlight}
            onOpen={onOpen}
            favoriteToggle={renderFavoriteToggle(project)}
            collectionControl={renderCollectionControl?.(project, 'card')}
            withdrawn={withdrawn.has(project.id)}
          />
        </li>
      ))}
    </ul>
  )
}

export function ProjectGridSkeleton({ cards = 8 }: { cards?: number }) {
  return (
    <div className={gridClass}>
      {Array.from({ length: cards }, (_, index) => (
        <ProjectCardSkeleton key={index} />
      ))}
    </div>
  )
}
