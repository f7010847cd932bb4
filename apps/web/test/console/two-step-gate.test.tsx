import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { showLanguage } from '../../src/lib/i18n'
import { account, client, resetFakeBackend } from '../support/fake-backend'
import { mfaType, recoveryCodes, user } from '../support/mfa-models'
import { renderApp } from '../support/render-app'

// The console's calls build their address from the SDK's endpoint, which the shared fake leaves out.
vi.mock('../../src/lib/backend', async () => ({
  ...(await import('../support/fake-backend')),
  endpoint: 'http://localhost:3000/v1',
}))

const admin = (mfa: boolean) => user({ labels: ['admin'], mfa })

/** The store's policy for its admins (`GET /v1/store/mfa-policy`); the console's other calls never answer. */
function serve(required: boolean) {
  client.call.mockImplementation((_method: string, url: URL) =>
    url.pathname === '/v1/store/mfa-policy' ? Promise.resolve({ required }) : new Promise(() => {}),
  )
}
/** The paths of the store's own routes the app called. */
const calledPaths = () =>
  client.call.mock.calls.map(([, url]: unknown[]) => (url instanceof URL ? url.pathname : ''))

/** The console pages' calls: neither the policy's nor the members' layout's (the catalogue's state). */
const consoleCalls = () =>
  calledPaths().filter((path) => !['/v1/store/mfa-policy', '/v1/store/catalog'].includes(path))

function open(path: string) {
  window.history.replaceState(null, '', path)
  return renderApp(path)
}

beforeEach(() => {
  resetFakeBackend()
})

describe('the console’s enrolment gate (issue 43, ADMIN_MFA=required)', () => {
  it('shows an admin without a second factor only the enrolment, then opens once it is on', async () => {
    await showLanguage('en')
    account.get.mockResolvedValue(admin(false))
    serve(true)
    const app = open('/admin/orders')
    const heading = await screen.findByRole('heading', {
      name: 'Turn on two-step verification to use the console',
    })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(screen.queryByRole('navigation', { name: 'Console sections' })).toBeNull()
    expect(screen.getByRole('link', { name: /My account → Two-step verification/ })).toHaveAttribute(
      'href',
      '/account#two-step',
    )
    expect(consoleCalls()).toEqual([])

    account.createMFAAuthenticator.mockResolvedValue(mfaType())
    account.updateMFAAuthenticator.mockResolvedValue(admin(false))
    account.createMFARecoveryCodes.mockResolvedValue(recoveryCodes())
    account.updateMFA.mockImplementation(async () => {
      account.get.mockResolvedValue(admin(true))
      return admin(true)
    })
    await app.user.click(screen.getByRole('button', { name: 'Turn on' }))
    await app.user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '123456')
    await app.user.click(screen.getByRole('button', { name: 'Confirm and turn on' }))
    // The codes stay until the admin says they are kept: the console does not open over them.
    await screen.findByRole('list', { name: 'Recovery codes' })
    expect(screen.queryByRole('navigation', { name: 'Console sections' })).toBeNull()

    await app.user.click(screen.getByRole('button', { name: 'I have kept them' }))
    expect(await screen.findByRole('navigation', { name: 'Console sections' })).toBeVisible()
    expect(app.router.state.location.pathname).toBe('/admin/orders')
  })

  it('says it in Spanish', async () => {
    await showLanguage('es')
    account.get.mockResolvedValue(admin(false))
    serve(true)
    open('/admin')
    expect(
      await screen.findByRole('heading', {
        name: 'Activa la verificación en dos pasos para usar la consola',
      }),
    ).toBeVisible()
    expect(screen.getByRole('region', { name: 'Verificación en dos pasos' })).toBeVisible()
    expect(screen.queryByRole('navigation', { name: 'Secciones de la consola' })).toBeNull()
  })

  it('lets an admin without a factor in when the store does not require one', async () => {
    await showLanguage('en')
    account.get.mockResolvedValue(admin(false))
    serve(false)
    open('/admin')
    expect(await screen.findByRole('navigation', { name: 'Console sections' })).toBeVisible()
    expect(screen.queryByRole('heading', { name: /^Turn on two-step verification/ })).toBeNull()
  })

  it('does not ask the policy for an admin whose second factor is on', async () => {
    await showLanguage('en')
    account.get.mockResolvedValue(admin(true))
    serve(true)
    open('/admin')
    expect(await screen.findByRole('navigation', { name: 'Console sections' })).toBeVisible()
    expect(calledPaths()).not.toContain('/v1/store/mfa-policy')
  })
})
