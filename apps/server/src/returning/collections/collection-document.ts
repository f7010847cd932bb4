import { MEMBER_COLLECTIONS_ID } from '@pg/shared/member-collections'
import { invalidQuery } from '../../platform/appwrite/errors'
import { toAppwriteDate } from '../../platform/appwrite/dates'
import { said } from '../../platform/error-messages/error-message'
import { collectionPermissions } from './collection-permissions'
import type { MemberCollectionRow } from './collection-repository'

const ATTRIBUTES = ['name', 'projectIds', 'position', 'ownerId'] as const
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

/** A member's collection as an Appwrite Document: `$` attributes, then the selected ones. */
export function collectionDocument(
  row: MemberCollectionRow,
  databaseId: string,
  attributes: readonly Attribute[] = ATTRIBUTES,
): Record<string, unknown> {
  const values: Record<Attribute, unknown> = {
    name: row.name,
    projectIds: row.projectIds,
    position: row.position,
    ownerId: row.ownerId,
  }
  return {
    $id: row.id,
    $sequence: String(row.sequence),
    $collectionId: MEMBER_COLLECTIONS_ID,
    $databaseId: databaseId,
    $createdAt: toAppwriteDate(row.createdAt),
    $updatedAt: toAppwriteDate(row.updatedAt),
    $permissions: collectionPermissions(row.ownerId, row.shared),
    ...Object.fromEntries(attributes.map((attribute) => [attribute, values[attribute]])),
  }
}
