import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { AppProviders } from '../app/providers'
import { createQueryClient } from '../app/query-client'
import { routes } from '../app/routes'
import { SupportEmailContext } from '../features/info/contact'
import { CheckoutContext } from '../features/storefront/checkout'
import { i18n, showLanguage, type Language } from '../lib/i18n'
import { SUPPORT_EMAIL } from './page-head'

export { pageHead } from './page-head'

/**
 * Renders one route to HTML as the browser's first render will draw it: the visitor signed out (the
 * session is only known in the browser), the checkout address as given and the support address as a
 * placeholder, both filled in by the server.
 */
export async function renderRoute(
  path: string,
  language: Language,
  checkoutUrl: string | null,
): Promise<{ html: string; status: number }> {
  await showLanguage(language)
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(`http://prerender.invalid${path}`))
  if (context instanceof Response) throw new Error(`${path} redirects: it cannot be prerendered`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const html = renderToString(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <CheckoutContext value={checkoutUrl}>
          <SupportEmailContext value={SUPPORT_EMAIL}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </SupportEmailContext>
        </CheckoutContext>
      </AppProviders>
    </StrictMode>,
  )
  return { html, status: context.statusCode }
}

export { i18n }
