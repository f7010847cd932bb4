import { screen, waitFor } from '@testing-library/react'
import { AppwriteException } from 'appwrite'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { account, member, resetFakeBackend, signedIn } from './support/fake-backend'
import { takeConsoleErrors } from './support/console-guard'
import { renderApp } from './support/render-app'
import { showLanguage } from '../src/lib/i18n'

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

describe('the store’s email limits, said with the wait (issue 40)', () => {
  const limited = (retryAfter: string) => {
    const body = {
      retryAfter,
      message: 'Too many',
      code: 429,
      type: 'general_rate_limit_exceeded',
      version: '1.8.0',
    }
    return new AppwriteException('Too many', 429, 'general_rate_limit_exceeded', JSON.stringify(body))
  }

  it('asking for a sign-in email once too often says how many minutes to wait, in Spanish', async () => {
    await showLanguage('es')
    account.createMagicURLToken.mockRejectedValue(limited('1740'))
    const { user } = renderApp('/login')
    await user.click(await screen.findByRole('button', { name: 'Recibir un enlace para entrar' }))
    await user.type(screen.getByLabelText('Correo electrónico'), member.email)
    await user.click(screen.getByRole('button', { name: 'Enviar el enlace y el código' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ya se pidieron varios correos para esta dirección o desde tu conexión. Revisa tu bandeja de entrada y la carpeta de spam, o vuelve a intentarlo en 29 minutos.',
    )
    expect(takeConsoleErrors()).toEqual([['Sign-in email request error', expect.any(AppwriteException)]])
  })

  it('asking for a password link once too often says it too, in English', async () => {
    account.createRecovery.mockRejectedValue(limited('30'))
    const { user } = renderApp('/forgot-password')
    await user.type(await screen.findByLabelText('Email address'), member.email)
    await user.click(screen.getByRole('button', { name: /link/i }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /or from your connection\..* try again in 1 minute\.$/,
    )
    expect(takeConsoleErrors()).toHaveLength(1)
  })
})
