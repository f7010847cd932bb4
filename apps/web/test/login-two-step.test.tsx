import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { showLanguage } from '../src/lib/i18n'
import { takeConsoleErrors } from './support/console-guard'
import { account, member, resetFakeBackend } from './support/fake-backend'
import {
  appwriteError,
  invalidToken,
  mfaChallenge,
  moreFactorsRequired,
  session,
  user as appwriteUser,
} from './support/mfa-models'
import { renderApp } from './support/render-app'

vi.mock('../src/lib/backend', () => import('./support/fake-backend'))

/** A member with two-step verification on: the session made by a password or a link waits for a factor. */
function secondFactorPending() {
  account.get.mockRejectedValue(moreFactorsRequired())
}

beforeEach(() => {
  resetFakeBackend()
  account.createEmailPasswordSession.mockImplementation(async () => {
    secondFactorPending()
    return session(['password'])
  })
  account.createMFAChallenge.mockResolvedValue(mfaChallenge())
  account.updateMFAChallenge.mockImplementation(async () => {
    account.get.mockResolvedValue(appwriteUser({ mfa: true }))
    return session()
  })
  account.deleteSession.mockResolvedValue('')
})

const english = { email: 'Email address', password: 'Password', submit: 'Sign in' }
const spanish = { email: 'Correo electrónico', password: 'Contraseña', submit: 'Iniciar sesión' }

async function signInWithPassword(app: ReturnType<typeof renderApp>, labels = english) {
  await app.user.type(await screen.findByLabelText(labels.email), member.email)
  await app.user.type(screen.getByLabelText(labels.password), 'correct horse battery staple')
  await app.user.click(screen.getByRole('button', { name: labels.submit }))
}

describe('the sign-in’s second step (issue 43)', () => {
  it('asks for the app’s code after the password, then goes where the member was going', async () => {
    const app = renderApp('/login?next=%2Fsearch')
    await signInWithPassword(app)
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toHaveFocus()
    expect(app.router.state.location.pathname).toBe('/login')
    const code = screen.getByRole('textbox', { name: '6-digit code' })
    expect(code).toHaveAttribute('inputmode', 'numeric')
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')

    await app.user.type(code, '123 456')
    await app.user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/search'))
    expect(account.createMFAChallenge).toHaveBeenCalledWith({ factor: 'totp' })
    expect(account.updateMFAChallenge).toHaveBeenCalledWith({ challengeId: 'challenge-1', otp: '123456' })
  })

  it('takes a recovery code instead, in Spanish', async () => {
    await showLanguage('es')
    const app = renderApp('/login')
    await signInWithPassword(app, spanish)
    await screen.findByRole('heading', { name: 'Verificación en dos pasos' })
    await app.user.click(screen.getByRole('button', { name: 'Usar un código de recuperación' }))
    const code = screen.getByRole('textbox', { name: 'Código de recuperación' })
    expect(code).toHaveFocus()
    expect(code).not.toHaveAttribute('inputmode', 'numeric')
    expect(screen.getByText(/^Escribe uno de los códigos de recuperación/)).toBeVisible()

    await app.user.type(code, 'a999999999')
    await app.user.click(screen.getByRole('button', { name: 'Verificar' }))
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/home'))
    expect(account.createMFAChallenge).toHaveBeenCalledWith({ factor: 'recoverycode' })
    expect(account.updateMFAChallenge).toHaveBeenCalledWith({ challengeId: 'challenge-1', otp: 'a999999999' })
  })

  it('says a wrong code and too many tries in Spanish, and Cancelar signs out', async () => {
    await showLanguage('es')
    const app = renderApp('/login')
    await signInWithPassword(app, spanish)
    const code = await screen.findByRole('textbox', { name: 'Código de 6 cifras' })

    account.updateMFAChallenge.mockRejectedValueOnce(invalidToken())
    await app.user.type(code, '000000')
    await app.user.click(screen.getByRole('button', { name: 'Verificar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'El código no es correcto. Escribe el que muestra ahora la app.',
    )
    expect(code).toHaveAttribute('aria-invalid', 'true')

    account.updateMFAChallenge.mockRejectedValueOnce(
      appwriteError('general_rate_limit_exceeded', 429, 'Rate limit exceeded', { retryAfter: '600' }),
    )
    await app.user.click(screen.getByRole('button', { name: 'Verificar' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Demasiados intentos. Vuelve a probar en 10 minutos.',
      ),
    )
    expect(takeConsoleErrors()).toEqual([
      ['Second factor error', expect.anything()],
      ['Second factor error', expect.anything()],
    ])
    expect(app.router.state.location.pathname).toBe('/login')

    await app.user.click(screen.getByRole('button', { name: 'Cancelar' }))
    expect(await screen.findByLabelText('Contraseña')).toBeVisible()
    expect(screen.getByLabelText('Correo electrónico')).toHaveFocus()
    expect(account.deleteSession).toHaveBeenCalledWith({ sessionId: 'current' })
  })

  it('is asked again when a page is opened halfway through signing in', async () => {
    secondFactorPending()
    const app = renderApp('/home')
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'))
    await app.user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '654321')
    await app.user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/home'))
  })

  it('follows an emailed sign-in link too', async () => {
    account.createSession.mockImplementation(async () => {
      secondFactorPending()
      return session(['email'])
    })
    const app = renderApp('/login/link?userId=member-1&secret=link-secret')
    await app.user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '112233')
    await app.user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/home'))
    expect(account.createSession).toHaveBeenCalledWith({ userId: member.$id, secret: 'link-secret' })
  })
})
