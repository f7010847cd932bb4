import { NavLink } from 'react-router'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../components/ui/button'
import { isAdmin } from '../../features/auth/admin'
import { LogoutButton } from '../../features/auth/components/logout-button'
import { useSession } from '../../features/auth/session-context'
import { NewProjectsCount } from '../../features/gallery/components/new-projects-count'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`

/**
 * Products for everyone; Home and Search only for signed-in members (seed-spec section 2), and their own
 * account (issue 31).
 */
export function NavLinks({ className }: { className: string }) {
  const { t } = useTranslation()
  const { status, user } = useSession()
  return (
    <ul className={className}>
      <li>
        <NavLink to="/products" className={linkClass}>
          {t('nav.products')}
        </NavLink>
      </li>
      {status === 'signedIn' && (
        <>
          <li>
            <NavLink to="/home" className={linkClass}>
              {t('nav.home')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/search" className={linkClass}>
              {t('nav.search')}
              <NewProjectsCount />
            </NavLink>
          </li>
          <li>
            <NavLink to="/account" className={linkClass}>
              {t('nav.account')}
            </NavLink>
          </li>
          {isAdmin(user) && (
            <li>
              <NavLink to="/admin" className={linkClass}>
                {t('nav.console')}
              </NavLink>
            </li>
          )}
        </>
      )}
    </ul>
  )
}

/**
 * Signed in: the red Logout button (back to the welcome page). Signed out: the blue Login link, also
 * while the session is being checked: prerendered pages are drawn signed out (the server does not
 * know the visitor), and the first render in the browser must draw the same.
 */
export function SessionAction({ className = '' }: { className?: string }) {
  const { t } = useTranslation()
  const { status } = useSession()
  if (status === 'signedIn') return <LogoutButton redirectTo="/" className={className} />
  return (
    <NavLink to="/login" className={`${buttonClass('primary')} ${className}`}>
      {t('nav.login')}
    </NavLink>
  )
}
