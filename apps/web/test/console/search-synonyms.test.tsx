import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppwriteException } from 'appwrite'
import { I18nextProvider } from 'react-i18next'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { NoticeProvider } from '../../src/components/console/notice'
import type { SearchSynonym } from '../../src/features/console-search-synonyms/api/search-synonyms-api'
import { SearchSynonymsPanel } from '../../src/features/console-search-synonyms/components/search-synonyms-panel'
import { loadConsoleTexts } from '../../src/lib/console/console-texts'
import { i18n, showLanguage } from '../../src/lib/i18n'
import { client, resetFakeBackend } from '../support/fake-backend'

// The console's calls build their address from the SDK's endpoint, which the shared fake leaves out.
vi.mock('../../src/lib/backend', async () => ({
  ...(await import('../support/fake-backend')),
  endpoint: 'http://localhost:3000/v1',
}))

/** A fake of `/v1/store/search-synonyms` (apps/server/src/catalogue/search/synonyms/synonym-admin-routes.ts). */
function fakeServer() {
  const synonyms: SearchSynonym[] = [
    {
      $id: 's1',
      $createdAt: '2026-03-02T09:00:00.000+00:00',
      oneSide: 'ia',
      otherSide: 'inteligencia artificial',
    },
  ]
  client.call.mockImplementation(
    (method: string, url: URL, _headers: unknown, params: Record<string, string>) => {
      const path = url.pathname
      if (method === 'GET' && path.endsWith('/preview'))
        return Promise.resolve({
          q: params.q,
          withSynonyms: ['Asistente con IA', 'Guía de inteligencia artificial'],
          withoutSynonyms: ['Asistente con IA'],
        })
      if (method === 'GET') return Promise.resolve({ total: synonyms.length, limit: 500, synonyms })
      if (method === 'POST') {
        if (params.oneSide === 'bot' && params.otherSide === 'bot')
          return Promise.reject(
            new AppwriteException(
              'The two sides of a synonym must differ once folded.',
              400,
              'general_argument_invalid',
            ),
          )
        const added = {
          $id: `s${synonyms.length + 1}`,
          $createdAt: '2026-03-03T09:00:00.000+00:00',
          oneSide: params.oneSide?.toLowerCase() ?? '',
          otherSide: params.otherSide?.toLowerCase() ?? '',
        }
        synonyms.push(added)
        return Promise.resolve(added)
      }
      const id = path.split('/').at(-1)
      synonyms.splice(
        synonyms.findIndex((synonym) => synonym.$id === id),
        1,
      )
      return Promise.resolve('')
    },
  )
  return synonyms
}

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <NoticeProvider>
          <SearchSynonymsPanel />
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

describe('the search synonyms in the console’s catalogue', () => {
  it('lists, adds with the keyboard, removes after confirming, in Spanish', async () => {
    await showLanguage('es')
    const synonyms = fakeServer()
    const user = renderPanel()
    const section = await screen.findByRole('region', { name: 'Sinónimos de búsqueda' })
    const table = await within(section).findByRole('table', { name: 'Sinónimos de búsqueda: 1 de 500' })
    expect(within(table).getByRole('rowheader', { name: 'ia' })).toBeInTheDocument()

    // Both fields are required, and each says so where it is.
    await user.click(within(section).getByRole('button', { name: 'Añadir sinónimo' }))
    expect(within(section).getByRole('textbox', { name: 'Un lado' })).toHaveAccessibleDescription(
      /Escribe al menos una palabra/,
    )
    await user.type(within(section).getByRole('textbox', { name: 'Un lado' }), 'Bot')
    await user.type(within(section).getByRole('textbox', { name: 'El otro lado' }), 'Chatbot{Enter}')
    expect(await screen.findByText('Sinónimo añadido: «bot» ↔ «chatbot».')).toBeInTheDocument()
    expect(
      await within(section).findByRole('table', { name: 'Sinónimos de búsqueda: 2 de 500' }),
    ).toBeInTheDocument()
    expect(within(section).getByRole('textbox', { name: 'Un lado' })).toHaveValue('')

    await user.click(
      within(section).getByRole('button', { name: 'Quitar el sinónimo «ia» ↔ «inteligencia artificial»' }),
    )
    const dialog = await screen.findByRole('dialog', { name: '¿Quitar este sinónimo?' })
    expect(dialog).toHaveTextContent('Las búsquedas de «ia» dejarán de encontrar «inteligencia artificial»')
    await user.click(within(dialog).getByRole('button', { name: 'Quitar' }))
    expect(await screen.findByText('Sinónimo quitado: «ia» ↔ «inteligencia artificial».')).toBeInTheDocument()
    expect(synonyms.map((synonym) => synonym.oneSide)).toEqual(['bot'])
    expect(client.call).toHaveBeenCalledWith(
      'DELETE',
      new URL('http://localhost:3000/v1/store/search-synonyms/s1'),
      {},
      {},
    )
  })

  it('shows the server’s refusal and what a query finds with and without the synonyms, in English', async () => {
    await showLanguage('en')
    fakeServer()
    const user = renderPanel()
    const section = await screen.findByRole('region', { name: 'Search synonyms' })
    await user.type(within(section).getByRole('textbox', { name: 'One side' }), 'bot')
    await user.type(within(section).getByRole('textbox', { name: 'Other side' }), 'bot')
    await user.click(within(section).getByRole('button', { name: 'Add synonym' }))
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'The two sides of a synonym must differ',
    )

    const preview = within(section).getByRole('region', { name: 'Try a search' })
    await user.type(within(preview).getByRole('searchbox', { name: 'Search' }), 'ia{Enter}')
    expect(await within(preview).findByText('The first titles “ia” finds')).toBeInTheDocument()
    const lists = within(preview).getAllByRole('list')
    expect(
      lists.map((list) =>
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ),
    ).toEqual([['Asistente con IA', 'Guía de inteligencia artificial'], ['Asistente con IA']])
  })
})
