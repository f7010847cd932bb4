import { useQuery } from '@tanstack/react-query'
import type { DialogProject } from '../components/project-dialog'
import type { GalleryProject } from '../model/project'
import { projectsByIdsQuery } from './gallery-queries'
import { useWithdrawnProjects } from './use-withdrawn-projects'

/**
 * The open project: from the cards on screen when it is there, else asked for by id (a shared link, or a
 * card the owner deleted meanwhile: the server says it is missing).
 */
export function useDialogProject(
  projectId: string | null,
  shown: readonly GalleryProject[],
): DialogProject | null {
  const withdrawn = useWithdrawnProjects()
  const onScreen =
    projectId && !withdrawn.has(projectId) ? shown.find((project) => project.id === projectId) : undefined
  const byId = useQuery({
    ...projectsByIdsQuery(projectId ? [projectId] : []),
    enabled: !!projectId && !onScreen,
  })
  if (!projectId) return null
  if (onScreen) return { state: 'loaded', project: onScreen }
  if (byId.isPending) return { state: 'loading' }
  if (byId.isError) return { state: 'failed' }
  const [project] = byId.data
  return project ? { state: 'loaded', project } : { state: 'missing' }
}
