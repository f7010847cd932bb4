import { Navigate, Outlet, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Spinner } from '../../../components/ui/spinner'
import { loginPathFor } from '../next-path'
import { useSession } from '../session-context'

/**
 * Members-only routes: signed-out visitors go to the login page, which brings them back afterwards; so
 * does a sign-in still waiting for its second factor (issue 43), which the login page asks for.
 */
export function RequireSession() {
  const { t } = useTranslation()
  const { status, signedOutByMember } = useSession()
  const location = useLocation()

  if (status === 'loading') return <Spinner label={t('session.checking')} />
  if (status === 'signedOut') {
    // After a logout the button that did it chooses where to go; do not race it to /login.
    return signedOutByMember ? null : <Navigate to={loginPathFor(location)} replace />
  }
  if (status === 'secondFactor') return <Navigate to={loginPathFor(location)} replace />
  return <Outlet />
}
