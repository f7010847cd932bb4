import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { loadConsoleTexts } from '../../src/lib/console/console-texts'
import { showLanguage } from '../../src/lib/i18n'
import { resetFakeBackend } from '../support/fake-backend'
import { fakeStorefront, renderStorefront } from '../support/fake-storefront'

vi.mock('../../src/lib/backend', async () => ({
  ...(await import('../support/fake-backend')),
  endpoint: 'http://localhost:3000/v1',
}))

beforeEach(async () => {
  resetFakeBackend()
  await loadConsoleTexts()
  await showLanguage('es')
})

/** The price changed to 29 and published from the offer's form. */
async function publishPrice29() {
  const server = fakeStorefront()
  const page = renderStorefront('/admin/storefront?view=offer')
  const { user } = page
  const amount = await screen.findByRole('textbox', { name: 'Importe' })
  await user.clear(amount)
  await user.type(amount, '29')
  // Publishing saves the draft first (no need to wait for the autosave).
  await user.click(screen.getByRole('button', { name: 'Publicar' }))
  const dialog = await screen.findByRole('dialog', { name: '¿Publicar la tienda?' })
  expect(dialog).toHaveTextContent('Los visitantes verán al momento la versión 2, con 1 campo cambiado:')
  expect(within(dialog).getByRole('listitem')).toHaveTextContent(
    'Portada del pack › Oferta › Precio › Importe',
  )
  await user.click(within(dialog).getByRole('button', { name: 'Publicar ahora' }))
  return { server, ...page }
}

describe('publishing the storefront', () => {
  it('saves, confirms, publishes the saved revision and says which version it made and what changed', async () => {
    const { server } = await publishPrice29()
    const notice = await screen.findByRole('region', { name: 'Publicado: versión 2' })
    await waitFor(() => expect(notice).toHaveFocus())
    expect(notice).toHaveTextContent('Cambió 1 campo:Portada del pack › Oferta › Precio › Importe')
    const publish = server.calls.find((call) => call.method === 'POST' && call.path === '/publish')
    expect(publish?.ifMatch).toBe('"1"')
    expect(server.versions[0]?.content.landing.offer.price.amount).toBe('29')
    expect(
      await screen.findByText('Sin borrador: el formulario muestra la versión publicada 2.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Importe' })).toHaveValue('29')
  })

  it('lists the versions and restores one after confirming, as a new version', async () => {
    const { server, user } = await publishPrice29()
    await screen.findByRole('heading', { name: 'Publicado: versión 2' })
    await user.click(screen.getByRole('link', { name: 'Historial' }))
    const table = await screen.findByRole('table', { name: 'Versiones de la tienda: 2 versiones' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      [
        'v2',
        expect.any(String),
        'olga@tienda.example.com',
        'Portada del pack › Oferta › Precio › Importe',
        'Publicada',
        'Publicada ahora',
      ],
      ['v1', expect.any(String), 'La tienda', 'Sin cambios', 'Original', 'Restaurar v1'],
    ])

    await user.click(within(table).getByRole('button', { name: 'Restaurar v1' }))
    const dialog = await screen.findByRole('dialog', { name: '¿Restaurar la versión 1?' })
    expect(dialog).toHaveTextContent('Su contenido se publicará como versión 3')
    await user.click(within(dialog).getByRole('button', { name: 'Restaurar' }))
    expect(await screen.findByText('Versión 1 restaurada: publicada como versión 3.')).toBeInTheDocument()
    const after = await screen.findByRole('table', { name: 'Versiones de la tienda: 3 versiones' })
    expect(within(after).getAllByRole('row')[1]).toHaveTextContent('Restaurada de la v1')
    expect(server.calls.some((call) => call.method === 'POST' && call.path === '/versions/1/restore')).toBe(
      true,
    )

    await user.click(screen.getByRole('link', { name: 'Oferta y precio' }))
    expect(await screen.findByRole('textbox', { name: 'Importe' })).toHaveValue('25')
  })
})

describe('the preview', () => {
  it('draws the saved draft in a frame that runs nothing, at phone or desktop width, in either language', async () => {
    const server = fakeStorefront()
    const { user } = renderStorefront('/admin/storefront?view=offer')
    const amount = await screen.findByRole('textbox', { name: 'Importe' })
    await user.clear(amount)
    await user.type(amount, '29')
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }))
    await screen.findByText(/^Borrador guardado/)

    await user.click(screen.getByRole('link', { name: 'Vista previa' }))
    const frame = await screen.findByTitle('Vista previa: Portada del pack · Español · 390 px')
    expect(frame.tagName).toBe('IFRAME')
    expect(frame).toHaveAttribute('sandbox', '')
    expect(frame).toHaveAttribute('width', '390')
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toContain('29 USD'))
    expect(server.calls.filter((call) => call.path === '/preview').at(-1)?.params).toEqual({
      page: '/landing-pack-apps',
      lang: 'es',
    })

    await user.click(screen.getByRole('button', { name: 'Escritorio (1280 px)' }))
    expect(screen.getByRole('button', { name: 'Escritorio (1280 px)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(screen.getByTitle('Vista previa: Portada del pack · Español · 1280 px')).toHaveAttribute(
      'width',
      '1280',
    )

    await user.selectOptions(screen.getByRole('combobox', { name: 'Idioma' }), 'en')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Página' }), '/faq')
    await waitFor(() =>
      expect(server.calls.filter((call) => call.path === '/preview').at(-1)?.params).toEqual({
        page: '/faq',
        lang: 'en',
      }),
    )
    expect(await screen.findByTitle('Vista previa: Preguntas frecuentes · Inglés · 1280 px')).toHaveAttribute(
      'srcdoc',
      expect.stringContaining('<h1>/faq</h1>'),
    )
  })
})
