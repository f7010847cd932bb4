import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { showLanguage } from '../../src/lib/i18n'
import { databases, resetFakeBackend, signedIn } from '../support/fake-backend'
import { reconnectLive, resetFakeRealtime, sendLive } from '../support/fake-realtime'
import { renderApp } from '../support/render-app'

vi.mock('../../src/lib/backend', () => import('../support/fake-backend'))
vi.mock('../../src/lib/realtime', () => import('../support/fake-realtime'))

const PROJECTS = 'databases.gallery.collections.projects.documents'
const project = (id: string, title: string, createdAt: string, category = 'cat-1') => ({
  $id: id,
  $createdAt: createdAt,
  title,
  subtitle: '',
  category: { $id: category, name: category },
})

/** The catalogue as the server holds it now; the gallery lists it in catalogue order. */
let catalogue: ReturnType<typeof project>[] = []
const queryShape = z.object({
  method: z.string(),
  attribute: z.optional(z.string()),
  values: z.array(z.unknown()),
})
const request = z.object({ collectionId: z.string(), queries: z.array(z.string()) })

beforeEach(() => {
  resetFakeBackend()
  resetFakeRealtime()
  signedIn()
  catalogue = [
    project('p-1', 'Asistente Virtual', '2025-01-01T00:00:00.000Z'),
    project('p-2', 'Traductor de voz', '2025-01-02T00:00:00.000Z', 'cat-2'),
  ]
  // A small stand-in for the server's filters: `$id`, `category` and `$createdAt`.
  databases.listDocuments.mockImplementation((call: unknown) => {
    const { collectionId, queries } = request.parse(call)
    if (collectionId !== 'projects') return Promise.resolve({ total: 0, documents: [] })
    const found = queries
      .map((text) => queryShape.parse(JSON.parse(text)))
      .reduce((list, query) => {
        const [value] = query.values
        if (query.method === 'equal' && query.attribute === '$id')
          return list.filter((one) => query.values.includes(one.$id))
        if (query.method === 'equal' && query.attribute === 'category')
          return list.filter((one) => one.category.$id === value)
        if (query.method === 'greaterThan' && typeof value === 'string')
          return list.filter((one) => one.$createdAt > value)
        return list
      }, catalogue)
    return Promise.resolve({ total: found.length, documents: found })
  })
})

const projectListings = () =>
  databases.listDocuments.mock.calls.filter((call: unknown[]) => {
    const asked = request.safeParse(call[0])
    return asked.success && asked.data.collectionId === 'projects' && asked.data.queries.length === 2
  }).length
const cardTitles = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)
const liveRegion = () => document.querySelector('[aria-live="polite"]')

/** The owner adds a project: the server has it, and says so on the projects' channel. */
function ownerAdds(id: string, title: string, category = 'cat-1') {
  const added = project(id, title, new Date(Date.now() + 1000).toISOString(), category)
  catalogue = [...catalogue, added]
  sendLive(PROJECTS, 'create', { ...added, category })
}

describe('the gallery hears the owner’s changes (issue 45)', () => {
  it('counts projects added meanwhile and shows them only when asked, the keyboard on the first card', async () => {
    const { user } = renderApp('/search')
    await screen.findByRole('button', { name: 'Open details of Asistente Virtual' })
    const region = liveRegion()
    expect(region).toBeEmptyDOMElement()
    const listed = projectListings()

    ownerAdds('p-3', 'Agenda de citas')
    ownerAdds('p-4', 'Clasificador de facturas')
    const notice = await screen.findByRole('button', { name: '2 new projects — show' })
    expect(region).toContainElement(notice)
    // Nothing moved under the member's eyes: the list was not asked for again.
    expect(cardTitles()).toEqual(['Asistente Virtual', 'Traductor de voz'])
    expect(projectListings()).toBe(listed)

    await user.click(notice)
    await waitFor(() =>
      expect(cardTitles()).toEqual([
        'Asistente Virtual',
        'Traductor de voz',
        'Agenda de citas',
        'Clasificador de facturas',
      ]),
    )
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Open details of Asistente Virtual' })).toHaveFocus(),
    )
    expect(liveRegion()).toBeEmptyDOMElement()
  })

  it('counts in a category only its own projects, and says one in the singular (Spanish too)', async () => {
    renderApp('/search?category=cat-2')
    await screen.findByRole('button', { name: 'Open details of Traductor de voz' })
    ownerAdds('p-3', 'Agenda de citas', 'cat-1')
    ownerAdds('p-4', 'Dictado médico', 'cat-2')
    expect(await screen.findByRole('button', { name: '1 new project — show' })).toBeVisible()
    await showLanguage('es')
    expect(await screen.findByRole('button', { name: '1 proyecto nuevo — ver' })).toBeVisible()
  })

  it('patches a changed project in its place and marks a deleted one, which no longer opens', async () => {
    renderApp('/search')
    await screen.findByRole('button', { name: 'Open details of Asistente Virtual' })
    catalogue = [project('p-1', 'Asistente Virtual 2', '2025-01-01T00:00:00.000Z'), ...catalogue.slice(1)]
    sendLive(PROJECTS, 'update', { $id: 'p-1' })
    await waitFor(() => expect(cardTitles()).toEqual(['Asistente Virtual 2', 'Traductor de voz']))

    catalogue = catalogue.filter((one) => one.$id !== 'p-2')
    sendLive(PROJECTS, 'delete', { $id: 'p-2' })
    const gone = await screen.findByText('No longer in the catalogue')
    expect(gone.closest('article')).toHaveTextContent('Traductor de voz')
    expect(screen.queryByRole('button', { name: 'Open details of Traductor de voz' })).toBeNull()
    expect(cardTitles()).toEqual(['Asistente Virtual 2', 'Traductor de voz'])
  })

  it('asks the server what was added while the connection was down', async () => {
    renderApp('/search')
    await screen.findByRole('button', { name: 'Open details of Asistente Virtual' })
    // Added unheard: the connection was down.
    catalogue = [
      ...catalogue,
      project('p-3', 'Agenda de citas', new Date(Date.now() + 1000).toISOString()),
      project('p-4', 'Dictado médico', new Date(Date.now() + 1000).toISOString()),
      project('p-5', 'Bot de reservas', new Date(Date.now() + 1000).toISOString()),
    ]
    reconnectLive()
    expect(await screen.findByRole('button', { name: '3 new projects — show' })).toBeVisible()
    expect(cardTitles()).toEqual(['Asistente Virtual', 'Traductor de voz'])
  })
})
