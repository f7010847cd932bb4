import { createContext, useContext, useSyncExternalStore } from 'react'
import type { FavoritesStore } from './model/favorites-store'

export interface Favorites {
  ids: readonly string[]
  store: FavoritesStore
  /** Toggles a project and announces the change to screen readers. */
  toggle: (id: string, title: string) => void
}

export const FavoritesContext = createContext<Favorites | null>(null)

export function useFavorites(): Favorites {
  const favorites = useContext(FavoritesContext)
  if (!favorites) throw new Error('useFavorites must be used inside FavoritesProvider')
  return favorites
}

export function useFavoriteIds(store: FavoritesStore): readonly string[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot)
}
