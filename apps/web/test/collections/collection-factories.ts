import { Permission, Role } from 'appwrite'
import { databases, member } from '../support/fake-backend'

/** Two projects of the catalogue, as the gallery reads them. */
export const projects = [
  { $id: 'p-1', $createdAt: '2020-01-01T00:00:00.000Z', title: 'Asistente Virtual', subtitle: 'Para pymes' },
  { $id: 'p-2', $createdAt: '2020-01-02T00:00:00.000Z', title: 'Traductor de voz', subtitle: '' },
]

const ownerPermissions = (ownerId: string) => [
  Permission.read(Role.user(ownerId)),
  Permission.update(Role.user(ownerId)),
  Permission.delete(Role.user(ownerId)),
]

/**
 * A collection document as the server answers its owner (decisions 064 and 070), the signed-in member's
 * unless said; a shared one has a share id, its link, apart from its document id.
 */
export function collectionDocument(
  overrides: Partial<{
    $id: string
    name: string
    projectIds: string[]
    position: number
    ownerId: string
    shared: boolean
    shareId: string
  }> = {},
) {
  const { shared = false, ownerId = member.$id, shareId, ...fields } = overrides
  return {
    $id: 'c-1',
    $collectionId: 'collections',
    $databaseId: 'gallery',
    $createdAt: '2026-01-01T00:00:00.000Z',
    $updatedAt: '2026-01-01T00:00:00.000Z',
    $permissions: [...ownerPermissions(ownerId), ...(shared ? [Permission.read(Role.users())] : [])],
    name: 'Para clientes',
    projectIds: [],
    position: 0,
    ownerId,
    shareId: shared ? (shareId ?? `link${fields.$id ?? 'c1'}`.replace(/[^a-zA-Z0-9]/g, '')) : null,
    ...fields,
  }
}

/**
 * Another member's shared collection as the server answers it by its link (decision 070): its share id
 * as `$id`, and nothing that names its owner (no `ownerId`, only `read("users")`).
 */
export function sharedView(
  overrides: Partial<{ $id: string; name: string; projectIds: string[]; position: number }> = {},
) {
  return {
    $id: 'Kx7Qm2pLr9Tz4WcY8nVb3HdF6sJa1GeU',
    $collectionId: 'collections',
    $databaseId: 'gallery',
    $createdAt: '2026-01-01T00:00:00.000Z',
    $updatedAt: '2026-01-01T00:00:00.000Z',
    $permissions: [Permission.read(Role.users())],
    name: 'Lo mejor de Olga',
    projectIds: [],
    position: 0,
    ...overrides,
  }
}

type CollectionDocument = ReturnType<typeof collectionDocument>

/**
 * The store as these tests need it: the catalogue's projects, and the member's collections listed;
 * a create or an update answers the document with the change (permissions and share id included), as the
 * server does, and is listed afterwards (in the member's order); a delete takes it out.
 */
export function storeWith(collections: CollectionDocument[]) {
  databases.createDocument.mockImplementation(
    ({ documentId, data }: { documentId: string; data: Parameters<typeof collectionDocument>[0] }) => {
      const created = collectionDocument({ ...data, $id: documentId })
      collections.push(created)
      return Promise.resolve(created)
    },
  )
  databases.listDocuments.mockImplementation(({ collectionId }: { collectionId: string }) =>
    Promise.resolve({
      total: 0,
      documents:
        collectionId === 'projects'
          ? projects
          : collectionId === 'collections'
            ? collections.toSorted((one, other) => one.position - other.position)
            : [],
    }),
  )
  databases.deleteDocument.mockImplementation(({ documentId }: { documentId: string }) => {
    collections.splice(
      collections.findIndex((one) => one.$id === documentId),
      1,
    )
    return Promise.resolve({})
  })
  // Sharing gives a new link, unless it has one; making private drops it (decision 070).
  let links = 0
  const shareIdAfter = (current: CollectionDocument, permissions: string[] | undefined) => {
    if (!permissions) return current.shareId
    if (!permissions.includes(Permission.read(Role.users()))) return null
    links += 1
    return current.shareId ?? `NewLink${links}For${current.$id.replace(/[^a-zA-Z0-9]/g, '')}`
  }
  databases.updateDocument.mockImplementation(
    ({ documentId, data, permissions }: { documentId: string; data?: object; permissions?: string[] }) => {
      const index = collections.findIndex((one) => one.$id === documentId)
      const current = collections[index] ?? collectionDocument()
      const updated = {
        ...current,
        ...data,
        ...(permissions && { $permissions: permissions }),
        shareId: shareIdAfter(current, permissions),
      }
      collections.splice(index, 1, updated)
      return Promise.resolve(updated)
    },
  )
}
