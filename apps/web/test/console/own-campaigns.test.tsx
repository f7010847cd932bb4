import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppwriteException } from 'appwrite'
import { I18nextProvider } from 'react-i18next'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { NoticeProvider } from '../../src/components/console/notice'
import { OwnCampaignsSection } from '../../src/features/console-analytics/components/own-campaigns-section'
import { loadConsoleTexts } from '../../src/lib/console/console-texts'
import { i18n, showLanguage } from '../../src/lib/i18n'
import { client, resetFakeBackend } from '../support/fake-backend'

// The console's calls build their address from the SDK's endpoint, which the shared fake leaves out.
vi.mock('../../src/lib/backend', async () => ({
  ...(await import('../support/fake-backend')),
  endpoint: 'http://localhost:3000/v1',
}))

/** A fake of `/v1/store/analytics/campaigns` (apps/server/src/analytics/own-campaigns-routes.ts). */
function fakeServer() {
  const campaigns = ['black-friday']
  const answer = () => ({ campaigns: [...campaigns], checkoutCampaigns: ['launch'], limit: 50 })
  client.call.mockImplementation(
    (method: string, url: URL, _headers: unknown, params: Record<string, string>) => {
      if (method === 'GET') return Promise.resolve(answer())
      if (method === 'POST') {
        const campaign = params.campaign?.trim() ?? ''
        if (campaigns.includes(campaign) || campaign === 'launch')
          return Promise.reject(
            new AppwriteException(
              `"${campaign}" is already counted by name.`,
              409,
              'document_already_exists',
            ),
          )
        campaigns.push(campaign)
        return Promise.resolve(answer())
      }
      const name = decodeURIComponent(url.pathname.split('/').at(-1) ?? '')
      campaigns.splice(campaigns.indexOf(name), 1)
      return Promise.resolve(answer())
    },
  )
  return campaigns
}

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <NoticeProvider>
          <OwnCampaignsSection />
        </NoticeProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

beforeEach(async () => {
  resetFakeBackend()
  await loadConsoleTexts()
})

describe('the owner’s own campaigns on the Analytics page', () => {
  it('lists the buy link’s and the owner’s, adds one with the keyboard and removes one after confirming, in Spanish', async () => {
    await showLanguage('es')
    const campaigns = fakeServer()
    const user = renderSection()
    const section = await screen.findByRole('region', { name: 'Campañas propias' })
    const named = await within(section).findByRole('list', { name: 'Tus campañas: 1 de 50' })
    expect(within(named).getByText('black-friday')).toBeInTheDocument()
    const checkout = within(section).getByRole('list', { name: 'En el enlace de compra (CHECKOUT_URL)' })
    expect(within(checkout).getByText('launch')).toBeInTheDocument()

    // An empty name is refused where it is typed, before any request.
    await user.click(within(section).getByRole('button', { name: 'Añadir campaña' }))
    const field = within(section).getByRole('textbox', { name: 'Campaña' })
    expect(field).toHaveAccessibleDescription(/Escribe el nombre de la campaña/)
    expect(client.call).not.toHaveBeenCalledWith(
      'POST',
      expect.anything(),
      expect.anything(),
      expect.anything(),
    )

    await user.type(field, 'spring sale{Enter}')
    expect(await screen.findByText('Campaña añadida: «spring sale».')).toBeInTheDocument()
    expect(await within(section).findByRole('list', { name: 'Tus campañas: 2 de 50' })).toBeInTheDocument()
    expect(field).toHaveValue('')

    await user.click(within(section).getByRole('button', { name: 'Quitar la campaña «black-friday»' }))
    const dialog = await screen.findByRole('dialog', { name: '¿Quitar esta campaña?' })
    await user.click(within(dialog).getByRole('button', { name: 'Quitar' }))
    expect(await screen.findByText('Campaña quitada: «black-friday».')).toBeInTheDocument()
    expect(campaigns).toEqual(['spring sale'])
    expect(client.call).toHaveBeenCalledWith(
      'DELETE',
      new URL('http://localhost:3000/v1/store/analytics/campaigns/black-friday'),
      {},
      {},
    )
  })

  it('shows the server’s refusal where the name is typed, in English', async () => {
    await showLanguage('en')
    fakeServer()
    const user = renderSection()
    const section = await screen.findByRole('region', { name: 'Your campaigns' })
    await user.type(within(section).getByRole('textbox', { name: 'Campaign' }), 'launch')
    await user.click(within(section).getByRole('button', { name: 'Add campaign' }))
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      '"launch" is already counted by name.',
    )
  })
})
