import { screen, waitFor, within } from '@testing-library/react'
import { AppwriteException, Permission, Role } from 'appwrite'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { takeConsoleErrors } from '../support/console-guard'
import { databases, member, resetFakeBackend, signedIn } from '../support/fake-backend'
import { renderApp } from '../support/render-app'
import { collectionDocument, storeWith } from './collection-factories'

vi.mock('../../src/lib/backend', () => import('../support/fake-backend'))

beforeEach(() => {
  resetFakeBackend()
  signedIn()
  storeWith([
    collectionDocument({ $id: 'c-1', name: 'Para clientes', projectIds: ['p-1', 'p-2'], position: 0 }),
    collectionDocument({
      $id: 'c-2',
      name: 'Probar este mes',
      position: 1,
      shared: true,
      shareId: 'Rk4TnW8qZc2YpL6mXv9BsD3hJf7GaQ1e',
    }),
  ])
})

async function myCollections() {
  const section = await screen.findByRole('region', { name: 'My collections' }, { timeout: 5000 })
  await within(section).findByRole('link', { name: 'Para clientes' })
  return section
}

const owner = Role.user(member.$id)
const ownerOnly = [Permission.read(owner), Permission.update(owner), Permission.delete(owner)]

describe('My collections on the dashboard (issue 32)', () => {
  it('lists each collection with its count and shared state, linking to its page', async () => {
    renderApp('/home')
    const section = await myCollections()
    const rows = within(section).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Para clientes2 projectsPrivate'),
      expect.stringContaining('Probar este mes0 projectsShared'),
    ])
    expect(within(section).getByRole('link', { name: 'Para clientes' })).toHaveAttribute(
      'href',
      '/collections?id=c-1',
    )
    expect(within(section).getByRole('button', { name: 'Move Para clientes up' })).toBeDisabled()
    expect(within(section).getByRole('button', { name: 'Move Probar este mes down' })).toBeDisabled()
  })

  it('moves a collection up: each whose place changed gets its new position', async () => {
    const { user } = renderApp('/home')
    const section = await myCollections()
    await user.click(within(section).getByRole('button', { name: 'Move Probar este mes up' }))
    await waitFor(() =>
      expect(
        within(section)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Probar este mes', 'Para clientes']),
    )
    expect(databases.updateDocument.mock.calls.map((call: unknown[]) => call[0])).toEqual([
      expect.objectContaining({ documentId: 'c-2', data: { position: 0 } }),
      expect.objectContaining({ documentId: 'c-1', data: { position: 1 } }),
    ])
    expect(within(section).getAllByRole('status').at(0)).toHaveTextContent(
      '"Probar este mes" is now in position 1 of 2.',
    )
  })

  it('shares a collection with every member and makes it private again, keeping the owner’s rights', async () => {
    const { user } = renderApp('/home')
    const section = await myCollections()
    await user.click(within(section).getByRole('button', { name: 'Share Para clientes with other members' }))
    expect(databases.updateDocument).toHaveBeenLastCalledWith({
      databaseId: 'gallery',
      collectionId: 'collections',
      documentId: 'c-1',
      permissions: [...ownerOnly, Permission.read(Role.users())],
    })
    expect(await within(section).findByRole('button', { name: 'Copy link to Para clientes' })).toBeVisible()
    await user.click(within(section).getByRole('button', { name: 'Make private: Probar este mes' }))
    expect(databases.updateDocument).toHaveBeenLastCalledWith(
      expect.objectContaining({ documentId: 'c-2', permissions: ownerOnly }),
    )
    expect(await within(section).findByText('"Probar este mes" is private again.')).toBeVisible()
  })

  it('copies a shared collection’s link: its share id, never its document id (issue 40)', async () => {
    const { user } = renderApp('/home')
    const section = await myCollections()
    await user.click(within(section).getByRole('button', { name: 'Copy link to Probar este mes' }))
    expect(await navigator.clipboard.readText()).toBe(
      `${location.origin}/collections?id=Rk4TnW8qZc2YpL6mXv9BsD3hJf7GaQ1e`,
    )
    expect(await within(section).findByText('Link to "Probar este mes" copied.')).toBeVisible()
  })

  it('a share not yet answered has no link to copy; once answered its new link is copied and stays said', async () => {
    const { user } = renderApp('/home')
    const section = await myCollections()
    let answer: () => void = () => undefined
    const stored = databases.updateDocument.getMockImplementation()
    databases.updateDocument.mockImplementationOnce(
      (...args: unknown[]) =>
        new Promise((resolve) => {
          answer = () => resolve(stored?.(...args))
        }),
    )
    await user.click(within(section).getByRole('button', { name: 'Share Para clientes with other members' }))
    // Shown shared at once, but the link is the server's to make: no copy until it answers.
    expect(await within(section).findByRole('button', { name: 'Make private: Para clientes' })).toBeVisible()
    expect(within(section).queryByRole('button', { name: 'Copy link to Para clientes' })).toBeNull()
    // The answer arrives: the list is read again once it is settled, with the new link.
    const reads = databases.listDocuments.mock.calls.length
    answer()
    await user.click(await within(section).findByRole('button', { name: 'Copy link to Para clientes' }))
    expect(databases.listDocuments.mock.calls.length).toBeGreaterThan(reads)
    expect(await navigator.clipboard.readText()).toBe(`${location.origin}/collections?id=NewLink1Forc1`)
    expect(await within(section).findByText('Link to "Para clientes" copied.')).toBeVisible()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(within(section).getAllByRole('status').at(0)).toHaveTextContent('Link to "Para clientes" copied.')
  })

  it('making a collection private drops its link: sharing again copies a new one', async () => {
    const { user } = renderApp('/home')
    const section = await myCollections()
    await user.click(within(section).getByRole('button', { name: 'Make private: Probar este mes' }))
    expect(await within(section).findByText('"Probar este mes" is private again.')).toBeVisible()
    await user.click(
      within(section).getByRole('button', { name: 'Share Probar este mes with other members' }),
    )
    await user.click(await within(section).findByRole('button', { name: 'Copy link to Probar este mes' }))
    const link = await navigator.clipboard.readText()
    expect(link).toBe(`${location.origin}/collections?id=NewLink1Forc2`)
    expect(link).not.toContain('Rk4TnW8qZc2YpL6mXv9BsD3hJf7GaQ1e')
  })

  it('a refused share is undone and says why, and no longer says it is shared', async () => {
    const { user } = renderApp('/home')
    const section = await myCollections()
    databases.updateDocument.mockRejectedValueOnce(new AppwriteException('Network request failed', 0, ''))
    await user.click(within(section).getByRole('button', { name: 'Share Para clientes with other members' }))
    expect(await within(section).findByRole('alert')).toBeVisible()
    expect(takeConsoleErrors()).toEqual([['Collection update error', expect.any(AppwriteException)]])
    expect(within(section).getAllByRole('status').at(0)).toHaveTextContent('')
    expect(
      within(section).getByRole('button', { name: 'Share Para clientes with other members' }),
    ).toBeVisible()
  })

  it('renames in place; a refused name is said under the field and the name stays', async () => {
    const { user } = renderApp('/home')
    const section = await myCollections()
    await user.click(within(section).getByRole('button', { name: 'Rename Para clientes' }))
    const field = within(section).getByRole('textbox', { name: 'New name for Para clientes' })
    expect(field).toHaveFocus()
    await user.clear(field)
    await user.type(field, 'Clientes 2026')
    await user.click(within(section).getByRole('button', { name: 'Save name' }))
    expect(await within(section).findByRole('link', { name: 'Clientes 2026' })).toBeVisible()
    expect(databases.updateDocument).toHaveBeenLastCalledWith(
      expect.objectContaining({ documentId: 'c-1', data: { name: 'Clientes 2026' } }),
    )

    databases.updateDocument.mockRejectedValueOnce(
      new AppwriteException('The name is 1 to 60 characters.', 400, 'document_invalid_structure'),
    )
    await user.click(within(section).getByRole('button', { name: 'Rename Clientes 2026' }))
    await user.type(within(section).getByRole('textbox', { name: 'New name for Clientes 2026' }), '!')
    await user.click(within(section).getByRole('button', { name: 'Save name' }))
    expect(await within(section).findByRole('alert')).toHaveTextContent('The name is 1 to 60 characters.')
    expect(takeConsoleErrors()).toEqual([['Collection update error', expect.any(AppwriteException)]])
  })

  it('deletes a collection only after asking', async () => {
    const { user } = renderApp('/home')
    const section = await myCollections()
    await user.click(within(section).getByRole('button', { name: 'Delete Para clientes' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete "Para clientes"?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(databases.deleteDocument).not.toHaveBeenCalled()

    await user.click(within(section).getByRole('button', { name: 'Delete Para clientes' }))
    await user.click(screen.getByRole('button', { name: 'Delete collection' }))
    expect(databases.deleteDocument).toHaveBeenCalledWith({
      databaseId: 'gallery',
      collectionId: 'collections',
      documentId: 'c-1',
    })
    await waitFor(() => expect(within(section).queryByRole('link', { name: 'Para clientes' })).toBeNull())
    expect(within(section).getByText('Collection "Para clientes" deleted.')).toBeVisible()
  })
})
