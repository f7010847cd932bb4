import type { ReactNode } from 'react'
import type { GalleryProject } from '../model/project'
import { ProjectCard } from './project-card'
import { ProjectCardSkeleton } from './project-card-skeleton'

/** Cards in the first rows load their images at once; the rest when scrolled near. */
const EAGER_CARDS = 4

const gridClass = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4'

export type RenderFavoriteToggle = (project: GalleryProject) => ReactNode

/** The responsive grid of project cards: one column on a phone up to four on a wide screen. */
export function ProjectGrid({
  projects,
  onOpen,
  renderFavoriteToggle,
}: {
  projects: GalleryProject[]
  onOpen: (id: string) => void
  renderFavoriteToggle: RenderFavoriteToggle
}) {
  return (
    <ul className={gridClass}>
      {projects.map((project, index) => (
        <li key={project.id}>
          <ProjectCard
            project={project}
            eager={index < EAGER_CARDS}
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
