import { NavLink, Outlet } from 'react-router'
import { useTranslation } from 'react-i18next'
import { NoticeProvider } from '../../components/console/notice'
import { Spinner } from '../../components/ui/spinner'
import { TwoStepSection } from '../../features/account/components/two-step-section'
import { useSession } from '../../features/auth/session-context'
import { useAdminMfaRequired } from '../../features/console-two-step/api/get-mfa-policy'
import { EnrolmentGate } from '../../features/console-two-step/components/enrolment-gate'

export { loadConsoleTexts } from '../../lib/console/console-texts'

const sections = [
  { to: '/admin', key: 'overview', end: true },
  { to: '/admin/analytics', key: 'analytics', end: false },
  { to: '/admin/members', key: 'members', end: false },
  { to: '/admin/orders', key: 'orders', end: false },
  { to: '/admin/catalogue', key: 'catalogue', end: false },
  { to: '/admin/storefront', key: 'storefront', end: false },
  { to: '/admin/settings', key: 'settings', end: false },
  { to: '/admin/automations', key: 'automations', end: false },
  { to: '/admin/audit', key: 'audit', end: false },
] as const

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-10 items-center whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-blue-600 text-white' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`

/**
 * The owner's console (issue 13), for admins only: RequireAdmin guards the route before this loads.
 * When the store requires a second factor of its admins (issue 43), an admin without one sees only the
 * enrolment: none of the console's pages, nor their calls.
 */
export function ConsoleLayout() {
  const { t } = useTranslation()
  const { user } = useSession()
  const mfaOn = user?.mfa ?? false
  const required = useAdminMfaRequired(!mfaOn)
  return (
    <NoticeProvider>
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6 lg:px-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('console.title')}</h1>
          <p className="mt-1 text-sm text-slate-600">{t('console.description')}</p>
          {required === false && (
            <nav aria-label={t('console.navLabel')} className="relative -mx-1 mt-4 overflow-x-auto pb-3">
              <ul className="flex gap-1 px-1">
                {sections.map((section) => (
                  <li key={section.key}>
                    <NavLink to={section.to} end={section.end} className={linkClass}>
                      {t(`console.nav.${section.key}`)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
        {required === 'checking' ? (
          <Spinner label={t('console.common.loading')} />
        ) : required ? (
          <EnrolmentGate>
            <TwoStepSection mfaOn={mfaOn} />
          </EnrolmentGate>
        ) : (
          <Outlet />
        )}
      </div>
    </NoticeProvider>
  )
}
