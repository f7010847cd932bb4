import { screen, waitFor } from '@testing-library/react'
import { AppwriteException } from 'appwrite'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { account, member, resetFakeBackend, signedIn } from './support/fake-backend'
import { takeConsoleErrors } from './support/console-guard'
import { renderApp } from './support/render-app'

vi.mock('../src/lib/backend', () => import('./support/fake-backend'))

beforeEach(() => {
  resetFakeBackend()
  account.createMagicURLToken.mockResolvedValue({ userId: member.$id, secret: '', phrase: '' })
})

async function askForACode(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Get a link to sign in' }))
  await user.type(screen.getByLabelText('Email address'), member.email)
  await user.click(screen.getByRole('button', { name: 'Send the link and the code' }))
  const sent = await screen.findByText(/^If ada@example.com belongs to an account/)
  // The answer is read out: the focus moves to it.
  expect(sent.closest('[aria-live]')).toHaveFocus()
}

describe('signing in with an emailed link or code (issue 31)', () => {
  it('asks for a link to the store’s own page, then the typed code signs the member in', async () => {
    const { router, user } = renderApp('/login')
    await askForACode(user)
    expect(account.createMagicURLToken).toHaveBeenCalledWith({
      userId: expect.any(String),
      email: member.email,
      url: `${location.origin}/login/link`,
    })
    account.createSession.mockImplementation(async () => signedIn())
    await user.type(screen.getByLabelText('6-digit code'), '123 456')
    await user.click(screen.getByRole('button', { name: 'Sign in with the code' }))
    expect(account.createSession).toHaveBeenCalledWith({ userId: member.$id, secret: '123456' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
  })

  it('a code that is not six digits is not sent; a wrong one is told in words, the password way stays', async () => {
    const { user } = renderApp('/login')
    await askForACode(user)
    const code = screen.getByLabelText('6-digit code')
    await user.type(code, '12')
    await user.click(screen.getByRole('button', { name: 'Sign in with the code' }))
    expect(screen.getByRole('alert')).toHaveTextContent('The code has 6 digits.')
    expect(code).toHaveAttribute('aria-invalid', 'true')
    expect(account.createSession).not.toHaveBeenCalled()

    account.createSession.mockRejectedValue(new AppwriteException('Invalid token', 401, 'user_invalid_token'))
    await user.clear(code)
    await user.type(code, '000000')
    await user.click(screen.getByRole('button', { name: 'Sign in with the code' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not valid or has expired')
    expect(takeConsoleErrors()).toEqual([['Sign-in code error', expect.any(AppwriteException)]])

    await user.click(screen.getByRole('button', { name: 'Sign in with your password' }))
    expect(screen.getByLabelText('Password')).toBeVisible()
  })
})
