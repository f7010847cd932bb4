import { lazy, Suspense, type ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { RequireAdmin } from '../features/auth/components/require-admin'
import { PageLoading } from './page-loading'

/**
 * A console page, fetched when it is first drawn (React's `lazy`, not the router's: the router loads
 * every matched route's module before any guard runs, so a member opening /admin would download the
 * console before being sent away).
 */
function consolePage(load: () => Promise<ComponentType>): ComponentType {
  const Page = lazy(async () => ({ default: await load() }))
  return function ConsolePageLoader() {
    return (
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    )
  }
}

// The layout brings the console's texts (a chunk of their own) before it is drawn.
const ConsoleLayout = consolePage(async () => {
  const layout = await import('../routes/console/console-layout')
  await layout.loadConsoleTexts()
  return layout.ConsoleLayout
})

/**
 * The owner's console (issue 13) under /admin: its code and texts are chunks of their own, fetched only
 * once the member is known to be an admin (decision 041).
 */
export const consoleRoutes: RouteObject = {
  path: 'admin',
  Component: RequireAdmin,
  children: [
    {
      Component: ConsoleLayout,
      children: [
        {
          index: true,
          Component: consolePage(async () => (await import('../routes/console/overview')).OverviewRoute),
        },
        {
          path: 'analytics',
          Component: consolePage(async () => (await import('../routes/console/analytics')).AnalyticsRoute),
        },
        {
          path: 'members',
          Component: consolePage(async () => (await import('../routes/console/members')).MembersRoute),
        },
        {
          path: 'orders',
          Component: consolePage(async () => (await import('../routes/console/orders')).OrdersRoute),
        },
        {
          path: 'catalogue',
          Component: consolePage(async () => (await import('../routes/console/catalogue')).CatalogueRoute),
        },
        {
          path: 'storefront',
          Component: consolePage(async () => (await import('../routes/console/storefront')).StorefrontRoute),
        },
        {
          path: 'settings',
          Component: consolePage(async () => (await import('../routes/console/settings')).SettingsRoute),
        },
        {
          path: 'automations',
          Component: consolePage(
            async () => (await import('../routes/console/automations')).AutomationsRoute,
          ),
        },
        {
          path: 'audit',
          Component: consolePage(async () => (await import('../routes/console/audit')).AuditRoute),
        },
      ],
    },
  ],
}
