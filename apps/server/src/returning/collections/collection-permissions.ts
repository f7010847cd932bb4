import { ID_PATTERN } from '@pg/shared/constants'
import { AppwriteError, invalidParam } from '../../platform/appwrite/errors'
import { said } from '../../platform/error-messages/error-message'

/** Appwrite's limit on a document's permissions (APP_LIMIT_ARRAY_PARAMS_SIZE). */
const MAX_PERMISSIONS = 100

/** A document's actions, as Appwrite's Permissions validator accepts them (`create` is a collection's). */
const ACTIONS = ['read', 'update', 'delete', 'write'] as const
type Action = (typeof ACTIONS)[number]

const PERMISSION_SHAPE = /^([a-z]+)\("([^"]*)"\)$/
const ROLE_SHAPE = /^([a-z]+)(?::([^/]*))?(?:\/(.*))?$/
const LABEL_PATTERN = /^[a-zA-Z0-9]{1,36}$/
const USER_DIMENSIONS = ['verified', 'unverified']

/** Whether a role is one Appwrite could parse: its name, then an id or a dimension where it takes one. */
function wellFormedRole(role: string): boolean {
  const [, name = '', id, dimension] = ROLE_SHAPE.exec(role) ?? []
  switch (name) {
    case 'any':
    case 'guests':
      return id === undefined && dimension === undefined
    case 'users':
      return id === undefined && (dimension === undefined || USER_DIMENSIONS.includes(dimension))
    case 'user':
      return (
        id !== undefined &&
        ID_PATTERN.test(id) &&
        (dimension === undefined || USER_DIMENSIONS.includes(dimension))
      )
    case 'team':
      return (
        id !== undefined && ID_PATTERN.test(id) && (dimension === undefined || ID_PATTERN.test(dimension))
      )
    case 'member':
      return id !== undefined && ID_PATTERN.test(id) && dimension === undefined
    case 'label':
      return id !== undefined && LABEL_PATTERN.test(id) && dimension === undefined
    default:
      return false
  }
}

const isAction = (action: string): action is Action => ACTIONS.some((known) => known === action)

/** `read("user:ID")` into its action and role; a string Appwrite would not parse is a 400. */
function parsePermission(permission: string): { action: Action; role: string } {
  const [, action = '', role = ''] = PERMISSION_SHAPE.exec(permission) ?? []
  if (!isAction(action) || !wellFormedRole(role))
    throw invalidParam('permissions', said('permissionFormatReason', { permission }))
  return { action, role }
}

/** What a member may write on their own collection: their three (or `write`), and `read("users")` to share. */
export const permissionsAllowedTo = (memberId: string) => [
  `read("user:${memberId}")`,
  `update("user:${memberId}")`,
  `delete("user:${memberId}")`,
  `write("user:${memberId}")`,
  'read("users")',
]

/** The permissions a collection is enforced with, as every answer shows them. */
export const collectionPermissions = (ownerId: string, shared: boolean) => [
  `read("user:${ownerId}")`,
  `update("user:${ownerId}")`,
  `delete("user:${ownerId}")`,
  ...(shared ? ['read("users")'] : []),
]

/**
 * The `permissions` a member sends for their own collection (decision 064), as whether it is shared:
 * none given keeps `current` (a new one: private, the owner's three, as Appwrite gives its creator).
 * A malformed list or string is a 400; a well-formed permission for anyone else, `any`, a team, a label
 * or an action on `users` other than read is Appwrite's 401; leaving out one of the owner's three is a 400,
 * so a collection is never orphaned.
 */
export function readCollectionPermissions(value: unknown, memberId: string, current: boolean): boolean {
  if (value === undefined || value === null) return current
  if (
    !Array.isArray(value) ||
    value.length > MAX_PERMISSIONS ||
    !value.every((item): item is string => typeof item === 'string')
  )
    throw invalidParam('permissions', said('permissionsListReason', { max: MAX_PERMISSIONS }))
  const ownRole = `user:${memberId}`
  const granted = new Set<Action>()
  let shared = false
  for (const { action, role } of value.map(parsePermission)) {
    if (role === ownRole) granted.add(action)
    else if (role === 'users' && action === 'read') shared = true
    else
      throw new AppwriteError(
        'user_unauthorized',
        said('permissionsNotYours', { allowed: permissionsAllowedTo(memberId) }),
      )
  }
  // Appwrite expands `write` into update and delete.
  const has = (action: Action) => granted.has(action) || (action !== 'read' && granted.has('write'))
  if (!has('read') || !has('update') || !has('delete'))
    throw invalidParam('permissions', said('ownerPermissionsReason', { role: ownRole }))
  return shared
}
