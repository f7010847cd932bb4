import type { RouteObject } from 'react-router'
import { RequireSession } from '../features/auth/components/require-session'
import { LoginRoute } from '../routes/login'
import { NotFoundRoute } from '../routes/not-found'
import { ProductsRoute } from '../routes/products'
import { WelcomeRoute } from '../routes/welcome'
import { PageErrorBoundary, RootErrorBoundary } from './error-boundaries'
import { RootLayout } from './layout/root-layout'
import { PageLoading } from './page-loading'

/**
 * Public pages are in the entry bundle (small, and the first thing visitors see); members' pages are
 * route modules loaded the first time they are visited.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: PageLoading,
    children: [
      {
        ErrorBoundary: PageErrorBoundary,
        children: [
          { index: true, Component: WelcomeRoute },
          { path: 'login', Component: LoginRoute },
          { path: 'products', Component: ProductsRoute },
          {
            Component: RequireSession,
            children: [
              {
                path: 'search',
                lazy: async () => ({ Component: (await import('../routes/search')).SearchRoute }),
              },
              { path: 'home', lazy: async () => ({ Component: (await import('../routes/home')).HomeRoute }) },
            ],
          },
          { path: '*', Component: NotFoundRoute },
        ],
      },
    ],
  },
]
