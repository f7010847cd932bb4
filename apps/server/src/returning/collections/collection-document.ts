import { MEMBER_COLLECTIONS_ID } from '@pg/shared/member-collections'
import { invalidQuery } from '../../platform/appwrite/errors'
import { toAppwriteDate } from '../../platform/appwrite/dates'
import { said } from '../../platform/error-messages/error-message'
import { collectionPermissions } from './collection-permissions'
import type { MemberCollectionRow } from './collection-repository'

const ATTRIBUTES = ['name', 'projectIds', 'position', 'ownerId', 'shareId'] as const
type Attribute = (typeof ATTRIBUTES)[number]
const SYSTEM_ATTRIBUTES = [
  '$id',
  '$sequence',
  '$collectionId',
  '$databaseId',
  '$createdAt',
  '$updatedAt',
  '$permissions',
]
/** What another member reads of a shared collection: nothing that names its owner (issue 40, L2). */
const SHARED_VIEW_ATTRIBUTES: readonly Attribute[] = ['name', 'projectIds', 'position']
/** The one permission another member is shown: the owner's three name their user id. */
const SHARED_VIEW_PERMISSIONS = ['read("users")']

const isAttribute = (name: string): name is Attribute => ATTRIBUTES.some((attribute) => attribute === name)

/**
 * The attributes a `select` asks for (null: all). As for the catalogue's documents, the `$` attributes
 * always come; an attribute the collection does not have is Appwrite's query error.
 */
export function selectedAttributes(select: string[] | null): readonly Attribute[] {
  if (select === null || select.includes('*')) return ATTRIBUTES
  const unknown = select.filter((name) => !isAttribute(name) && !SYSTEM_ATTRIBUTES.includes(name))
  if (unknown.length > 0) throw invalidQuery(said('cannotSelect', { names: unknown }))
  return ATTRIBUTES.filter((attribute) => select.includes(attribute))
}

function document(
  row: MemberCollectionRow,
  databaseId: string,
  id: string,
  permissions: string[],
  attributes: readonly Attribute[],
): Record<string, unknown> {
  const values: Record<Attribute, unknown> = {
    name: row.name,
    projectIds: row.projectIds,
    position: row.position,
    ownerId: row.ownerId,
    shareId: row.shareId,
  }
  return {
    $id: id,
    $sequence: String(row.sequence),
    $collectionId: MEMBER_COLLECTIONS_ID,
    $databaseId: databaseId,
    $createdAt: toAppwriteDate(row.createdAt),
    $updatedAt: toAppwriteDate(row.updatedAt),
    $permissions: permissions,
    ...Object.fromEntries(attributes.map((attribute) => [attribute, values[attribute]])),
  }
}

/** A member's own collection as an Appwrite Document: `$` attributes, then the selected ones. */
export const collectionDocument = (
  row: MemberCollectionRow,
  databaseId: string,
  attributes: readonly Attribute[] = ATTRIBUTES,
) => document(row, databaseId, row.id, collectionPermissions(row.ownerId, row.shareId !== null), attributes)

/**
 * Another member's shared collection as they read it by its link (decision 070): its share id as `$id`,
 * its name, projects and position, and `read("users")`; never `ownerId`, its document id or the
 * owner's permissions, whatever `select` asks.
 */
export function sharedView(
  row: MemberCollectionRow & { shareId: string },
  databaseId: string,
  attributes: readonly Attribute[] = ATTRIBUTES,
) {
  const shown = attributes.filter((attribute) => SHARED_VIEW_ATTRIBUTES.includes(attribute))
  return document(row, databaseId, row.shareId, SHARED_VIEW_PERMISSIONS, shown)
}
