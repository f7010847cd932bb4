import { Permission, Role } from 'appwrite'
import { z } from 'zod/mini'
import { MEMBER_COLLECTION_LIMITS, MEMBER_COLLECTIONS_ID } from '@pg/shared/member-collections'

/**
 * A member's named collection of projects (issue 32, decision 064): an Appwrite document in the gallery
 * database's `collections` collection, private to its owner by document-level permissions, readable by
 * every member once shared.
 */
export const COLLECTIONS_COLLECTION_ID = MEMBER_COLLECTIONS_ID

/** The store's limits (decision 064); the server enforces them and says so in the member's language. */
export const COLLECTION_LIMITS = MEMBER_COLLECTION_LIMITS

const SHARED = Permission.read(Role.users())

const collectionSchema = z.object({
  $id: z.string(),
  $permissions: z.array(z.string()),
  name: z.string(),
  projectIds: z.array(z.string()),
  position: z.number(),
  ownerId: z.string(),
})

export interface MemberCollection {
  id: string
  name: string
  projectIds: string[]
  position: number
  ownerId: string
  shared: boolean
}

export function toMemberCollection(document: unknown): MemberCollection {
  const { $id, $permissions, ...fields } = collectionSchema.parse(document)
  return { id: $id, ...fields, shared: $permissions.includes(SHARED) }
}

/** What Appwrite's permissions say for the owner alone, and with every signed-in member reading. */
export function collectionPermissions(ownerId: string, shared: boolean): string[] {
  const owner = Role.user(ownerId)
  return [
    Permission.read(owner),
    Permission.update(owner),
    Permission.delete(owner),
    ...(shared ? [SHARED] : []),
  ]
}

/** The address a shared collection is opened at by other members. */
export const collectionPath = (id: string) => `/collections?id=${encodeURIComponent(id)}`
