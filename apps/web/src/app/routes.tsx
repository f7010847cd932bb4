import type { RouteObject } from 'react-router'
import { RequireSession } from '../features/auth/components/require-session'
import { NotFoundRoute } from '../routes/not-found'
import { ProductsRoute } from '../routes/products'
import { WelcomeRoute } from '../routes/welcome'
import { consoleRoutes } from './console-routes'
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
          // Lazy: the sign-in form brings the API client, which no other public page loads up front.
          { path: 'login', lazy: async () => ({ Component: (await import('../routes/login')).LoginRoute }) },
          { path: 'products', Component: ProductsRoute },
          {
            path: 'forgot-password',
            lazy: async () => ({
              Component: (await import('../routes/forgot-password')).ForgotPasswordRoute,
            }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({ Component: (await import('../routes/reset-password')).ResetPasswordRoute }),
          },
          // The storefront's pages carry their own code (the carousel, long texts): loaded on their visit,
          // or, for a prerendered page, before the app hydrates it (main.tsx).
          {
            path: 'landing-pack-apps',
            lazy: async () => ({
              Component: (await import('../routes/landing-pack-apps')).LandingPackAppsRoute,
            }),
          },
          {
            path: 'legal-terms',
            lazy: async () => ({ Component: (await import('../routes/legal-terms')).LegalTermsRoute }),
          },
          {
            path: 'privacy-policy',
            lazy: async () => ({ Component: (await import('../routes/privacy-policy')).PrivacyPolicyRoute }),
          },
          {
            path: 'refund-policy',
            lazy: async () => ({ Component: (await import('../routes/refund-policy')).RefundPolicyRoute }),
          },
          {
            path: 'who-we-are',
            lazy: async () => ({ Component: (await import('../routes/who-we-are')).WhoWeAreRoute }),
          },
          { path: 'faq', lazy: async () => ({ Component: (await import('../routes/faq')).FaqRoute }) },
          // The thank-you page, at its Spanish and its English address (THANK_YOU_PATHS).
          {
            path: 'login/link',
            lazy: async () => ({ Component: (await import('../routes/sign-in-link')).SignInLinkRoute }),
          },
          ...['gracias', 'thank-you'].map((path) => ({
            path,
            lazy: async () => ({ Component: (await import('../routes/thank-you')).ThankYouRoute }),
          })),
          {
            Component: RequireSession,
            children: [
              {
                lazy: async () => ({ Component: (await import('../routes/members-layout')).MembersLayout }),
                children: [
                  {
                    path: 'search',
                    lazy: async () => ({ Component: (await import('../routes/search')).SearchRoute }),
                  },
                  {
                    path: 'home',
                    lazy: async () => ({ Component: (await import('../routes/home')).HomeRoute }),
                  },
                  {
                    path: 'account',
                    lazy: async () => ({ Component: (await import('../routes/account')).AccountRoute }),
                  },
                  {
                    path: 'collections',
                    lazy: async () => ({
                      Component: (await import('../routes/collections')).CollectionsRoute,
                    }),
                  },
                  consoleRoutes,
                ],
              },
            ],
          },
          { path: '*', Component: NotFoundRoute },
        ],
      },
    ],
  },
]
