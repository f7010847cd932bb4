import { screen, waitFor, within } from '@testing-library/react'
import { Query } from 'appwrite'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { client, databases, noPurchase, resetFakeBackend, signedIn } from '../support/fake-backend'
import { renderApp } from '../support/render-app'

vi.mock('../../src/lib/backend', () => import('../support/fake-backend'))

const projects = [
  { $id: 'p-1', $createdAt: new Date().toISOString(), title: 'Asistente Virtual', subtitle: 'Para pymes' },
  { $id: 'p-2', $createdAt: '2020-01-01T00:00:00.000Z', title: 'Traductor de voz', subtitle: '' },
]

beforeEach(() => {
  resetFakeBackend()
  signedIn()
  databases.listDocuments.mockImplementation(({ collectionId }: { collectionId: string }) =>
    Promise.resolve({ total: 0, documents: collectionId === 'projects' ? projects : [] }),
  )
})

const listRequest = z.object({ collectionId: z.string(), queries: z.array(z.string()) })

/** The queries of every projects listing the gallery asked for, in order. */
const projectQueries = () =>
  databases.listDocuments.mock.calls.flatMap((call: unknown[]) => {
    const request = listRequest.safeParse(call[0])
    return request.success && request.data.collectionId === 'projects' ? [request.data.queries] : []
  })
const sortSelect = () => screen.getByRole('combobox', { name: 'Sort by' })

describe('the gallery searches, sorts and marks (decision 029)', () => {
  it('sends the text to search("$text") and marks the matched words in the cards', async () => {
    renderApp('/search?q=asistnte+virtal')
    const card = (await screen.findByRole('button', { name: 'Open details of Asistente Virtual' })).closest(
      'article',
    )
    expect(projectQueries().at(-1)).toContain(Query.search('$text', 'asistnte virtal'))
    expect(
      within(card ?? document.body)
        .getAllByRole('mark')
        .map((mark) => mark.textContent),
    ).toEqual(['Asistente', 'Virtual'])
    expect(sortSelect()).toHaveDisplayValue('Most relevant')
  })

  it('keeps the sort in the address and asks the server for that order', async () => {
    const { router, user } = renderApp('/search?category=cat-1')
    await screen.findByRole('button', { name: 'Open details of Traductor de voz' })
    expect(sortSelect()).toHaveDisplayValue('Catalogue order')

    await user.selectOptions(sortSelect(), 'Newest first')
    await waitFor(() => expect(router.state.location.search).toBe('?category=cat-1&sort=newest'))
    await waitFor(() =>
      expect(projectQueries().at(-1)).toEqual(
        expect.arrayContaining([
          Query.equal('category', 'cat-1'),
          Query.orderDesc('$createdAt'),
          Query.orderDesc('$sequence'),
        ]),
      ),
    )

    await user.selectOptions(sortSelect(), 'Title A–Z')
    await waitFor(() => expect(router.state.location.search).toBe('?category=cat-1&sort=az'))
    await waitFor(() => expect(projectQueries().at(-1)).toContain(Query.orderAsc('title')))

    await user.selectOptions(sortSelect(), 'Catalogue order')
    await waitFor(() => expect(router.state.location.search).toBe('?category=cat-1'))
  })

  /** `GET /v1/store/catalog` says when the catalogue first got projects (decision 058). */
  const firstLoadedAt = (at: string) =>
    client.call.mockImplementation((_method: string, url: URL) =>
      Promise.resolve(url.pathname.endsWith('/store/catalog') ? { firstLoadedAt: at } : noPurchase),
    )

  it('shows the New badge only on projects added in the last 30 days', async () => {
    firstLoadedAt('2019-06-01T00:00:00.000+00:00')
    renderApp('/search')
    const cards = await screen.findAllByRole('article')
    await waitFor(() => expect(within(cards[0] ?? document.body).getByText('New')).toBeVisible())
    expect(within(cards[1] ?? document.body).queryByText('New')).toBeNull()
  })

  it('shows no New badge on the catalogue’s first load, however recent (issue 28, item 13)', async () => {
    // Both projects came with the first load: the recent one was added in its transaction.
    firstLoadedAt(projects[0]?.$createdAt ?? '')
    renderApp('/search')
    const cards = await screen.findAllByRole('article')
    await waitFor(() =>
      expect(client.call).toHaveBeenCalledWith(
        'get',
        expect.objectContaining({ pathname: '/v1/store/catalog' }),
      ),
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    for (const card of cards) expect(within(card).queryByText('New')).toBeNull()
  })

  it("has no sort for a tag's projects, which follow the tag's links", async () => {
    renderApp('/search?tag=tag-1&sort=az')
    await screen.findByRole('heading', { level: 1, name: 'Projects Gallery' })
    await waitFor(() => expect(databases.listDocuments).toHaveBeenCalled())
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull()
  })
})
