import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { NewsEmailState } from '../../src/features/console-settings/api/news-email-api'
import { NewsEmailSection } from '../../src/features/console-settings/components/news-email-section'
import { loadConsoleTexts } from '../../src/lib/console/console-texts'
import { i18n, showLanguage } from '../../src/lib/i18n'
import { client, resetFakeBackend } from '../support/fake-backend'

// The console's calls build their address from the SDK's endpoint, which the shared fake leaves out.
vi.mock('../../src/lib/backend', async () => ({
  ...(await import('../support/fake-backend')),
  endpoint: 'http://localhost:3000/v1',
}))

/** As `GET /v1/store/news-email` answers (apps/server/src/returning/news/news-admin-routes.ts). */
const state: NewsEmailState = {
  enabled: true,
  lastLook: {
    $id: 'week-1',
    since: '2026-03-02T09:00:00.000+00:00',
    until: '2026-03-09T09:00:00.000+00:00',
    projects: 12,
    recipients: 340,
    sent: 338,
  },
  nextLookAt: '2026-03-16T09:00:00.000+00:00',
}

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <NewsEmailSection />
      </I18nextProvider>
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

beforeEach(async () => {
  resetFakeBackend()
  await loadConsoleTexts()
})

describe('the weekly email on the console’s Settings page', () => {
  it('shows the last look and the next, and turns the email off for the store', async () => {
    await showLanguage('es')
    client.call.mockImplementation((method: string) =>
      Promise.resolve(method === 'PUT' ? { ...state, enabled: false } : state),
    )
    const user = renderSection()
    const section = await screen.findByRole('region', { name: 'Correo semanal de novedades' })
    expect(await within(section).findByText('Activado para la tienda')).toBeInTheDocument()
    expect(section).toHaveTextContent('12 proyectos nuevos, 340 destinatarios (338 enviados)')
    expect(section).toHaveTextContent(/Próxima revisión.*2026/)
    await user.click(within(section).getByRole('button', { name: 'Desactivar el correo semanal' }))
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'El correo semanal está desactivado.',
    )
    expect(within(section).getByText('Desactivado para la tienda: no se envía a nadie')).toBeInTheDocument()
    expect(within(section).getByRole('button', { name: 'Activar el correo semanal' })).toBeInTheDocument()
    const [method, url, , params] = client.call.mock.calls.at(-1) ?? []
    expect([method, String(url), params]).toEqual([
      'PUT',
      'http://localhost:3000/v1/store/news-email',
      { enabled: false },
    ])
  })

  it('says when no look has been made yet and the catalogue is empty, in English', async () => {
    await showLanguage('en')
    client.call.mockResolvedValue({ enabled: true, lastLook: null, nextLookAt: null })
    renderSection()
    const section = await screen.findByRole('region', { name: 'Weekly what’s new email' })
    expect(await within(section).findByText('None yet.')).toBeInTheDocument()
    expect(section).toHaveTextContent('Once the catalogue has projects')
    expect(within(section).getByRole('button', { name: 'Turn the weekly email off' })).toBeInTheDocument()
  })
})
