import { screen, within } from '@testing-library/react'
import { AppwriteException } from 'appwrite'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { showLanguage } from '../src/lib/i18n'
import { takeConsoleErrors } from './support/console-guard'
import { account, resetFakeBackend } from './support/fake-backend'
import { renderApp } from './support/render-app'

vi.mock('../src/lib/backend', () => import('./support/fake-backend'))

beforeEach(resetFakeBackend)

/** Sign-in refused as the server refuses a blocked member: `user_blocked`, `reason` beside it. */
function blocked(reason?: string) {
  const body = {
    ...(reason ? { reason } : {}),
    message: 'The current user has been blocked.',
    code: 401,
    type: 'user_blocked',
    version: '1.8.0',
  }
  account.createEmailPasswordSession.mockRejectedValue(
    new AppwriteException(body.message, 401, 'user_blocked', JSON.stringify(body)),
  )
}

async function signInRefused(labels = { email: 'Email address', password: 'Password', submit: 'Sign in' }) {
  const { user } = renderApp('/login')
  await user.type(await screen.findByLabelText(labels.email), 'ada@example.com')
  await user.type(screen.getByLabelText(labels.password), 'correct horse battery staple')
  await user.click(screen.getByRole('button', { name: labels.submit }))
  const alert = await screen.findByRole('alert')
  expect(takeConsoleErrors()).toHaveLength(1)
  return alert
}

describe('login page: a blocked member is told why', () => {
  it.each([
    [
      'refunded',
      'Your access has ended because your purchase was refunded.',
      'If you think this is a mistake',
    ],
    ['disputed', 'Your access has ended because the payment of your purchase is disputed.', 'If you think'],
    ['inactive', 'blocked after a year without activity. Reactivating it costs $30 USD.', 'To reactivate it'],
  ])('%s: the reason, and how to reach support', async (reason, why, contact) => {
    blocked(reason)
    const alert = await signInRefused()
    expect(alert).toHaveTextContent(why)
    expect(alert).toHaveTextContent(contact)
    expect(alert).toHaveTextContent('Monday to Friday, 9:00 to 18:00 (GMT-5)')
    expect(alert).not.toHaveTextContent('The current user has been blocked.')
    // The address the server wrote into the page (its default here: no page).
    expect(within(alert).getByRole('link', { name: 'soporte@localhost' })).toHaveAttribute(
      'href',
      'mailto:soporte@localhost',
    )
  })

  it('without a reason, says the account is blocked', async () => {
    blocked()
    const alert = await signInRefused()
    expect(alert).toHaveTextContent('This account is blocked.')
    expect(alert).toHaveTextContent(
      'If you think this is a mistake or need help, write to us at soporte@localhost.',
    )
  })

  it('an unknown reason counts as none', async () => {
    blocked('unpaid-invoice')
    expect(await signInRefused()).toHaveTextContent('This account is blocked.')
  })

  it('in Spanish', async () => {
    await showLanguage('es')
    blocked('refunded')
    const alert = await signInRefused({
      email: 'Correo electrónico',
      password: 'Contraseña',
      submit: 'Iniciar sesión',
    })
    expect(alert).toHaveTextContent('Tu acceso ha terminado porque tu compra se reembolsó.')
    expect(alert).toHaveTextContent('escríbenos a soporte@localhost')
  })
})
