import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { sendMemberEvent } from '../../lib/analytics-beacon'
import { account } from '../../lib/backend'
import { FavoritesContext, useFavoriteIds, type Favorites } from './favorites-context'
import { FavoritesStore, type PrefsStore } from './model/favorites-store'

const accountPrefs: PrefsStore = {
  getPrefs: () => account.getPrefs(),
  updatePrefs: (prefs) => account.updatePrefs({ prefs }),
}

/**
 * The signed-in member's favourites for the members' pages: synced with the account when the page
 * opens, after each change, and when the member comes back to the tab (another device may have changed
 * them); other tabs of this browser are followed through storage events.
 */
export function FavoritesProvider({
  memberId,
  prefs = accountPrefs,
  children,
}: {
  memberId: string
  prefs?: PrefsStore
  children: ReactNode
}) {
  const { t } = useTranslation()
  const [store] = useState(() => new FavoritesStore(memberId, prefs))
  const ids = useFavoriteIds(store)
  const [announcement, setAnnouncement] = useState('')

  useEffect(() => {
    void store.sync()
    const onVisible = () => {
      if (document.visibilityState === 'visible') void store.sync()
    }
    const onStorage = (event: StorageEvent) => store.reloadFromStorage(event.key)
    document.addEventListener('visibilitychange', onVisible)
    window.addEventListener('focus', onVisible)
    window.addEventListener('storage', onStorage)
    return () => {
      document.removeEventListener('visibilitychange', onVisible)
      window.removeEventListener('focus', onVisible)
      window.removeEventListener('storage', onStorage)
    }
  }, [store])

  const toggle = useCallback(
    (id: string, title: string) => {
      const added = store.toggle(id)
      if (added) sendMemberEvent('favourite', id)
      setAnnouncement(t(added ? 'favorites.added' : 'favorites.removed', { title }))
    },
    [store, t],
  )

  const favorites = useMemo<Favorites>(() => ({ ids, store, toggle }), [ids, store, toggle])
  return (
    <FavoritesContext value={favorites}>
      {children}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </FavoritesContext>
  )
}
