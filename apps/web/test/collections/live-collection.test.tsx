import { screen, waitFor, within } from '@testing-library/react'
import { AppwriteException } from 'appwrite'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { databases, resetFakeBackend, signedIn } from '../support/fake-backend'
import { liveChannels, resetFakeRealtime, sendLive } from '../support/fake-realtime'
import { renderApp } from '../support/render-app'
import { collectionDocument, sharedView, storeWith } from './collection-factories'

vi.mock('../../src/lib/backend', () => import('../support/fake-backend'))
vi.mock('../../src/lib/realtime', () => import('../support/fake-realtime'))

const COLLECTIONS = 'databases.gallery.collections.collections.documents'
const SHARE_ID = 'Kx7Qm2pLr9Tz4WcY8nVb3HdF6sJa1GeU'
const notFound = () =>
  new AppwriteException('Document with the requested ID could not be found.', 404, 'document_not_found')

/** Another member's shared collection, as its link reads now (null: deleted or private again). */
let shared: ReturnType<typeof sharedView> | null = null
let own: ReturnType<typeof collectionDocument>[] = []

beforeEach(() => {
  resetFakeBackend()
  resetFakeRealtime()
  signedIn()
  shared = sharedView({ $id: SHARE_ID, name: 'Lo mejor de Olga', projectIds: ['p-2'] })
  own = [collectionDocument({ $id: 'c-1', name: 'Para clientes' })]
  storeWith(own)
  databases.getDocument.mockImplementation(({ documentId }: { documentId: string }) =>
    shared && documentId === SHARE_ID ? Promise.resolve(shared) : Promise.reject(notFound()),
  )
})

const cardTitles = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)

describe('collections follow their owner’s changes (issue 45)', () => {
  it('a shared collection opened by its link changes as its owner changes it, then is gone', async () => {
    renderApp(`/collections?id=${SHARE_ID}`)
    expect(await screen.findByRole('heading', { name: 'Lo mejor de Olga' })).toBeVisible()
    await waitFor(() => expect(cardTitles()).toEqual(['Traductor de voz']))
    expect(liveChannels()).toEqual([`${COLLECTIONS}.${SHARE_ID}`])

    shared = sharedView({ $id: SHARE_ID, name: 'Lo mejor de Olga', projectIds: ['p-1', 'p-2'] })
    sendLive(COLLECTIONS, 'update', { $id: SHARE_ID })
    await waitFor(() => expect(cardTitles()).toEqual(['Asistente Virtual', 'Traductor de voz']))
    const said = screen.getByText('Its owner has just changed it.')
    expect(said).toHaveAttribute('role', 'status')

    shared = null
    sendLive(COLLECTIONS, 'delete', { $id: SHARE_ID })
    expect(await screen.findByRole('heading', { name: 'Collection not found' })).toBeVisible()
    // The same region, still on the page, says it.
    expect(said).toHaveTextContent('Collection not found')
  })

  it('the member’s own list is read again when another tab changes it', async () => {
    renderApp('/collections')
    expect(await screen.findByRole('link', { name: /Para clientes/ })).toBeVisible()
    own.push(collectionDocument({ $id: 'c-2', name: 'Probar este mes', position: 1 }))
    sendLive(COLLECTIONS, 'create', { $id: 'c-2' })
    expect(await screen.findByRole('link', { name: /Probar este mes/ })).toBeVisible()
  })
})
