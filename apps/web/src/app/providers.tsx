import type { ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import { I18nextProvider } from 'react-i18next'
import { i18n as appTexts } from '../lib/i18n'
import { StorefrontContentContext, type StorefrontSource } from '../lib/storefront-content'
import { SessionProvider } from '../features/auth/session-provider'

export function AppProviders({
  queryClient,
  storefronts,
  texts = appTexts,
  children,
}: {
  queryClient: QueryClient
  /** The owner's storefront, resolved per language (decision 073). */
  storefronts: StorefrontSource
  /** The app's texts; the server's drawing gives each page's language an instance of its own. */
  texts?: I18n
  children: ReactNode
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={texts}>
        <StorefrontContentContext value={storefronts}>
          <SessionProvider>{children}</SessionProvider>
        </StorefrontContentContext>
      </I18nextProvider>
    </QueryClientProvider>
  )
}
