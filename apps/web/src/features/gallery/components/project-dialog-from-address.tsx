import { useDialogProject } from '../hooks/use-dialog-project'
import { useFocusReturn } from '../hooks/use-focus-return'
import type { GalleryProject } from '../model/project'
import type { RenderCollectionControl, RenderFavoriteToggle } from './project-grid'
import { ProjectDialog } from './project-dialog'

/** The details of `?project=…`, over whichever page shows it; closing returns focus to its card. */
export function ProjectDialogFromAddress({
  projectId,
  shown,
  onClose,
  renderFavoriteToggle,
  renderCollectionControl,
}: {
  projectId: string | null
  shown: readonly GalleryProject[]
  onClose: () => void
  renderFavoriteToggle: RenderFavoriteToggle
  renderCollectionControl?: RenderCollectionControl
}) {
  const entry = useDialogProject(projectId, shown)
  useFocusReturn(projectId)
  if (!entry) return null
  return (
    <ProjectDialog
      entry={entry}
      onClose={onClose}
      favoriteToggle={renderFavoriteToggle}
      collectionControl={
        renderCollectionControl && ((project) => renderCollectionControl(project, 'details'))
      }
    />
  )
}
