import { screen, waitFor } from '@testing-library/react'
import { AppwriteException } from 'appwrite'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { account, member, resetFakeBackend, signedIn } from './support/fake-backend'
import { takeConsoleErrors } from './support/console-guard'
import { renderApp } from './support/render-app'

vi.mock('../src/lib/backend', () => import('./support/fake-backend'))

beforeEach(resetFakeBackend)

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email address'), 'ada@example.com')
  await user.type(screen.getByLabelText('Password'), 'correct horse battery staple')
  await user.click(screen.getByRole('button', { name: 'Sign in' }))
}

describe('login page', () => {
  it('asks for a required email address and password', async () => {
    renderApp('/login')
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible()
    const email = screen.getByLabelText('Email address')
    expect(email).toHaveAttribute('type', 'email')
    expect(email).toBeRequired()
    expect(screen.getByLabelText('Password')).toBeRequired()
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
    await waitFor(() => expect(document.title).toBe('Sign in · Projects Gallery'))
  })

  it('disables the button and reads "Signing in..." while the request runs, then goes to /home', async () => {
    let finish = () => {}
    account.createEmailPasswordSession.mockImplementation(() => new Promise<void>((done) => (finish = done)))
    const { router, user } = renderApp('/login')
    await fillAndSubmit(user)

    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled()
    expect(account.createEmailPasswordSession).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'correct horse battery staple',
    })

    signedIn()
    finish()
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    expect(await screen.findByText(`Welcome, ${member.name}`)).toBeVisible()
  })

  it("shows the server's message in an alert below the form and logs it", async () => {
    const failure = new AppwriteException('Invalid credentials. Please check the email and password.', 401)
    account.createEmailPasswordSession.mockRejectedValue(failure)
    const { router, user } = renderApp('/login')
    await fillAndSubmit(user)

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid credentials. Please check the email and password.',
    )
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled()
    expect(router.state.location.pathname).toBe('/login')
    expect(takeConsoleErrors()).toEqual([['Login error', failure]])
  })

  it('says "Login failed" when the failure carries no server message', async () => {
    account.createEmailPasswordSession.mockRejectedValue(new TypeError('Failed to fetch'))
    const { user } = renderApp('/login')
    await fillAndSubmit(user)

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed')
    expect(takeConsoleErrors()).toHaveLength(1)
  })

  it('goes back to the page the guard sent the visitor from', async () => {
    const { router, user } = renderApp('/search?q=agents')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toBe('?next=%2Fsearch%3Fq%3Dagents')

    account.createEmailPasswordSession.mockResolvedValue({})
    signedIn()
    await fillAndSubmit(user)
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'))
    expect(router.state.location.search).toBe('?q=agents')
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects Gallery' })).toBeVisible()
  })

  it('ignores a next that leads to another site', async () => {
    account.createEmailPasswordSession.mockResolvedValue({})
    const { router, user } = renderApp('/login?next=//evil.example/home')
    // Signed out while the page asks (the SDK is imported on first use), signed in from then on.
    await screen.findByLabelText('Email address')
    signedIn()
    await fillAndSubmit(user)
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
  })

  it('sends a member who is already signed in to /home', async () => {
    signedIn()
    const { router } = renderApp('/login')
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
  })
})

describe('members-only pages', () => {
  it.each(['/home', '/search'])('send a signed-out visitor from %s to the login page', async (path) => {
    const { router } = renderApp(path)
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(path)
    expect(console.log).toHaveBeenCalledWith('Usuario no autenticado')
  })
})
