import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { TwoStepSection } from '../../src/features/account/components/two-step-section'
import { i18n, showLanguage } from '../../src/lib/i18n'
import { takeConsoleErrors } from '../support/console-guard'
import { account, resetFakeBackend, signedIn } from '../support/fake-backend'
import { appwriteError, invalidToken, mfaType, recoveryCodes, user } from '../support/mfa-models'

vi.mock('../../src/lib/backend', () => import('../support/fake-backend'))

function renderSection(mfaOn = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <TwoStepSection mfaOn={mfaOn} />
      </I18nextProvider>
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

beforeEach(() => {
  resetFakeBackend()
  signedIn()
  account.createMFAAuthenticator.mockResolvedValue(mfaType())
  account.updateMFAAuthenticator.mockResolvedValue(user())
  account.createMFARecoveryCodes.mockResolvedValue(recoveryCodes())
  account.updateMFA.mockResolvedValue(user({ mfa: true }))
})

describe('turning two-step verification on in “Mi cuenta” (issue 43)', () => {
  it('shows the QR code drawn in the page and the secret in groups of four, then a code turns it on', async () => {
    await showLanguage('es')
    const user = renderSection()
    expect(await screen.findByText('Desactivada.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Activar' }))
    expect(account.createMFAAuthenticator).toHaveBeenCalledWith({ type: 'totp' })

    const step = await screen.findByRole('heading', { name: '1. Añade tu cuenta a la app de autenticación' })
    expect(step).toHaveFocus()
    const qr = screen.getByRole('img', { name: /^Código QR para tu app de autenticación/ })
    expect(qr.querySelector('svg path')).toHaveAttribute('d', expect.stringMatching(/^M/))
    // Nothing is fetched for it: no image address, no other site.
    expect(qr.querySelector('img, image, [href]')).toBeNull()
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Copiar la clave' }))
    expect(await navigator.clipboard.readText()).toBe(mfaType().secret)
    expect(screen.getByText('Clave copiada.')).toBeVisible()

    const code = screen.getByRole('textbox', { name: 'Código de 6 cifras' })
    expect(code).toHaveAttribute('inputmode', 'numeric')
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    await user.type(code, '123 456')
    await user.click(screen.getByRole('button', { name: 'Confirmar y activar' }))

    const codes = await screen.findByRole('list', { name: 'Códigos de recuperación' })
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes().recoveryCodes)
    expect(screen.getByRole('heading', { name: '3. Guarda tus códigos de recuperación' })).toHaveFocus()
    expect(screen.getByText(/^Solo se muestran esta vez/)).toBeVisible()
    expect(account.updateMFAAuthenticator).toHaveBeenCalledWith({ type: 'totp', otp: '123456' })
    const order = (call: { mock: { invocationCallOrder: number[] } }) => call.mock.invocationCallOrder[0] ?? 0
    expect(order(account.updateMFAAuthenticator)).toBeLessThan(order(account.createMFARecoveryCodes))
    expect(order(account.createMFARecoveryCodes)).toBeLessThan(order(account.updateMFA))
    expect(account.updateMFA).toHaveBeenCalledWith({ mfa: true })

    await user.click(screen.getByRole('button', { name: 'Ya los he guardado' }))
    expect(screen.queryByRole('list', { name: 'Códigos de recuperación' })).toBeNull()
    expect(screen.getByText(/^Activada/)).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Desactivar' })).toBeVisible()
  })

  it('says a wrong code and too many tries in English, and keeps the step', async () => {
    await showLanguage('en')
    account.updateMFAAuthenticator.mockRejectedValueOnce(invalidToken())
    const user = renderSection()
    await user.click(await screen.findByRole('button', { name: 'Turn on' }))
    const code = await screen.findByRole('textbox', { name: '6-digit code' })

    await user.type(code, '12')
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }))
    expect(screen.getByRole('alert')).toHaveTextContent('The code has 6 digits.')
    expect(account.updateMFAAuthenticator).not.toHaveBeenCalled()

    await user.clear(code)
    await user.type(code, '000000')
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/^That code is not right/)
    expect(code).toHaveAttribute('aria-invalid', 'true')
    expect(code).toHaveFocus()
    expect(account.updateMFA).not.toHaveBeenCalled()

    account.updateMFAAuthenticator.mockRejectedValueOnce(
      appwriteError('general_rate_limit_exceeded', 429, 'Rate limit exceeded', { retryAfter: '90' }),
    )
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Try again in 2 minutes.'),
    )
    expect(takeConsoleErrors()).toHaveLength(2)
    expect(screen.getByRole('img', { name: /^QR code for your authenticator app/ })).toBeVisible()
  })
})

describe('the recovery codes, shown once (issue 43)', () => {
  it('are copied, and downloaded as a text file made in the page', async () => {
    await showLanguage('en')
    const made = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:recovery-codes')
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this)
    })
    const user = renderSection()
    await user.click(await screen.findByRole('button', { name: 'Turn on' }))
    await user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '123456')
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }))
    await screen.findByRole('heading', { name: '3. Keep your recovery codes' })
    expect(screen.getByText(/^They are shown only this once/)).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Copy' }))
    expect(await navigator.clipboard.readText()).toBe(recoveryCodes().recoveryCodes.join('\n'))
    expect(screen.getByText('Codes copied.').closest('[aria-live="polite"]')).not.toBeNull()

    await user.click(screen.getByRole('button', { name: 'Download' }))
    expect(clicked).toHaveLength(1)
    expect(clicked[0]).toHaveAttribute('href', 'blob:recovery-codes')
    expect(clicked[0]).toHaveAttribute('download', 'recovery-codes.txt')
    const file = made.mock.calls[0]?.[0]
    expect(file).toBeInstanceOf(Blob)
    const text = await (file as Blob).text()
    expect(text.split('\n')).toEqual([
      'Two-step verification recovery codes',
      'Each code signs you in once.',
      '',
      ...recoveryCodes().recoveryCodes,
      '',
    ])
    vi.mocked(URL.createObjectURL).mockRestore()
    vi.mocked(HTMLAnchorElement.prototype.click).mockRestore()
  })
})
