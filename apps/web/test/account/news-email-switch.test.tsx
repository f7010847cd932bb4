import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { EmailPreferences } from '../../src/features/account/components/email-preferences'
import { i18n, showLanguage } from '../../src/lib/i18n'
import { account, member, resetFakeBackend, signedIn } from '../support/fake-backend'

vi.mock('../../src/lib/backend', () => import('../support/fake-backend'))

function renderPreferences() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <EmailPreferences />
      </I18nextProvider>
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

beforeEach(() => {
  resetFakeBackend()
  signedIn()
})

describe('the weekly what’s new email in “My account” (issue 32)', () => {
  it('is on by default and, turned off, is saved over the favourites and the email language', async () => {
    await showLanguage('es')
    const prefs = { favoriteProjects: ['p1', 'p2'], emailLanguage: 'en' }
    account.getPrefs.mockResolvedValue(prefs)
    const user = renderPreferences()
    await screen.findByRole('switch', { name: 'Recibir las novedades semanales por email' })
    await waitFor(() => expect(screen.getByRole('switch')).toBeChecked())
    await user.click(screen.getByRole('switch'))
    expect(screen.getByRole('switch')).not.toBeChecked()
    expect(screen.getByRole('switch')).toHaveAccessibleDescription(/^Una vez por semana/)
    await user.click(screen.getByRole('button', { name: 'Guardar las preferencias' }))
    await screen.findByText('Hemos guardado tus preferencias.')
    expect(account.updatePrefs).toHaveBeenCalledWith({ prefs: { ...prefs, newsEmail: false } })
  })

  it('starts off when the prefs say so, and is turned back on in English', async () => {
    await showLanguage('en')
    account.getPrefs.mockResolvedValue({ newsEmail: false, favoriteProjects: ['p1'] })
    account.updatePrefs.mockImplementation(({ prefs }: { prefs: object }) =>
      Promise.resolve({ ...member, prefs }),
    )
    const user = renderPreferences()
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Get the weekly what’s new email' })).not.toBeChecked(),
    )
    await user.click(screen.getByRole('switch'))
    await user.click(screen.getByRole('button', { name: 'Save the preferences' }))
    await screen.findByText('Your preferences are saved.')
    expect(account.updatePrefs).toHaveBeenCalledWith({
      prefs: { newsEmail: true, favoriteProjects: ['p1'], emailLanguage: 'en' },
    })
  })
})
