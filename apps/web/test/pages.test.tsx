import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { resetFakeBackend } from './support/fake-backend'
import { renderApp } from './support/render-app'

vi.mock('../src/lib/backend', () => import('./support/fake-backend'))

beforeEach(resetFakeBackend)

describe('public pages', () => {
  it('welcome: headline, subtitle, Browse Projects and the three features', async () => {
    renderApp('/')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Projects Gallery' }),
    ).toBeVisible()
    expect(screen.getByText(/^Discover amazing projects from our community/)).toBeVisible()
    expect(screen.getByRole('link', { name: 'Browse Projects' })).toHaveAttribute('href', '/search')
    for (const name of ['Search & Discover', 'Save Favorites', 'Organize by Categories']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeVisible()
    }
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main')
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main')
    await waitFor(() => expect(document.title).toBe('Projects Gallery'))
  })

  it('products: says the page is under development, with a way back home', async () => {
    renderApp('/products')
    expect(await screen.findByText('This page is under development.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/')
  })

  it('an unknown address shows a 404 page with its own title', async () => {
    renderApp('/no-such-page')
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/')
    await waitFor(() => expect(document.title).toBe('Page not found · Projects Gallery'))
  })
})
