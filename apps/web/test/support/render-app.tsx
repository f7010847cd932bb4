import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient } from '@tanstack/react-query'
import { createMemoryRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import type { StorefrontContent } from '@pg/shared/storefront/content'
import type { CarouselProject } from '@pg/shared/storefront/resolve'
import { AppProviders } from '../../src/app/providers'
import { routes } from '../../src/app/routes'
import { CheckoutContext } from '../../src/features/storefront/checkout'
import type { StorefrontSource } from '../../src/lib/storefront-content'
import { testStorefronts } from './storefront'

interface RenderOptions {
  /** The storefront's content; version 1 without it. */
  content?: StorefrontContent
  /** Where the app reads its storefront from, instead of `content` resolved in both languages. */
  storefronts?: StorefrontSource
  /** The catalogue's projects the carousel names. */
  projects?: ReadonlyMap<string, CarouselProject>
  /** The store's checkout address; none configured without it. */
  checkoutUrl?: string
}

/** The whole app (real routes, providers and i18n) at `path`, with only the SDK module faked. */
export function renderApp(path: string, { content, storefronts, projects, checkoutUrl }: RenderOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const user = userEvent.setup()
  render(
    <AppProviders queryClient={queryClient} storefronts={storefronts ?? testStorefronts(content, projects)}>
      <CheckoutContext value={checkoutUrl ?? null}>
        <RouterProvider router={router} />
      </CheckoutContext>
    </AppProviders>,
  )
  return { router, user }
}
