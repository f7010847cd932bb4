import { act, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultStorefrontContent } from '@pg/shared/storefront/default-content'
import { AUTOSAVE_DELAY_MS } from '../../src/features/console-storefront/hooks'
import { loadConsoleTexts } from '../../src/lib/console/console-texts'
import { showLanguage } from '../../src/lib/i18n'
import { resetFakeBackend } from '../support/fake-backend'
import { fakeStorefront, renderStorefront } from '../support/fake-storefront'

vi.mock('../../src/lib/backend', async () => ({
  ...(await import('../support/fake-backend')),
  endpoint: 'http://localhost:3000/v1',
}))

beforeEach(async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  resetFakeBackend()
  await loadConsoleTexts()
  await showLanguage('es')
})
afterEach(() => vi.useRealTimers())

/** Another admin's draft, saved while this page was open: a new price note. */
function theirDraft() {
  const content = defaultStorefrontContent()
  content.landing.offer.priceNote.es = 'Pago único, para siempre'
  return {
    revision: 7,
    baseVersion: 1,
    content,
    updatedAt: '2026-03-15T10:07:00.000+00:00',
    updatedBy: 'ana@tienda.example.com',
  }
}

/** Changes the price to 29 and waits for the autosave, which someone else's draft makes the server refuse. */
async function editDuringTheirs() {
  const server = fakeStorefront()
  server.otherSave = theirDraft()
  const { user } = renderStorefront('/admin/storefront?view=offer')
  const amount = await screen.findByRole('textbox', { name: 'Importe' })
  await user.clear(amount)
  await user.type(amount, '29')
  await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 50))
  const notice = await screen.findByRole('alert', { name: 'Otra persona cambió la tienda mientras editabas' })
  return { server, user, notice }
}

describe('two admins editing the storefront at once', () => {
  it('shows which fields differ and loads theirs, saying the edits made here are lost', async () => {
    const { server, user, notice } = await editDuringTheirs()
    expect(notice).toHaveTextContent('ana@tienda.example.com guardó un borrador')
    expect(notice).toHaveTextContent('Estos 2 campos son distintos en su borrador y en el tuyo:')
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Portada del pack › Oferta › Precio › Importe',
      'Portada del pack › Oferta › Nota del precio (español)',
    ])
    expect(notice).toHaveTextContent('Tus cambios sin publicar se pierden y ves su borrador.')
    expect(screen.getByText('No guardado: otra persona cambió la tienda.')).toBeInTheDocument()
    // Nothing of theirs was overwritten.
    expect(server.draft?.revision).toBe(7)

    await user.click(within(notice).getByRole('button', { name: 'Cargar su versión' }))
    expect(notice).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Importe' })).toHaveValue('25')
    expect(screen.getByRole('textbox', { name: 'Nota del precio (español)' })).toHaveValue(
      'Pago único, para siempre',
    )
    expect(screen.getByText(/^Borrador guardado/)).toHaveFocus()

    // The next edit starts from their revision.
    await user.type(
      screen.getByRole('textbox', { name: 'Nota del precio (inglés)' }),
      '{Control>}a{/Control}Forever',
    )
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 50))
    expect(server.calls.filter((call) => call.method === 'PUT').map((call) => call.ifMatch)).toEqual([
      '"0"',
      '"7"',
    ])
    expect(server.draft?.content.landing.offer.priceNote).toEqual({
      es: 'Pago único, para siempre',
      en: 'Forever',
    })
  })

  it('keeps this draft over theirs only when asked, sending their revision', async () => {
    const { server, user, notice } = await editDuringTheirs()
    await user.click(within(notice).getByRole('button', { name: 'Guardar la mía encima' }))
    expect(await screen.findByText(/^Borrador guardado/)).toBeInTheDocument()
    expect(notice).not.toBeInTheDocument()
    expect(server.calls.filter((call) => call.method === 'PUT').map((call) => call.ifMatch)).toEqual([
      '"0"',
      '"7"',
    ])
    expect(server.draft?.revision).toBe(8)
    expect(server.draft?.content.landing.offer.price.amount).toBe('29')
    expect(server.draft?.content.landing.offer.priceNote.es).toBe('Pago único')
  })

  it('says so when the draft it started from was published meanwhile, and loads the published version', async () => {
    const server = fakeStorefront()
    const draft = theirDraft()
    server.draft = { ...draft, revision: 1 }
    const { user } = renderStorefront('/admin/storefront?view=offer')
    const amount = await screen.findByRole('textbox', { name: 'Importe' })
    // Someone else publishes the draft: version 2, and no draft any more.
    server.versions.unshift({
      version: 2,
      content: draft.content,
      createdAt: '2026-03-15T10:08:00.000+00:00',
      actor: { source: 'console', email: 'ana@tienda.example.com' },
      changed: ['landing.offer.priceNote.es'],
      source: 'publish',
      restoredFrom: null,
    })
    server.draft = null
    await user.clear(amount)
    await user.type(amount, '29')
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 50))
    const notice = await screen.findByRole('alert', {
      name: 'Otra persona cambió la tienda mientras editabas',
    })
    expect(notice).toHaveTextContent('El borrador del que partías ya no existe')
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Portada del pack › Oferta › Precio › Importe'])
    await user.click(within(notice).getByRole('button', { name: 'Cargar la versión publicada' }))
    expect(screen.getByRole('textbox', { name: 'Importe' })).toHaveValue('25')
    expect(screen.getByText('Sin borrador: el formulario muestra la versión publicada 2.')).toHaveFocus()
  })
})
