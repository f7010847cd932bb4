import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { QueryWord } from '@pg/shared/search-text'
import type { GalleryProject } from '../model/project'
import { CategoryBadge } from './category-badge'
import { HighlightedText } from './highlighted-text'
import { NewBadge } from './new-badge'
import { ProjectThumbnail } from './project-thumbnail'

/** The attribute that finds a card's open button again, to give it focus back when details close. */
export const OPEN_PROJECT_ATTRIBUTE = 'data-open-project'

/**
 * A project in the grid: heart toggle, thumbnail, category (and "New" when it was added lately), title,
 * subtitle, with the words a search matched marked. The whole card opens the details (the title's
 * button stretches over it); the heart sits above it as its own button.
 */
export function ProjectCard({
  project,
  eager,
  isNew,
  highlight,
  onOpen,
  favoriteToggle,
  collectionControl,
  withdrawn = false,
}: {
  project: GalleryProject
  eager: boolean
  isNew: boolean
  /** Deleted by the owner while on screen (issue 45): it keeps its place, marked, and no longer opens. */
  withdrawn?: boolean
  /** The words of the search that listed this card. */
  highlight: readonly QueryWord[]
  onOpen: (id: string) => void
  favoriteToggle: ReactNode
  /** Beside the heart ("Save to collection"), when the page gives one. */
  collectionControl?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md has-[[data-open-project]:focus-visible]:ring-2 has-[[data-open-project]:focus-visible]:ring-blue-600">
      <div className={withdrawn ? 'opacity-40 grayscale' : undefined}>
        <ProjectThumbnail url={project.thumbnailUrl} eager={eager} />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap gap-2">
          <CategoryBadge category={project.category} />
          {isNew && !withdrawn && <NewBadge />}
          {withdrawn && (
            <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset">
              {t('gallery.withdrawn')}
            </span>
          )}
        </div>
        <h3 className="text-base leading-snug font-semibold text-slate-900">
          {withdrawn ? (
            <HighlightedText text={project.title} words={highlight} />
          ) : (
            <button
              type="button"
              {...{ [OPEN_PROJECT_ATTRIBUTE]: project.id }}
              aria-haspopup="dialog"
              aria-label={t('gallery.openProject', { title: project.title })}
              onClick={() => onOpen(project.id)}
              className="text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
            >
              <HighlightedText text={project.title} words={highlight} />
            </button>
          )}
        </h3>
        {project.subtitle && (
          <p className="line-clamp-3 text-sm text-slate-600">
            <HighlightedText text={project.subtitle} words={highlight} />
          </p>
        )}
      </div>
      {!withdrawn && (
        <div className="absolute top-2 right-2 z-10 flex gap-2">
          {collectionControl}
          {favoriteToggle}
        </div>
      )}
    </article>
  )
}
