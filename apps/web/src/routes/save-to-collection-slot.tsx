import { useSession } from '../features/auth/session-context'
import { ProjectInCollectionControls } from '../features/collections/components/project-in-collection-controls'
import { SaveToCollection } from '../features/collections/components/save-to-collection'
import type { RenderCollectionControl } from '../features/gallery/components/project-grid'
import type { GalleryProject } from '../features/gallery/model/project'

/** The signed-in member's "Save to collection" for one project (members' pages only). */
function SaveToCollectionForMember({ project }: { project: GalleryProject }) {
  const { user } = useSession()
  if (!user) return null
  return <SaveToCollection memberId={user.id} projectId={project.id} title={project.title} />
}

/** The gallery's cards and modal get "Save to collection" beside the heart through this slot. */
export const renderSaveToCollection: RenderCollectionControl = (project) => (
  <SaveToCollectionForMember project={project} />
)

/**
 * On the owner's own collection page: each card moves its project earlier or later or takes it out;
 * the details still offer "Save to collection" for the member's other collections.
 */
export const renderOwnCollectionControls: RenderCollectionControl = (project, place) =>
  place === 'card' ? (
    <ProjectInCollectionControls projectId={project.id} title={project.title} />
  ) : (
    <SaveToCollectionForMember project={project} />
  )
