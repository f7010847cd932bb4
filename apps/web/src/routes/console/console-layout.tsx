import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { NavLink, Outlet } from 'react-router'
import { useTranslation } from 'react-i18next'
import { NoticeProvider } from '../../components/console/notice'
import { Spinner } from '../../components/ui/spinner'
import { TwoStepSection } from '../../features/account/components/two-step-section'
import { isAdmin } from '../../features/auth/admin'
import { useSession } from '../../features/auth/session-context'
import { analyticsKey } from '../../features/console-analytics/api/analytics-report'
import { auditKey } from '../../features/console-audit/hooks'
import { LiveStatus } from '../../features/console-live/components/live-status'
import { SaleNotice } from '../../features/console-live/components/sale-notice'
import { SaleNoticesSwitch } from '../../features/console-live/components/sale-notices-switch'
import { useConsoleLive, type ConsoleTopic } from '../../features/console-live/hooks'
import { membersKey } from '../../features/console-members/hooks'
import { ordersKey } from '../../features/console-orders/hooks'
import { overviewKey } from '../../features/console-overview/hooks'
import { settingsKey } from '../../features/console-settings/hooks'
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
 * What each console channel's events change (issue 45): the pages showing it read it again, keeping their
 * filters and page (they are in the query keys); the others' are read when next opened.
 */
const changedBy: Record<ConsoleTopic, readonly QueryKey[]> = {
  // A sale or refund moves the overview's and analytics' figures, the orders, the buyer's member row.
  orders: [overviewKey, analyticsKey, ordersKey, membersKey, auditKey],
  members: [overviewKey, membersKey, auditKey],
  readiness: [[...overviewKey, 'readiness'], settingsKey],
}

/** The console kept current while open: what changed, and everything after a drop, is read again. */
function useConsoleChanges(enabled: boolean) {
  const queryClient = useQueryClient()
  const refetch = (keys: readonly QueryKey[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey })
  }
  return useConsoleLive({
    enabled,
    onChange: (topic) => refetch(changedBy[topic]),
    onReconnect: () => refetch([...new Set(Object.values(changedBy).flat())]),
  })
}

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
  const open = required === false && isAdmin(user)
  const live = useConsoleChanges(open)
  return (
    <NoticeProvider>
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6 lg:px-8">
          <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2">
            <div>
              <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('console.title')}</h1>
              <p className="mt-1 text-sm text-slate-600">{t('console.description')}</p>
            </div>
            {open && (
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                <LiveStatus />
                <SaleNoticesSwitch on={live.noticesOn} onChange={live.setNoticesOn} />
              </div>
            )}
          </div>
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
        {open && <SaleNotice notice={live.notice} onDismiss={live.dismiss} />}
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
