import { screen, waitFor, within } from '@testing-library/react'
import { AppwriteException, Permission, Query, Role } from 'appwrite'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { takeConsoleErrors } from '../support/console-guard'
import { databases, member, resetFakeBackend, signedIn } from '../support/fake-backend'
import { renderApp } from '../support/render-app'
import { collectionDocument, storeWith } from './collection-factories'

vi.mock('../../src/lib/backend', () => import('../support/fake-backend'))

const clients = collectionDocument({ $id: 'c-1', name: 'Para clientes', projectIds: ['p-2'] })

beforeEach(() => {
  resetFakeBackend()
  signedIn()
  storeWith([clients])
})

async function openSaveDialog(user: ReturnType<typeof renderApp>['user']) {
  const button = await screen.findByRole('button', { name: 'Save to collection: Asistente Virtual' })
  await user.click(button)
  return { button, dialog: await screen.findByRole('dialog', { name: 'Save to collection' }) }
}

describe('Save to collection, beside the heart (issue 32)', () => {
  it('lists the member’s own collections and ticks one: the project is added by updateDocument', async () => {
    const { user } = renderApp('/search')
    const { dialog } = await openSaveDialog(user)
    expect(databases.listDocuments).toHaveBeenCalledWith({
      databaseId: 'gallery',
      collectionId: 'collections',
      queries: [Query.equal('ownerId', [member.$id]), Query.orderAsc('position'), Query.limit(50)],
    })
    const box = await within(dialog).findByRole('checkbox', { name: /Para clientes/ })
    expect(box).not.toBeChecked()
    await user.click(box)
    await waitFor(() => expect(box).toBeChecked())
    expect(databases.updateDocument).toHaveBeenCalledWith({
      databaseId: 'gallery',
      collectionId: 'collections',
      documentId: 'c-1',
      data: { projectIds: ['p-2', 'p-1'] },
    })
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Saved to "Para clientes".')
  })

  it('creates a new collection with the project in it, private to the member', async () => {
    const { user } = renderApp('/search')
    const { dialog } = await openSaveDialog(user)
    const name = within(dialog).getByRole('textbox', { name: 'Name of the new collection' })
    expect(name).toHaveAttribute('maxLength', '60')
    await user.type(name, '  Probar este mes ')
    await user.click(within(dialog).getByRole('button', { name: 'Create and save' }))
    expect(databases.createDocument).toHaveBeenCalledWith({
      databaseId: 'gallery',
      collectionId: 'collections',
      documentId: expect.stringMatching(/^[a-f0-9]{20}$/),
      data: { name: 'Probar este mes', projectIds: ['p-1'], position: 1 },
      permissions: [
        Permission.read(Role.user(member.$id)),
        Permission.update(Role.user(member.$id)),
        Permission.delete(Role.user(member.$id)),
      ],
    })
    expect(await within(dialog).findByRole('checkbox', { name: /Probar este mes/ })).toBeChecked()
    expect(name).toHaveValue('')
  })

  it('says a refused name under the field, in the server’s words, and a blank one before asking', async () => {
    databases.createDocument.mockRejectedValue(
      new AppwriteException(
        'You have 50 collections, the most a member may keep.',
        400,
        'document_invalid_structure',
      ),
    )
    const { user } = renderApp('/search')
    const { dialog } = await openSaveDialog(user)
    const name = within(dialog).getByRole('textbox', { name: 'Name of the new collection' })
    await user.click(within(dialog).getByRole('button', { name: 'Create and save' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Type a name for the collection.')
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(databases.createDocument).not.toHaveBeenCalled()

    await user.type(name, 'Una más')
    await user.click(within(dialog).getByRole('button', { name: 'Create and save' }))
    const alert = await within(dialog).findByText('You have 50 collections, the most a member may keep.')
    expect(name).toHaveAccessibleDescription(expect.stringContaining(alert.textContent ?? ''))
    expect(takeConsoleErrors()).toEqual([['Collection create error', expect.any(AppwriteException)]])
  })

  it('puts the tick back and says why when adding is refused (100 projects)', async () => {
    databases.updateDocument.mockRejectedValue(
      new AppwriteException('A collection holds at most 100 projects.', 400, 'document_invalid_structure'),
    )
    const { user } = renderApp('/search')
    const { dialog } = await openSaveDialog(user)
    const box = await within(dialog).findByRole('checkbox', { name: /Para clientes/ })
    await user.click(box)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A collection holds at most 100 projects.',
    )
    await waitFor(() => expect(box).not.toBeChecked())
    expect(takeConsoleErrors()).toEqual([['Collection update error', expect.any(AppwriteException)]])
  })

  // Escape is the native dialog's (ModalDialog): Chromium's, in e2e/tests/collections.spec.ts.
  it('closes with Done and gives the focus back to its button', async () => {
    const { user } = renderApp('/search')
    const { button, dialog } = await openSaveDialog(user)
    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(button).toHaveFocus()
  })

  it('is in the project’s details too, beside its heart', async () => {
    const { user } = renderApp('/search?project=p-1')
    const details = await screen.findByRole('dialog', { name: 'Asistente Virtual' })
    await user.click(within(details).getByRole('button', { name: 'Save to collection: Asistente Virtual' }))
    const saving = await screen.findByRole('dialog', { name: 'Save to collection' })
    expect(saving).toBeVisible()
    // Closing it leaves the details open over a page that still does not scroll behind them.
    await user.click(within(saving).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save to collection' })).toBeNull())
    expect(screen.getByRole('dialog', { name: 'Asistente Virtual' })).toBeVisible()
    expect(document.documentElement.style.overflow).toBe('hidden')
  })
})
