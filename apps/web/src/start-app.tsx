import './lib/zod-without-eval'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { AppProviders } from './app/providers'
import { createQueryClient } from './app/query-client'
import { routes } from './app/routes'
import { CheckoutContext, readCheckoutUrl } from './features/storefront/checkout'
import { nameTheStore, showLanguage, type Language } from './lib/i18n'
import { currentLanguage, sendStoredLanguage } from './lib/language-preference'
import { storefrontSource } from './lib/storefront-content'
import { fetchStorefront, readStorefront } from './lib/storefront-page'

/**
 * The app itself, loaded by main.tsx. Public pages arrive prerendered in the language the server chose (`<html lang>`): the app loads that
 * language and the page's route modules first, then hydrates the HTML as it is. Members' pages arrive
 * as an empty shell and render here.
 */
async function start() {
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  const pageLanguage = currentLanguage(document.documentElement.lang)
  if (sendStoredLanguage(pageLanguage)) return
  // The owner's storefront in the page's language, written into the page by the server (decision 073);
  // the other language's is fetched when the visitor switches to it.
  const storefront = readStorefront(document)
  if (storefront) nameTheStore(storefront.language, storefront.store.name)
  const storefronts = storefrontSource(storefront ? [storefront] : [], async (language: Language) => {
    const fetched = await fetchStorefront(language)
    if (fetched) nameTheStore(language, fetched.store.name)
    return fetched
  })
  await showLanguage(pageLanguage)

  const prerendered = root.hasChildNodes()
  if (prerendered) {
    const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? []
    await Promise.all(
      lazyMatches.map(async ({ route }) => {
        const lazy = route.lazy
        if (typeof lazy !== 'function') return
        Object.assign(route, { ...(await lazy()), lazy: undefined })
      }),
    )
  }

  const app = (
    <StrictMode>
      <AppProviders queryClient={createQueryClient()} storefronts={storefronts}>
        <CheckoutContext value={readCheckoutUrl(document)}>
          <RouterProvider router={createBrowserRouter(routes)} />
        </CheckoutContext>
      </AppProviders>
    </StrictMode>
  )
  // As a transition, hydration yields to the browser between pieces of work instead of one long task.
  if (prerendered) startTransition(() => void hydrateRoot(root, app))
  else createRoot(root).render(app)
}

void start()
