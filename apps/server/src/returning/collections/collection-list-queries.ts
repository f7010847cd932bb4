import { invalidQuery } from '../../platform/appwrite/errors'
import { parseListQueries, type Filter } from '../../platform/appwrite/queries'
import { said } from '../../platform/error-messages/error-message'
import { ORDER_COLUMNS, type CollectionOrder, type OrderKey } from './collection-repository'

/** The attributes a list may be filtered by (with `equal`): what the owner's index and the key answer. */
const FILTERABLE = ['ownerId', '$id'] as const
type Filterable = (typeof FILTERABLE)[number]
const KNOWN = [
  'name',
  'projectIds',
  'position',
  'ownerId',
  'shareId',
  '$id',
  '$sequence',
  '$createdAt',
  '$updatedAt',
]
/** What the parser takes at the top level here: every other method is Appwrite's query error. */
const ALLOWED = ['equal', 'select', 'orderAsc', 'orderDesc', 'cursorAfter', 'cursorBefore', 'limit', 'offset']

// Its own keys only: `in` would take `constructor` or `__proto__` from a request for a column.
const isOrderKey = (key: string): key is OrderKey => Object.hasOwn(ORDER_COLUMNS, key)
const isFilterable = (key: string): key is Filterable => FILTERABLE.some((name) => name === key)

export interface CollectionListQueries {
  ownerIds: string[] | null
  ids: string[] | null
  orders: CollectionOrder[]
  cursor: { direction: 'after' | 'before'; documentId: string } | null
  limit: number
  offset: number
  select: string[] | null
}

/** One `equal` on `ownerId` or `$id`, with text values; anything else says why it is refused. */
function readFilter(filter: Filter): { attribute: Filterable; values: string[] } {
  if ('queries' in filter)
    throw invalidQuery(said('queryNotAllowed', { method: filter.method, allowed: ALLOWED }))
  const { method, attribute, values } = filter
  if (!KNOWN.includes(attribute)) throw invalidQuery(said('attributeNotFound', { key: attribute }))
  if (method !== 'equal' || !isFilterable(attribute))
    throw invalidQuery(said('methodNotApplicable', { method, attribute }))
  const texts = values.filter((value): value is string => typeof value === 'string')
  if (texts.length !== values.length) throw invalidQuery(said('queryValueInvalid', { key: attribute }))
  return { attribute, values: texts }
}

/**
 * Appwrite's queries of listDocuments, as the members' collections take them: `equal` on `ownerId` and
 * `$id` (two on one attribute match both; both within the member's own, decision 070), orders on the
 * indexed attributes (then `$sequence`, so a cursor always finds its place), cursors, limit, offset and
 * select.
 */
export function readCollectionListQueries(texts: string[]): CollectionListQueries {
  const queries = parseListQueries(texts)
  const chosen: Record<Filterable, string[] | null> = { ownerId: null, $id: null }
  for (const filter of queries.filters) {
    const { attribute, values } = readFilter(filter)
    const earlier = chosen[attribute]
    chosen[attribute] = earlier ? values.filter((value) => earlier.includes(value)) : [...new Set(values)]
  }
  const orders: CollectionOrder[] = queries.orders.map(({ attribute, direction }) => {
    if (!isOrderKey(attribute))
      throw invalidQuery(
        said('attributeNotOrderable', { key: attribute, indexed: Object.keys(ORDER_COLUMNS) }),
      )
    return { key: attribute, direction }
  })
  if (orders.at(-1)?.key !== '$sequence') orders.push({ key: '$sequence', direction: 'asc' })
  return {
    ownerIds: chosen.ownerId,
    ids: chosen.$id,
    orders,
    cursor: queries.cursor,
    limit: queries.limit,
    offset: queries.offset,
    select: queries.select,
  }
}
