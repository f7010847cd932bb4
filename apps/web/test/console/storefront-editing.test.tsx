import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTOSAVE_DELAY_MS } from '../../src/features/console-storefront/hooks'
import { loadConsoleTexts } from '../../src/lib/console/console-texts'
import { showLanguage } from '../../src/lib/i18n'
import { resetFakeBackend } from '../support/fake-backend'
import { fakeStorefront, renderStorefront } from '../support/fake-storefront'

// The console's calls build their address from the SDK's endpoint, which the shared fake leaves out.
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

/** Lets the autosave's delay pass, and the save it starts finish. */
const afterAutosave = () => act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 50))

describe('the storefront page', () => {
  it('is in the console’s navigation and shows the published content in Spanish, both languages side by side', async () => {
    fakeStorefront()
    const { user } = renderStorefront()
    expect(await screen.findByRole('heading', { level: 2, name: 'Tienda' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Secciones de la consola' })).toContainElement(
      screen.getByRole('link', { name: 'Tienda', current: 'page' }),
    )
    expect(screen.getByText('Sin borrador: el formulario muestra la versión publicada 1.')).toHaveAttribute(
      'role',
      'status',
    )
    expect(screen.getByRole('textbox', { name: 'Nombre (español)' })).toHaveValue('Projects Gallery')
    expect(screen.getByRole('textbox', { name: 'Lema (inglés)' })).toHaveDisplayValue(
      /^Over 700 artificial intelligence apps/,
    )

    const parts = screen.getByRole('navigation', { name: 'Partes de la tienda' })
    await user.click(within(parts).getByRole('link', { name: 'Oferta y precio' }))
    expect(await screen.findByRole('heading', { level: 3, name: 'Oferta y precio' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Importe' })).toHaveValue('25')
    expect(screen.getByRole('combobox', { name: 'Moneda' })).toHaveValue('USD')
    expect(screen.getByRole('textbox', { name: 'Importe' })).toHaveAccessibleDescription(
      // Intl puts a no-break space between the amount and the currency.
      /^Se mostrará así: 25\sUS\$ en español, \$25 en inglés\.$/,
    )
    // An English text left empty shows, as its placeholder, the Spanish text the English page falls back to.
    const eyebrow = screen.getByRole('group', { name: 'Producto' })
    expect(within(eyebrow).getByRole('textbox', { name: 'Título (español)' })).toHaveAttribute('lang', 'es')
  })

  it('saves an edit to the draft 1.5 s after the last change, over the revision it started from', async () => {
    const server = fakeStorefront()
    const { user } = renderStorefront('/admin/storefront?view=offer')
    const amount = await screen.findByRole('textbox', { name: 'Importe' })
    await user.clear(amount)
    await user.type(amount, '29')
    expect(screen.getByText('Cambios sin guardar.')).toHaveAttribute('aria-live', 'polite')
    expect(server.calls.filter((call) => call.method === 'PUT')).toEqual([])

    await afterAutosave()
    const saves = server.calls.filter((call) => call.method === 'PUT')
    expect(saves).toHaveLength(1)
    expect(saves[0]).toMatchObject({ path: '/draft', ifMatch: '"0"' })
    expect(server.draft?.content.landing.offer.price.amount).toBe('29')
    expect(
      await screen.findByText(/^Borrador guardado \(.+\)\. Aún no está publicado\.$/),
    ).toBeInTheDocument()

    // The next save names the revision the first one made.
    await user.type(
      screen.getByRole('textbox', { name: 'Nota del precio (inglés)' }),
      '{Control>}a{/Control}Once',
    )
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }))
    await waitFor(() => expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(2))
    expect(server.calls.filter((call) => call.method === 'PUT')[1]?.ifMatch).toBe('"1"')
    expect(server.draft?.content.landing.offer.priceNote.en).toBe('Once')
  })

  it('checks the draft as the schema does before sending it, each problem under its field', async () => {
    const server = fakeStorefront()
    const { user } = renderStorefront('/admin/storefront?view=offer')
    const amount = await screen.findByRole('textbox', { name: 'Importe' })
    await user.clear(amount)
    await user.type(amount, '29,5')
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }))

    expect(server.calls.filter((call) => call.method === 'PUT')).toEqual([])
    expect(amount).toHaveAttribute('aria-invalid', 'true')
    expect(amount).toHaveAccessibleDescription(
      expect.stringContaining('Escribe un importe mayor que cero con punto decimal'),
    )
    expect(await screen.findByText('No guardado: hay 1 problema que corregir.')).toBeInTheDocument()
    const summary = screen.getByRole('heading', { name: 'Hay 1 problema que corregir' }).parentElement
    await waitFor(() => expect(summary).toHaveFocus())
  })

  it('shows the server’s problems under their fields and links to them from the summary', async () => {
    const server = fakeStorefront()
    const { user } = renderStorefront('/admin/storefront?view=faq')
    const question = await screen.findByRole('group', { name: 'Pregunta 3' })
    // Past what the form checks for: the server's own reason, in the request's language, under the field.
    server.problems = [{ path: 'faq[2].answer.en', message: 'No puede decir eso.' }]
    const answer = within(question).getByRole('textbox', { name: 'Respuesta (inglés)' })
    await user.type(answer, 'x')
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }))

    expect(await within(question).findByText('No puede decir eso.')).toBeInTheDocument()
    expect(answer).toHaveAttribute('aria-invalid', 'true')
    expect(answer).toHaveAccessibleDescription(expect.stringContaining('No puede decir eso.'))
    const link = screen.getByRole('link', { name: 'Preguntas frecuentes › n.º 3 › Respuesta (inglés)' })
    await user.click(screen.getByRole('link', { name: 'Datos de la tienda' }))
    expect(screen.queryByRole('textbox', { name: 'Respuesta (inglés)' })).not.toBeInTheDocument()
    await user.click(link)
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Pregunta 3' })).getByRole('textbox', {
          name: 'Respuesta (inglés)',
        }),
      ).toHaveFocus(),
    )
  })

  it('saves before going to another console page, and asks before leaving what it cannot save', async () => {
    const server = fakeStorefront()
    const { user, router } = renderStorefront('/admin/storefront?view=offer')
    const note = await screen.findByRole('textbox', { name: 'Nota del precio (español)' })
    await user.type(note, ' y para siempre')
    const unload = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(unload)
    expect(unload.defaultPrevented).toBe(true)

    await user.click(screen.getByRole('link', { name: 'Pedidos' }))
    expect(await screen.findByText('Pedidos', { selector: 'p' })).toBeInTheDocument()
    expect(server.draft?.content.landing.offer.priceNote.es).toBe('Pago único y para siempre')

    await act(() => router.navigate('/admin/storefront?view=offer'))
    const amount = await screen.findByRole('textbox', { name: 'Importe' })
    await user.clear(amount)
    await user.click(screen.getByRole('link', { name: 'Pedidos' }))
    const dialog = await screen.findByRole('dialog', { name: 'Hay cambios sin guardar' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(router.state.location.pathname).toBe('/admin/storefront')
    await user.click(screen.getByRole('link', { name: 'Pedidos' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Salir sin guardar' }),
    )
    expect(await screen.findByText('Pedidos', { selector: 'p' })).toBeInTheDocument()
  })

  it('speaks English in an English console', async () => {
    await showLanguage('en')
    fakeStorefront()
    renderStorefront('/admin/storefront?view=faq')
    expect(await screen.findByRole('heading', { level: 2, name: 'Storefront' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 3, name: 'FAQ' })).toBeInTheDocument()
    expect(screen.getAllByRole('textbox', { name: 'Question (Spanish)' })).toHaveLength(13)
    expect(screen.getByRole('button', { name: 'Move down Question 1' })).toBeInTheDocument()
    expect(screen.getByText('No draft: the form shows published version 1.')).toBeInTheDocument()
  })
})
