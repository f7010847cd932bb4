import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import type { i18n as I18n } from 'i18next'
import type { ResolvedStorefront } from '@pg/shared/storefront/resolved'
import { PUBLIC_PATHS, SHELL_PATHS, shellPageName, THANK_YOU_PATHS } from '@pg/shared/routes'
import { AppProviders } from '../app/providers'
import { createQueryClient } from '../app/query-client'
import { routes } from '../app/routes'
import { CheckoutContext } from '../features/storefront/checkout'
import { languages, pageTexts, type Language } from '../lib/i18n'
import { storefrontSource } from '../lib/storefront-content'
import { composePage, type WebBuild } from './page-document'
import { CHECKOUT_URL, pageHead, type PageKind } from './page-head'

export type { BuildManifest, WebBuild } from './page-document'

/**
 * The web app's server entry (decisions 008 and 073): the storefront's pages drawn with the app's own
 * components, by the build (version 1) and by the store's server (each content the owner publishes, in
 * a worker thread: `dist/.server/entry-server.js`). Nothing here is kept between calls: each drawing
 * has its own texts and its own storefront, so two drawings of different content never mix.
 */

interface RouteDrawing {
  texts: I18n
  storefront: ResolvedStorefront
  /** The checkout address, or null for the page without one. */
  checkoutUrl: string | null
}

/**
 * One route as the browser's first render draws it: the visitor signed out (the session is only known
 * in the browser), the checkout address as given (a placeholder the server fills).
 */
export async function renderRoute(
  path: string,
  drawing: RouteDrawing,
): Promise<{ html: string; status: number }> {
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(`http://prerender.invalid${path}`))
  if (context instanceof Response) throw new Error(`${path} redirects: it cannot be prerendered`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const html = renderToString(
    <StrictMode>
      <AppProviders
        queryClient={createQueryClient()}
        texts={drawing.texts}
        storefronts={storefrontSource([drawing.storefront])}
      >
        <CheckoutContext value={drawing.checkoutUrl}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </CheckoutContext>
      </AppProviders>
    </StrictMode>,
  )
  return { html, status: context.statusCode }
}

/** A page to draw: its file name, its head, how its body is drawn, and its own modules. */
interface PagePlan {
  name: string
  kind: PageKind
  path: string
  /** The route drawn into the body, with or without checkout; none for a shell. */
  route?: { path: string; checkoutUrl: string | null }
  modules: string[]
}

/** Every page of a language, as the server serves them (apps/server/src/pages/web-app.ts). */
function pagePlans(): PagePlan[] {
  const plans: PagePlan[] = []
  // The thank-you page once, as `gracias`: the server sends it at both of its addresses.
  for (const path of [...PUBLIC_PATHS, THANK_YOU_PATHS[0]]) {
    const name = path === '/' ? 'index' : path.slice(1)
    const modules = [path === THANK_YOU_PATHS[0] ? 'src/routes/thank-you.tsx' : `src/routes${path}.tsx`]
    // The landing page twice: with the checkout address (filled by the server), and for a store without.
    const variants: [string, string | null][] =
      path === '/landing-pack-apps'
        ? [
            ['', CHECKOUT_URL],
            ['.no-checkout', null],
          ]
        : [['', null]]
    for (const [suffix, checkoutUrl] of variants)
      plans.push({ name: `${name}${suffix}`, kind: 'public', path, route: { path, checkoutUrl }, modules })
  }
  plans.push({
    name: '404',
    kind: 'notFound',
    path: '/',
    route: { path: '/__not-found__', checkoutUrl: null },
    modules: [],
  })
  plans.push({ name: 'shell', kind: 'shell', path: '/', modules: [] })
  for (const path of SHELL_PATHS) plans.push({ name: shellPageName(path), kind: 'shell', path, modules: [] })
  return plans
}

/**
 * The storefront's pages drawn from `storefronts`, keyed `<language>/<name>` (`es/index`,
 * `es/landing-pack-apps`, `es/landing-pack-apps.no-checkout`, `es/gracias`, `es/404`, `es/shell`,
 * `es/shell.search`…): the pages the build writes as `dist/<language>/<name>.html`, with the
 * placeholders the server fills (origin, own address, checkout address, session, the API's ids).
 * `only`: one language's pages, all of them or those named (a preview).
 */
export async function renderStorefrontPages(
  build: WebBuild,
  storefronts: { es: ResolvedStorefront; en: ResolvedStorefront },
  only?: { language: Language; names?: string[] },
): Promise<Record<string, string>> {
  const pages: Record<string, string> = {}
  const plans = pagePlans().filter((plan) => !only?.names || only.names.includes(plan.name))
  for (const language of only ? [only.language] : languages) {
    const storefront = storefronts[language]
    if (storefront.language !== language) throw new Error(`The ${language} pages were given another language`)
    const texts = await pageTexts(language, storefront.store.name)
    const t = texts.getFixedT(language)
    for (const plan of plans) {
      const body = plan.route
        ? (await renderRoute(plan.route.path, { texts, storefront, checkoutUrl: plan.route.checkoutUrl }))
            .html
        : ''
      const head = pageHead(plan.path, plan.kind, t, storefront)
      pages[`${language}/${plan.name}`] = composePage(build, {
        language,
        head,
        body,
        modules: plan.modules,
        storefront,
      })
    }
  }
  return pages
}
