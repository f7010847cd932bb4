import { render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { FaqList } from '../src/components/ui/faq-list'
import { CheckoutContext, readCheckoutUrl } from '../src/features/storefront/checkout'
import { BuyButton } from '../src/features/storefront/components/buy-button'
import { EMBLA_DURATION } from '../src/features/storefront/carousel-timing'
import { StorefrontContentContext } from '../src/lib/storefront-content'
import { testStorefronts, versionOne } from './support/storefront'

/** The files of the web app's public folder, which the store serves at its root. */
const PUBLIC_FILES = Object.keys(import.meta.glob('../public/**/*.webp')).map((file) =>
  file.replace('../public', ''),
)

const withStorefront = (children: ReactNode) => (
  <StorefrontContentContext value={testStorefronts()}>{children}</StorefrontContentContext>
)

function pageWithMeta(content: string | null): Document {
  const page = document.implementation.createHTMLDocument('page')
  if (content !== null) {
    const meta = page.createElement('meta')
    meta.name = 'checkout-url'
    meta.content = content
    page.head.append(meta)
  }
  return page
}

describe('checkout address', () => {
  it('is read from the page the server sent, and only when it is an http(s) URL', () => {
    expect(readCheckoutUrl(pageWithMeta('https://pay.example.com/buy?item=pack'))).toBe(
      'https://pay.example.com/buy?item=pack',
    )
    expect(readCheckoutUrl(pageWithMeta(''))).toBeNull()
    expect(readCheckoutUrl(pageWithMeta(null))).toBeNull()
    expect(readCheckoutUrl(pageWithMeta('javascript:alert(1)'))).toBeNull()
    expect(readCheckoutUrl(pageWithMeta('__PG_CHECKOUT_URL__'))).toBeNull()
  })

  it('makes the buy button go to the checkout', () => {
    render(
      withStorefront(
        <CheckoutContext value="https://pay.example.com/buy">
          <BuyButton />
        </CheckoutContext>,
      ),
    )
    expect(screen.getByRole('link', { name: 'Buy the bundle for $25' })).toHaveAttribute(
      'href',
      'https://pay.example.com/buy',
    )
    expect(screen.queryByText(/not configured/)).toBeNull()
  })

  it('without one, the button leads to the pricing and says checkout is not configured', () => {
    render(withStorefront(<BuyButton />))
    expect(screen.getByRole('link', { name: 'See pricing' })).toHaveAttribute('href', '#pricing')
    expect(screen.getByText(/Online payment is not configured in this store yet/)).toBeVisible()
  })

  it('inside the pricing, says so without a link to itself', () => {
    render(withStorefront(<BuyButton inPricing />))
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getByText(/Online payment is not configured/)).toBeVisible()
  })
})

describe('sample apps', () => {
  it('of version 1 are 23, each with an image of its own that the store serves', () => {
    const images = versionOne().landing.carousel.apps.map((app) => (app.source === 'manual' ? app.image : ''))
    expect(images).toHaveLength(23)
    expect(new Set(images).size).toBe(23)
    for (const image of images) {
      expect(image).toMatch(/^\/samples\/[a-z-]+\.webp$/)
      expect(PUBLIC_FILES, image).toContain(image)
    }
  })

  it('turn with a spring that covers 99% of the way in 300 ms, as the specification asks', () => {
    // Embla's scroll body at its fixed 60 Hz step: velocity += distance / duration, then × 0.68.
    let location = 0
    let velocity = 0
    let steps = 0
    while (Math.abs(400 - location) > 4) {
      velocity = (velocity + (400 - location) / EMBLA_DURATION) * 0.68
      location += velocity
      steps += 1
    }
    expect(steps * (1000 / 60)).toBeCloseTo(300, -1)
  })
})

describe('FAQ list', () => {
  it('opens and closes each answer as a native disclosure', async () => {
    render(
      <MemoryRouter>
        <FaqList items={[{ id: 'faq-1', question: 'Does it work?', answer: 'Yes, it does.' }]} />
      </MemoryRouter>,
    )
    const question = screen.getByText('Does it work?')
    const details = question.closest('details')
    expect(details).not.toBeNull()
    expect(details).not.toHaveAttribute('open')
    expect(question.closest('summary')).not.toBeNull()
  })
})
