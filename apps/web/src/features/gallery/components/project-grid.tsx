import { useState, type ReactNode } from 'react'
import type { QueryWord } from '@pg/shared/search-text'
import { isNewProject, type GalleryProject } from '../model/project'
import { ProjectCard } from './project-card'
import { ProjectCardSkeleton } from './project-card-skeleton'

/** Cards in the first rows load their images at once; the rest when scrolled near. */
const EAGER_CARDS = 4

const gridClass = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4'

export type RenderFavoriteToggle = (project: GalleryProject) => ReactNode

/** The responsive grid of project cards: one column on a phone up to four on a wide screen. */
export function ProjectGrid({
  projects,
  highlight = [],
  onOpen,
  renderFavoriteToggle,
}: {
  projects: GalleryProject[]
  /** The words of the search that listed these projects, marked in their cards. */
  highlight?: readonly QueryWord[]
  onOpen: (id: string) => void
  renderFavoriteToggle: RenderFavoriteToggle
}) {
  // "New" is decided against the time the grid first showed, not re-decided on every render.
  const [now] = useState(Date.now)
  return (
    <ul className={gridClass}>
      {projects.map((project, index) => (
        <li key={project.id}>
          <ProjectCard
            project={project}
            eager={index < EAGER_CARDS}
            isNew={isNewProject(project, now)}
            highlight={highlight}
            onOpen={onOpen}
            favoriteToggle={renderFavoriteToggle(project)}
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
