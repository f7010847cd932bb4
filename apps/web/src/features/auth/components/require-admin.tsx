import { Navigate, Outlet } from 'react-router'
import { isAdmin } from '../admin'
import { useSession } from '../session-context'

/**
 * The owner's console: a member without the admin label is sent to their dashboard before any of the
 * console's code is fetched (the server answers every console route with 401 for them anyway).
 */
export function RequireAdmin() {
  const { user } = useSession()
  return isAdmin(user) ? <Outlet /> : <Navigate to="/home" replace />
}
