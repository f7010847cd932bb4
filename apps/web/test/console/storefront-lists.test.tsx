import { act, screen, within } from '@testing-library/react'
import { Query } from 'appwrite'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultStorefrontContent } from '@pg/shared/storefront/default-content'
import { AUTOSAVE_DELAY_MS } from '../../src/features/console-storefront/hooks'
import { loadConsoleTexts } from '../../src/lib/console/console-texts'
import { showLanguage } from '../../src/lib/i18n'
import { databases, resetFakeBackend } from '../support/fake-backend'
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

const original = defaultStorefrontContent()
/** An item's fieldset, found by its legend (a role query over hundreds of fields is slow in happy-dom). */
function item(name: string): HTMLElement {
  const fieldset = screen.getByText(name, { selector: 'legend' }).parentElement
  if (!fieldset) throw new Error(`no fieldset for ${name}`)
  return fieldset
}

// Each change draws a whole form again (the FAQ's is 13 entries of 7 fields), slow in happy-dom.
describe('the storefront’s lists, by keyboard', { timeout: 20_000 }, () => {
  it('moves, removes and adds a FAQ entry, the focus following the entry', async () => {
    const server = fakeStorefront()
    const { user } = renderStorefront('/admin/storefront?view=faq')
    const list = await screen.findByRole('group', { name: 'Preguntas' })
    const questions = () =>
      within(list)
        .getAllByLabelText('Pregunta (español)')
        .map((input) => (input instanceof HTMLInputElement ? input.value : ''))
    const [firstQuestion, secondQuestion] = original.faq.map((entry) => entry.question.es)

    within(item('Pregunta 1')).getByRole('button', { name: 'Bajar Pregunta 1' }).focus()
    await user.keyboard('{Enter}')
    expect(questions().slice(0, 2)).toEqual([secondQuestion, firstQuestion])
    expect(within(item('Pregunta 2')).getByRole('button', { name: 'Bajar Pregunta 2' })).toHaveFocus()
    expect(within(list).getByText('Pregunta 1 pasa a la posición 2 de 13.')).toHaveAttribute('role', 'status')

    // At the top, "Subir" does nothing, and keeps the focus.
    const up = within(item('Pregunta 1')).getByRole('button', { name: 'Subir Pregunta 1' })
    expect(up).toHaveAttribute('aria-disabled', 'true')
    up.focus()
    await user.keyboard('{Enter}')
    expect(questions()[0]).toBe(secondQuestion)
    expect(up).toHaveFocus()

    within(item('Pregunta 2')).getByRole('button', { name: 'Quitar Pregunta 2' }).focus()
    await user.keyboard('{Enter}')
    expect(questions()).toHaveLength(12)
    expect(questions()).not.toContain(firstQuestion)
    expect(within(item('Pregunta 2')).getByRole('textbox', { name: 'Pregunta (español)' })).toHaveFocus()

    within(list).getByRole('button', { name: 'Añadir pregunta' }).focus()
    await user.keyboard('{Enter}')
    const added = item('Pregunta 13')
    expect(within(added).getByRole('textbox', { name: 'Pregunta (español)' })).toHaveFocus()
    // Pasted: a keystroke each would draw the whole list again, which is slow in happy-dom.
    await user.paste('¿Hay factura?')
    await user.click(within(added).getByRole('textbox', { name: 'Respuesta (español)' }))
    await user.paste('Sí, la recibes por correo.')
    await user.click(within(added).getByRole('textbox', { name: 'Tema (español)' }))
    await user.paste('El pago')
    await user.click(within(added).getByRole('checkbox', { name: 'También en la página del pack' }))

    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 50))
    const faq = server.draft?.content.faq ?? []
    expect(faq.map((entry) => entry.question.es)).toEqual([
      secondQuestion,
      ...original.faq.slice(2).map((entry) => entry.question.es),
      '¿Hay factura?',
    ])
    expect(faq.at(-1)).toEqual({
      question: { es: '¿Hay factura?', en: '' },
      answer: { es: 'Sí, la recibes por correo.', en: '' },
      group: { es: 'El pago', en: '' },
      onLanding: true,
    })
  })

  it('adds a bonus, moves it up and removes another, saying each change', async () => {
    const server = fakeStorefront()
    const { user } = renderStorefront('/admin/storefront?view=offer')
    const list = await screen.findByRole('group', { name: 'Bonos' })
    within(list).getByRole('button', { name: 'Añadir bono' }).focus()
    await user.keyboard('{Enter}')
    expect(within(item('Bono 3')).getByRole('textbox', { name: 'Nombre (español)' })).toHaveFocus()
    await user.paste('Bono 3: plantillas')
    await user.click(within(item('Bono 3')).getByRole('textbox', { name: 'Valor (español)' }))
    await user.paste('Valorado en 40 €')

    within(item('Bono 3')).getByRole('button', { name: 'Subir Bono 3' }).focus()
    await user.keyboard('{Enter}')
    expect(within(item('Bono 2')).getByRole('textbox', { name: 'Nombre (español)' })).toHaveValue(
      'Bono 3: plantillas',
    )
    expect(within(item('Bono 2')).getByRole('button', { name: 'Subir Bono 2' })).toHaveFocus()

    within(item('Bono 1')).getByRole('button', { name: 'Quitar Bono 1' }).focus()
    await user.keyboard('{Enter}')
    expect(within(list).getByText('Se quitó Bono 1.')).toBeInTheDocument()
    expect(within(item('Bono 1')).getByRole('textbox', { name: 'Nombre (español)' })).toHaveFocus()

    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 50))
    expect(server.draft?.content.landing.offer.bonuses.map((bonus) => bonus.name.es)).toEqual([
      'Bono 3: plantillas',
      original.landing.offer.bonuses[1]?.name.es,
    ])
  })

  it('adds a catalogue project to the carousel, found by the catalogue’s own search', async () => {
    const server = fakeStorefront()
    const { user } = renderStorefront('/admin/storefront?view=carousel')
    expect(await screen.findByText('El carrusel muestra 23 apps.')).toBeInTheDocument()
    const picker = screen.getByRole('region', { name: 'Añadir un proyecto del catálogo' })
    await user.type(within(picker).getByRole('searchbox', { name: 'Buscar en el catálogo' }), 'fraude{Enter}')
    await user.click(await within(picker).findByRole('button', { name: 'Añadir Detector de fraudes' }))
    expect(
      within(picker).getByText('Se añadió «Detector de fraudes» al final del carrusel.'),
    ).toBeInTheDocument()
    expect(
      within(picker).getByRole('button', { name: 'Ya está en el carrusel Detector de fraudes' }),
    ).toBeDisabled()
    expect(screen.getByText('El carrusel muestra 24 apps.')).toBeInTheDocument()
    expect(await within(item('App 24')).findByText('Detector de fraudes')).toBeInTheDocument()
    expect(databases.listDocuments).toHaveBeenCalledWith(
      expect.objectContaining({
        collectionId: 'projects',
        queries: expect.arrayContaining([Query.search('$text', 'fraude')]),
      }),
    )

    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 50))
    expect(server.draft?.content.landing.carousel.apps.at(-1)).toEqual({
      source: 'project',
      projectId: 'demo-0007',
    })
  })
})
