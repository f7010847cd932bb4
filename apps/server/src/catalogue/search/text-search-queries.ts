import { COLLECTION_IDS } from '@pg/shared/constants'
import { TEXT_SEARCH_ATTRIBUTE } from '@pg/shared/search-text'
import { invalidQuery } from '../../platform/appwrite/errors'
import { said } from '../../platform/error-messages/error-message'
import type { Filter, ListQueries } from '../../platform/appwrite/queries'
import type { CollectionDefinition } from '../collections/collections'
import type { SearchOrder } from './ranked-page'

/** A valid `search("$text", …)` request: the text and the order of its answer. */
export interface TextSearchPlan {
  text: string
  order: SearchOrder
}

const attribute = TEXT_SEARCH_ATTRIBUTE

const usesText = (filter: Filter): boolean =>
  'queries' in filter ? filter.queries.some(usesText) : filter.attribute === TEXT_SEARCH_ATTRIBUTE

/** Orders a `$text` search can follow: relevance (none asked), or one attribute the index ranks. */
function searchOrder(orders: ListQueries['orders']): SearchOrder {
  const [first, second, ...rest] = orders
  const refuse = () => invalidQuery(said('textSearchOrder', { attribute }))
  if (!first) return { by: 'relevance', direction: 'asc', tieBreak: 'asc' }
  if (rest.length > 0 || (second && second.attribute !== '$sequence')) throw refuse()
  if (first.attribute === '$sequence') {
    if (second) throw refuse()
    return { by: '$sequence', direction: first.direction, tieBreak: first.direction }
  }
  if (first.attribute !== '$createdAt' && first.attribute !== 'title') throw refuse()
  return { by: first.attribute, direction: first.direction, tieBreak: second?.direction ?? 'asc' }
}

/**
 * `search("$text", words)` on projects is the member's search (decision 029): answered by the search
 * index, so it is a request of its own, alone among filters and never nested. Null when the request
 * does not name `$text` (other collections know no such attribute and refuse it as usual).
 */
export function textSearchPlan(
  collection: CollectionDefinition,
  queries: ListQueries,
): TextSearchPlan | null {
  if (collection.id !== COLLECTION_IDS.projects || !queries.filters.some(usesText)) return null
  const [filter, ...others] = queries.filters
  if (!filter || 'queries' in filter || filter.attribute !== TEXT_SEARCH_ATTRIBUTE) {
    throw invalidQuery(said('textSearchTopLevel', { attribute }))
  }
  if (filter.method !== 'search') {
    throw invalidQuery(said('textSearchOnly', { attribute, method: filter.method }))
  }
  if (others.length > 0) throw invalidQuery(said('textSearchAlone', { attribute }))
  const [value] = filter.values
  if (typeof value !== 'string') throw invalidQuery(said('textSearchText', { attribute }))
  return { text: value, order: searchOrder(queries.orders) }
}
