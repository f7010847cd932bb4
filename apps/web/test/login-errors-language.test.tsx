import { screen } from '@testing-library/react'
import { AppwriteException } from 'appwrite'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { showLanguage } from '../src/lib/i18n'
import { takeConsoleErrors } from './support/console-guard'
import { account, resetFakeBackend } from './support/fake-backend'
import { renderApp } from './support/render-app'

vi.mock('../src/lib/backend', () => import('./support/fake-backend'))

beforeEach(resetFakeBackend)

/** Sign-in refused with the body the server sends (Appwrite's four fields, and any beside them). */
function refused(type: string, message: string, code: number, extra: Record<string, string> = {}) {
  const body = { ...extra, message, code, type, version: '1.8.0' }
  account.createEmailPasswordSession.mockRejectedValue(
    new AppwriteException(message, code, type, JSON.stringify(body)),
  )
}

const spanish = { email: 'Correo electrónico', password: 'Contraseña', submit: 'Iniciar sesión' }
const english = { email: 'Email address', password: 'Password', submit: 'Sign in' }

async function signInRefused(labels: typeof english) {
  const { user } = renderApp('/login')
  await user.type(await screen.findByLabelText(labels.email), 'ada@example.com')
  await user.type(screen.getByLabelText(labels.password), 'correct horse battery staple')
  await user.click(screen.getByRole('button', { name: labels.submit }))
  const alert = await screen.findByRole('alert')
  expect(takeConsoleErrors()).toHaveLength(1)
  return alert
}

describe('login page: what the member reads is in their language (issue 15)', () => {
  it('a wrong password, in Spanish, whatever language the server wrote', async () => {
    await showLanguage('es')
    refused('user_invalid_credentials', 'Invalid credentials. Please check the email and password.', 401)
    const alert = await signInRefused(spanish)
    expect(alert).toHaveTextContent('Credenciales no válidas. Revisa el correo y la contraseña.')
    expect(alert).not.toHaveTextContent('Invalid')
  })

  it('too many attempts, with the minutes to wait the server gave', async () => {
    await showLanguage('es')
    refused('general_rate_limit_exceeded', 'Rate limit for the current endpoint has been exceeded.', 429, {
      retryAfter: '840',
    })
    expect(await signInRefused(spanish)).toHaveTextContent(
      'Demasiados intentos. Vuelve a intentarlo en 14 minutos.',
    )
  })

  it('too many attempts without a time, in English', async () => {
    refused('general_rate_limit_exceeded', 'Rate limit for the current endpoint has been exceeded.', 429)
    expect(await signInRefused(english)).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again.',
    )
  })

  it('an error the app has no words for: the server’s message', async () => {
    refused('general_unknown', 'Server Error', 500)
    expect(await signInRefused(english)).toHaveTextContent('Server Error')
  })
})
