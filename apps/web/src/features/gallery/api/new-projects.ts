import { PAGE_SIZE } from '@pg/shared/constants'
import { Query } from 'appwrite'
import { databaseId, databases } from '../../../lib/backend'
import { toGalleryProject, type GalleryProject } from '../model/project'
import { projectsCollection, selectCardFields } from './collections'

export interface NewProjects {
  /** The newest first, at most a page of them. */
  projects: GalleryProject[]
  /** How many were added since (the server counts up to 5,000). */
  total: number
}

/** The projects added after `since` (issue 32, "Novedades"), newest first, and how many there are. */
export async function fetchNewProjects(since: string): Promise<NewProjects> {
  const { documents, total } = await databases.listDocuments({
    databaseId,
    collectionId: projectsCollection,
    queries: [
      selectCardFields(),
      Query.greaterThan('$createdAt', since),
      Query.orderDesc('$createdAt'),
      Query.orderDesc('$sequence'),
      Query.limit(PAGE_SIZE),
    ],
  })
  return { projects: documents.flatMap((document) => toGalleryProject(document) ?? []), total }
}
