import { and, arrayOverlaps, asc, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { users } from '../../platform/db/schema'
import { invalidQuery } from '../../platform/appwrite/errors'
import { said } from '../../platform/error-messages/error-message'
import { parseListQueries, type Filter, type Scalar } from '../../platform/appwrite/queries'

/** The queries `GET /v1/users` takes, as Appwrite's Users service does, on the attributes listed. */
const ALLOWED_METHODS = [
  'limit',
  'offset',
  'cursorAfter',
  'cursorBefore',
  'orderAsc',
  'orderDesc',
  'equal',
  'notEqual',
  'contains',
] as const

// Maps, not objects: a name from a request (`constructor`, `__proto__`) finds only what is listed.
const TEXT_ATTRIBUTES = new Map<string, AnyPgColumn>([
  ['$id', users.id],
  ['email', users.email],
  ['name', users.name],
])
const ORDER_ATTRIBUTES = new Map<string, AnyPgColumn>([
  ['$createdAt', users.sequence],
  ['$sequence', users.sequence],
  ['email', users.email],
  ['name', users.name],
  ['accessedAt', users.accessedAt],
])
const ATTRIBUTE_NAMES = [...TEXT_ATTRIBUTES.keys(), 'status', 'labels']

export interface UserListQuery {
  where: SQL | undefined
  orderBy: SQL[]
  limit: number
  offset: number
  /**
   * A page next to this member in `$createdAt` order: the members with a greater (or smaller)
   * `$sequence`; `readBackwards` when the page before the cursor is read nearest first, then reversed.
   */
  cursor: { userId: string; side: 'greater' | 'smaller'; readBackwards: boolean } | null
}

const strings = (values: Scalar[], attribute: string): string[] => {
  if (values.length === 0 || values.some((value) => typeof value !== 'string'))
    throw invalidQuery(said('textValues', { attribute }))
  return values.map(String)
}

function condition(filter: Filter): SQL {
  if (!('attribute' in filter)) throw invalidQuery(said('membersWithoutGroups'))
  const { method, attribute, values } = filter
  if (attribute === 'status') {
    if (method !== 'equal' || values.length !== 1 || typeof values[0] !== 'boolean')
      throw invalidQuery(said('membersStatus'))
    return eq(users.enabled, values[0])
  }
  if (attribute === 'labels') {
    if (method !== 'contains') throw invalidQuery(said('membersLabels'))
    return arrayOverlaps(users.labels, strings(values, attribute))
  }
  const column = TEXT_ATTRIBUTES.get(attribute)
  if (!column) throw invalidQuery(said('membersNotFilterable', { attribute, allowed: ATTRIBUTE_NAMES }))
  const wanted = strings(values, attribute)
  if (method === 'equal') return inArray(column, wanted)
  if (method === 'notEqual') return sql`NOT (${inArray(column, wanted)})`
  throw invalidQuery(said('methodNotApplicable', { method, attribute }))
}

/** `search`: every word of it found in the member's name or email, case and accents as typed. */
function searchCondition(search: string): SQL | undefined {
  const words = search.split(/\s+/).filter(Boolean).slice(0, 10)
  if (words.length === 0) return undefined
  return and(
    ...words.map((word) => {
      const pattern = `%${word.replace(/[\\%_]/g, (special) => `\\${special}`)}%`
      return or(sql`${users.email} ILIKE ${pattern}`, sql`${users.name} ILIKE ${pattern}`)
    }),
  )
}

export function parseUserListQueries(texts: string[], search: string | undefined): UserListQuery {
  const parsed = parseListQueries(texts, { allowOnly: ALLOWED_METHODS })
  const orderBy: SQL[] = []
  for (const order of parsed.orders) {
    const column = ORDER_ATTRIBUTES.get(order.attribute)
    if (!column)
      throw invalidQuery(
        said('membersNotOrderable', { attribute: order.attribute, allowed: [...ORDER_ATTRIBUTES.keys()] }),
      )
    orderBy.push(order.direction === 'asc' ? asc(column) : desc(column))
  }
  const bySequence = parsed.orders.every((order) => ORDER_ATTRIBUTES.get(order.attribute) === users.sequence)
  if (parsed.cursor && !bySequence) throw invalidQuery(said('membersCursorOrder'))
  const descending = parsed.orders[0]?.direction === 'desc'
  orderBy.push(descending ? desc(users.sequence) : asc(users.sequence))
  const conditions = [...parsed.filters.map(condition), search ? searchCondition(search) : undefined]
  const before = parsed.cursor?.direction === 'before'
  return {
    where: and(...conditions.filter((item): item is SQL => item !== undefined)),
    orderBy: parsed.cursor ? [before === descending ? asc(users.sequence) : desc(users.sequence)] : orderBy,
    limit: parsed.limit,
    offset: parsed.offset,
    cursor: parsed.cursor && {
      userId: parsed.cursor.documentId,
      side: before === descending ? 'greater' : 'smaller',
      readBackwards: before,
    },
  }
}

/** The members on the cursor's side of it. */
export const beyondCursor = (side: 'greater' | 'smaller', sequence: number) =>
  side === 'greater' ? gt(users.sequence, sequence) : lt(users.sequence, sequence)
