import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { account, resetFakeBackend, signedIn } from './support/fake-backend'
import { takeConsoleErrors } from './support/console-guard'
import { renderApp } from './support/render-app'

vi.mock('../src/lib/backend', () => import('./support/fake-backend'))

beforeEach(resetFakeBackend)

const mainNav = () => screen.getByRole('navigation', { name: 'Main' })

describe('navigation bar', () => {
  it('signed out: title, Products and the Login link, no members-only links', async () => {
    renderApp('/')
    const login = await screen.findByRole('link', { name: 'Login' })
    expect(login).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Projects Gallery' })).toHaveAttribute('href', '/')
    expect(within(mainNav()).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products')
    expect(within(mainNav()).queryByRole('link', { name: 'Home' })).toBeNull()
    expect(within(mainNav()).queryByRole('link', { name: 'Search' })).toBeNull()
    expect(within(mainNav()).queryByRole('link', { name: 'My account' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull()
  })

  it('signed in: Home, Search, My account and the Logout button instead of Login', async () => {
    signedIn()
    renderApp('/')
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeVisible()
    expect(within(mainNav()).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home')
    expect(within(mainNav()).getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search')
    expect(within(mainNav()).getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account')
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull()
  })

  it('Logout deletes the current session and goes to the welcome page signed out', async () => {
    signedIn()
    account.deleteSession.mockResolvedValue({})
    const { router, user } = renderApp('/home')
    const dashboard = await screen.findByRole('heading', { level: 1, name: 'Dashboard' })
    expect(dashboard).toBeVisible()

    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' }))
    expect(account.deleteSession).toHaveBeenCalledWith({ sessionId: 'current' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByRole('link', { name: 'Login' })).toBeVisible()
    expect(within(mainNav()).queryByRole('link', { name: 'Home' })).toBeNull()
  })

  it("the gallery's own Logout button goes to the login page", async () => {
    signedIn()
    account.deleteSession.mockResolvedValue({})
    const { router, user } = renderApp('/search')
    await screen.findByRole('heading', { level: 1, name: 'Projects Gallery' })

    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toBe('')
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible()
  })

  it('a failed logout is logged as "Logout error" and the member stays signed in', async () => {
    signedIn()
    const failure = new Error('offline')
    account.deleteSession.mockRejectedValue(failure)
    const { router, user } = renderApp('/home')
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' })

    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(takeConsoleErrors()).toEqual([['Logout error', failure]]))
    expect(router.state.location.pathname).toBe('/home')
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' })).toBeEnabled()
    expect(within(mainNav()).getByRole('link', { name: 'Search' })).toBeVisible()
  })

  it('links to both social profiles in a new tab', async () => {
    renderApp('/')
    for (const name of [/TikTok/, /Instagram/]) {
      const link = await screen.findByRole('link', { name })
      expect(link).toHaveAttribute('target', '_blank')
      expect(link).toHaveAttribute('rel', 'noopener noreferrer')
      expect(link.getAttribute('href')).toMatch(/^https:\/\/www\.(tiktok|instagram)\.com\/@?projectsgallery$/)
    }
  })

  it('opens and closes the mobile menu by keyboard', async () => {
    const { user } = renderApp('/')
    const toggle = await screen.findByRole('button', { name: 'Open menu' })
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '')
    expect(menu).not.toBeVisible()

    toggle.focus()
    await user.keyboard('{Enter}')
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(toggle).toHaveAccessibleName('Close menu')
    expect(menu).toBeVisible()

    await user.keyboard('{Escape}')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(menu).not.toBeVisible()
    expect(toggle).toHaveFocus()
  })

  it('closes the mobile menu when the keyboard leaves the header, not when a tap focuses nothing', async () => {
    const { user } = renderApp('/')
    const toggle = await screen.findByRole('button', { name: 'Open menu' })
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '')
    toggle.focus()
    await user.keyboard('{Enter}')
    expect(menu).toBeVisible()

    toggle.blur()
    expect(menu).toBeVisible()
    toggle.focus()
    screen.getByRole('link', { name: 'Skip to main content' }).focus()
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(menu).not.toBeVisible()
  })

  it('switches language and remembers the choice', async () => {
    const { user } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Switch to Español' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bienvenido a Projects Gallery' }),
    ).toBeVisible()
    expect(localStorage.getItem('lang')).toBe('es')
    expect(document.documentElement.lang).toBe('es')
  })
})

describe('footer', () => {
  it('links to the information pages and shows the current year', async () => {
    renderApp('/')
    const footer = await screen.findByRole('contentinfo')
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
    expect(hrefs).toEqual([
      '/',
      '/products',
      '/who-we-are',
      '/legal-terms',
      '/privacy-policy',
      '/refund-policy',
      '/faq',
    ])
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Projects Gallery`)
  })
})
