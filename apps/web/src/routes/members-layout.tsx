import { Outlet } from 'react-router'
import { useSession } from '../features/auth/session-context'
import { FavoritesProvider } from '../features/favorites/favorites-provider'

/** The members' pages share the signed-in member's favourites (a new member, a new list). */
export function MembersLayout() {
  const { user } = useSession()
  if (!user) return null
  return (
    <FavoritesProvider key={user.id} memberId={user.id}>
      <Outlet />
    </FavoritesProvider>
  )
}
