import { useEffect, useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Spinner } from '../../../components/ui/spinner'
import { sendMemberEvent } from '../../../lib/analytics-beacon'
import { CloseIcon } from '../../../components/ui/icons'
import type { GalleryProject } from '../model/project'
import { CategoryBadge } from './category-badge'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { ProjectDetails } from './project-details'

export type DialogProject =
  | { state: 'loaded'; project: GalleryProject }
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed' }

function CloseButton({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      onClick={onClose}
      aria-label={t('project.close')}
      className="rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
    >
      <CloseIcon className="size-6" />
    </button>
  )
}

/** The detail modal: title, subtitle and heart on top, then video, problem, cases, links, author. */
export function ProjectDialog({
  entry,
  onClose,
  favoriteToggle,
  collectionControl,
}: {
  entry: DialogProject
  onClose: () => void
  favoriteToggle: (project: GalleryProject) => ReactNode
  collectionControl?: (project: GalleryProject) => ReactNode
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const openedId = entry.state === 'loaded' ? entry.project.id : undefined
  // The store counts the project's details opened (decision 065), once per project shown.
  useEffect(() => {
    if (openedId !== undefined) sendMemberEvent('details', openedId)
  }, [openedId])
  const title =
    entry.state === 'loaded'
      ? entry.project.title
      : entry.state === 'loading'
        ? t('project.loading')
        : t('project.missingTitle')
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose}>
      <div className="flex items-start gap-3 p-6 sm:p-8">
        <div className="min-w-0 flex-1 space-y-2">
          {entry.state === 'loaded' && <CategoryBadge category={entry.project.category} />}
          <h2 id={titleId} className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
            {title}
          </h2>
          {entry.state === 'loaded' && entry.project.subtitle && (
            <p className="text-slate-600">{entry.project.subtitle}</p>
          )}
        </div>
        {entry.state === 'loaded' && collectionControl?.(entry.project)}
        {entry.state === 'loaded' && favoriteToggle(entry.project)}
        <CloseButton onClose={onClose} />
      </div>
      {entry.state === 'loaded' && <ProjectDetails project={entry.project} />}
      {entry.state === 'loading' && <Spinner label={t('project.loading')} />}
      {entry.state === 'missing' && (
        <p className="px-6 pb-8 text-slate-700 sm:px-8">{t('project.missing')}</p>
      )}
      {entry.state === 'failed' && (
        <p role="alert" className="px-6 pb-8 text-red-600 sm:px-8">
          {t('gallery.loadFailed')}
        </p>
      )}
    </ModalDialog>
  )
}
