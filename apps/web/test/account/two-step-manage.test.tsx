import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { TwoStepSection } from '../../src/features/account/components/two-step-section'
import { i18n, showLanguage } from '../../src/lib/i18n'
import { takeConsoleErrors } from '../support/console-guard'
import { account, resetFakeBackend, signedIn } from '../support/fake-backend'
import { invalidToken, mfaChallenge, mfaFactors, recoveryCodes, session, user } from '../support/mfa-models'

vi.mock('../../src/lib/backend', () => import('../support/fake-backend'))

function renderSection(mfaOn: boolean) {
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
  account.listMFAFactors.mockResolvedValue(mfaFactors({ totp: true, recoveryCode: true }))
  account.createMFAChallenge.mockResolvedValue(mfaChallenge())
  account.updateMFAChallenge.mockResolvedValue(session())
  account.updateMFA.mockResolvedValue(user({ mfa: false }))
  // The authenticator gone, no factor is left.
  account.deleteMFAAuthenticator.mockImplementation(async () => {
    account.listMFAFactors.mockResolvedValue(mfaFactors())
    return ''
  })
  account.updateMFARecoveryCodes.mockResolvedValue(recoveryCodes('b'))
})

describe('two-step verification when on (issue 43)', () => {
  it('is turned off only after a current code, which a wrong one does not do', async () => {
    await showLanguage('es')
    const user = renderSection(true)
    expect(await screen.findByText(/^Activada/)).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Desactivar' }))
    expect(screen.getByRole('heading', { name: 'Desactivar la verificación en dos pasos' })).toBeVisible()
    const code = screen.getByRole('textbox', { name: 'Código de 6 cifras' })
    expect(code).toHaveFocus()

    account.updateMFAChallenge.mockRejectedValueOnce(invalidToken())
    await user.type(code, '111111')
    await user.click(screen.getByRole('button', { name: 'Desactivar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/^El código no es correcto/)
    expect(account.updateMFA).not.toHaveBeenCalled()
    expect(takeConsoleErrors()).toEqual([['Two-step verification error', expect.anything()]])

    await user.clear(code)
    await user.type(code, '222222')
    await user.click(screen.getByRole('button', { name: 'Desactivar' }))
    expect(await screen.findByText('La verificación en dos pasos está desactivada.')).toBeVisible()
    expect(account.createMFAChallenge).toHaveBeenLastCalledWith({ factor: 'totp' })
    expect(account.updateMFAChallenge).toHaveBeenLastCalledWith({ challengeId: 'challenge-1', otp: '222222' })
    expect(account.updateMFA).toHaveBeenCalledWith({ mfa: false })
    expect(account.deleteMFAAuthenticator).toHaveBeenCalledWith({ type: 'totp' })
    expect(screen.getByRole('button', { name: 'Activar' })).toBeVisible()
  })

  it('makes new recovery codes after a current code, in English', async () => {
    await showLanguage('en')
    const user = renderSection(true)
    await user.click(await screen.findByRole('button', { name: 'Generate new codes' }))
    await user.type(screen.getByRole('textbox', { name: '6-digit code' }), '333333')
    await user.click(screen.getByRole('button', { name: 'Generate new codes' }))
    const list = await screen.findByRole('list', { name: 'Recovery codes' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(10)
    expect(list).toHaveTextContent(recoveryCodes('b').recoveryCodes[0] ?? '')
    expect(screen.getByRole('heading', { name: 'Your new recovery codes' })).toHaveFocus()
    expect(screen.getByText(/The previous codes no longer work\.$/)).toBeVisible()
    expect(account.createMFAChallenge).toHaveBeenCalledWith({ factor: 'totp' })
    expect(account.updateMFA).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'I have kept them' }))
    expect(screen.getByText(/^On:/)).toHaveFocus()
  })

  it('finishes an enrolment cut short after the app was linked', async () => {
    await showLanguage('en')
    account.listMFAFactors.mockResolvedValue(mfaFactors({ totp: true }))
    account.createMFARecoveryCodes.mockResolvedValue(recoveryCodes())
    const user = renderSection(false)
    expect(await screen.findByText(/^Your authenticator app is linked/)).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Finish turning it on' }))
    await user.type(screen.getByRole('textbox', { name: '6-digit code' }), '444444')
    await user.click(screen.getByRole('button', { name: 'Turn on' }))
    await screen.findByRole('list', { name: 'Recovery codes' })
    expect(account.createMFARecoveryCodes).toHaveBeenCalled()
    expect(account.updateMFA).toHaveBeenCalledWith({ mfa: true })
  })
})
