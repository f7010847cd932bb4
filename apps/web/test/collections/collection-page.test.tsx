import { screen, waitFor, within } from '@testing-library/react'
import { AppwriteException } from 'appwrite'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { databases, resetFakeBackend, signedIn } from '../support/fake-backend'
import { renderApp } from '../support/render-app'
import { collectionDocument, sharedView, storeWith } from './collection-factories'

vi.mock('../../src/lib/backend', () => import('../support/fake-backend'))

const own = collectionDocument({ $id: 'c-1', name: 'Para clientes', projectIds: ['p-1', 'p-2'] })
const ownShared = collectionDocument({
  $id: 'c-2',
  name: 'Probar este mes',
  projectIds: ['p-1', 'p-2'],
  position: 1,
  shared: true,
  shareId: 'Vb8Lq3Xz6Tn1Rw5Ym9Kc2Hf4Jd7Gs0Pa',
})
/** Another member's shared collection, as the server answers it by its link: no owner named (issue 40). */
const othersShared = sharedView({
  $id: 'Kx7Qm2pLr9Tz4WcY8nVb3HdF6sJa1GeU',
  name: 'Lo mejor de Olga',
  projectIds: ['p-2', 'p-1'],
})

beforeEach(() => {
  resetFakeBackend()
  signedIn()
  const collections = [{ ...own }, { ...ownShared }]
  storeWith(collections)
  // As the server opens an id (decision 070): the member's own by its id or its link, else a shared view.
  databases.getDocument.mockImplementation(({ documentId }: { documentId: string }) => {
    const found =
      collections.find((one) => one.$id === documentId || one.shareId === documentId) ??
      (othersShared.$id === documentId ? othersShared : undefined)
    return found
      ? Promise.resolve(found)
      : Promise.reject(
          new AppwriteException(
            'Document with the requested ID could not be found.',
            404,
            'document_not_found',
          ),
        )
  })
})

const cardTitles = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)

describe('a collection’s page, /collections?id= (issue 32)', () => {
  it('shows the owner’s projects in the collection’s order, to move and remove', async () => {
    const { user } = renderApp('/collections?id=c-1')
    expect(await screen.findByRole('heading', { name: 'Para clientes' }, { timeout: 5000 })).toBeVisible()
    expect(screen.getByText('Only you can see it.')).toBeVisible()
    await screen.findAllByRole('article')
    expect(cardTitles()).toEqual(['Asistente Virtual', 'Traductor de voz'])
    expect(screen.getByRole('button', { name: 'Move Asistente Virtual earlier' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Move Asistente Virtual later' }))
    await waitFor(() => expect(cardTitles()).toEqual(['Traductor de voz', 'Asistente Virtual']))
    expect(databases.updateDocument).toHaveBeenLastCalledWith(
      expect.objectContaining({ documentId: 'c-1', data: { projectIds: ['p-2', 'p-1'] } }),
    )
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(
      '"Asistente Virtual" is now in position 2 of 2.',
    )

    await user.click(screen.getByRole('button', { name: 'Remove Traductor de voz from the collection' }))
    await waitFor(() => expect(cardTitles()).toEqual(['Asistente Virtual']))
    expect(databases.updateDocument).toHaveBeenLastCalledWith(
      expect.objectContaining({ documentId: 'c-1', data: { projectIds: ['p-1'] } }),
    )
    expect(screen.getByRole('heading', { name: 'Para clientes' })).toHaveFocus()
  })

  it('the owner opening their own link changes it there, shown at once, and copies that link', async () => {
    const { user } = renderApp('/collections?id=Vb8Lq3Xz6Tn1Rw5Ym9Kc2Hf4Jd7Gs0Pa')
    expect(await screen.findByRole('heading', { name: 'Probar este mes' }, { timeout: 5000 })).toBeVisible()
    await screen.findAllByRole('article')
    expect(cardTitles()).toEqual(['Asistente Virtual', 'Traductor de voz'])
    await user.click(screen.getByRole('button', { name: 'Move Asistente Virtual later' }))
    await waitFor(() => expect(cardTitles()).toEqual(['Traductor de voz', 'Asistente Virtual']))
    expect(databases.updateDocument).toHaveBeenLastCalledWith(
      expect.objectContaining({ documentId: 'c-2', data: { projectIds: ['p-2', 'p-1'] } }),
    )
    await user.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(await navigator.clipboard.readText()).toBe(
      `${location.origin}/collections?id=Vb8Lq3Xz6Tn1Rw5Ym9Kc2Hf4Jd7Gs0Pa`,
    )
  })

  it('shows another member’s shared collection read-only, by its link', async () => {
    renderApp('/collections?id=Kx7Qm2pLr9Tz4WcY8nVb3HdF6sJa1GeU')
    expect(await screen.findByRole('heading', { name: 'Lo mejor de Olga' }, { timeout: 5000 })).toBeVisible()
    expect(screen.getByText('Shared collection')).toBeVisible()
    expect(screen.getByText(/A member shared it with you/)).toBeVisible()
    await screen.findAllByRole('article')
    expect(cardTitles()).toEqual(['Traductor de voz', 'Asistente Virtual'])
    expect(screen.queryByRole('button', { name: /earlier|later|Remove|Copy link/ })).toBeNull()
    // The member may still save these projects into collections of their own.
    expect(screen.getByRole('button', { name: 'Save to collection: Asistente Virtual' })).toBeVisible()
  })

  it('says when a collection does not exist or is no longer shared', async () => {
    renderApp('/collections?id=gone')
    expect(
      await screen.findByRole('heading', { name: 'Collection not found' }, { timeout: 5000 }),
    ).toBeVisible()
    expect(screen.getByText(/does not exist or is no longer shared/)).toBeVisible()
    expect(screen.getByRole('link', { name: 'My collections' })).toHaveAttribute('href', '/collections')
  })

  it('without an id, lists the member’s collections', async () => {
    renderApp('/collections')
    const section = await screen.findByRole('region', { name: 'My collections' }, { timeout: 5000 })
    expect(await within(section).findByRole('link', { name: 'Para clientes' })).toBeVisible()
  })
})
