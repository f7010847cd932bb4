import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { resetFakeBackend, signedIn } from './support/fake-backend'
import { renderApp } from './support/render-app'
import { collectionDocument, storeWith } from './collections/collection-factories'

vi.mock('../src/lib/backend', () => import('./support/fake-backend'))

/**
 * What members do with a project is counted per project and day (issue 33, decision 065): the gallery,
 * the favourites and the collections each report it to the store's members' events.
 */
async function memberEvents() {
  const events = []
  for (const [path, body] of vi.mocked(navigator.sendBeacon).mock.calls) {
    if (path !== '/v1/store/analytics/member-events') continue
    if (!(body instanceof Blob)) throw new Error('A member event without a JSON body')
    events.push(JSON.parse(await body.text()) as unknown)
  }
  return events
}

beforeEach(() => {
  resetFakeBackend()
  signedIn()
  storeWith([collectionDocument({ $id: 'c-1', name: 'Para clientes', projectIds: [] })])
})

describe("members' events", () => {
  it('counts the details opened, a favourite added (not removed) and a project added to a collection', async () => {
    const { user } = renderApp('/search')
    await user.click(await screen.findByRole('button', { name: 'Open details of Asistente Virtual' }))
    const details = await screen.findByRole('dialog', { name: 'Asistente Virtual' })
    await waitFor(async () => expect(await memberEvents()).toEqual([{ kind: 'details', projectId: 'p-1' }]))

    const heart = within(details).getByRole('button', { name: 'Favorite: Asistente Virtual' })
    await user.click(heart)
    await user.click(heart)
    expect((await memberEvents()).slice(1)).toEqual([{ kind: 'favourite', projectId: 'p-1' }])

    await user.click(within(details).getByRole('button', { name: 'Save to collection: Asistente Virtual' }))
    const save = await screen.findByRole('dialog', { name: 'Save to collection' })
    await user.click(await within(save).findByRole('checkbox', { name: /Para clientes/ }))
    await waitFor(async () =>
      expect((await memberEvents()).slice(2)).toEqual([{ kind: 'collection', projectId: 'p-1' }]),
    )
  })

  it('counts nothing for a member with Do Not Track', async () => {
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true })
    try {
      const { user } = renderApp('/search')
      await user.click(await screen.findByRole('button', { name: 'Open details of Asistente Virtual' }))
      const details = await screen.findByRole('dialog', { name: 'Asistente Virtual' })
      await user.click(within(details).getByRole('button', { name: 'Favorite: Asistente Virtual' }))
      expect(navigator.sendBeacon).not.toHaveBeenCalled()
    } finally {
      Reflect.deleteProperty(navigator, 'doNotTrack')
    }
  })
})
