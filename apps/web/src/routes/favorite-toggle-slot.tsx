import { FavoriteToggle } from '../features/favorites/components/favorite-toggle'
import type { GalleryProject } from '../features/gallery/model/project'

/** The gallery's cards and modal get their heart from the favourites feature through this slot. */
export const renderFavoriteToggle = (project: GalleryProject) => (
  <FavoriteToggle projectId={project.id} title={project.title} />
)
