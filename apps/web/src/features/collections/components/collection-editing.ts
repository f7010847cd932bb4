import { createContext, useContext } from 'react'

/** What the owner's controls on a project card of their collection do (absent for anyone else). */
export interface CollectionEditing {
  projectIds: readonly string[]
  move: (projectId: string, title: string, direction: 'up' | 'down') => void
  remove: (projectId: string, title: string) => void
}

export const CollectionEditingContext = createContext<CollectionEditing | null>(null)

export const useCollectionEditing = () => useContext(CollectionEditingContext)
