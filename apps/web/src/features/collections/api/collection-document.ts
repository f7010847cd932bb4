import { Permission, Role } from 'appwrite'
import { z } from 'zod/mini'
import { MEMBER_COLLECTION_LIMITS, MEMBER_COLLECTIONS_ID } from '@pg/shared/member-collections'

/**
 * A member's named collection of projects (issue 32, decision 064): an Appwrite document in the gallery
 * database's `collections` collection, private to its owner by document-level permissions. Once shared it
 * has a share id, its link, by which any member opens it; they read it as a view that names no owner
 * (issue 40, decision 070).
 */
export const COLLECTIONS_COLLECTION_ID = MEMBER_COLLECTIONS_ID

/** The store's limits (decision 064); the server enforces them and says so in the member's language. */
export const COLLECTION_LIMITS = MEMBER_COLLECTION_LIMITS

const SHARED = Permission.read(Role.users())

const viewFields = {
  $id: z.string(),
  $permissions: z.array(z.string()),
  name: z.string(),
  projectIds: z.array(z.string()),
  position: z.number(),
}
/** The owner's document: theirs by `ownerId`, with its link's id once shared. */
const ownDocumentSchema = z.object({ ...viewFields, ownerId: z.string(), shareId: z.nullable(z.string()) })
/** Another member's shared collection by its link: its `$id` is the share id, and no owner is named. */
const sharedViewSchema = z.object(viewFields)

export interface MemberCollection {
  /** The document's id for its owner; the share id in another member's shared view. */
  id: string
  name: string
  projectIds: string[]
  position: number
  /** Null in a shared view: whether a collection is the member's own is whether this is their id. */
  ownerId: string | null
  /** The id its link opens it by; null while private. */
  shareId: string | null
  shared: boolean
}

export function toMemberCollection(document: unknown): MemberCollection {
  const own = ownDocumentSchema.safeParse(document)
  if (own.success) {
    const { $id, $permissions, ...fields } = own.data
    return { id: $id, ...fields, shared: $permissions.includes(SHARED) }
  }
  const { $id, $permissions, ...fields } = sharedViewSchema.parse(document)
  return { id: $id, ...fields, ownerId: null, shareId: $id, shared: $permissions.includes(SHARED) }
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

/**
 * A collection's page: by its id, the owner's own; by its share id, the link any member opens (the owner
 * too, who gets their own collection there).
 */
export const collectionPath = (id: string) => `/collections?id=${encodeURIComponent(id)}`
