import { invalidQuery } from '../../platform/appwrite/errors'
import { said } from '../../platform/error-messages/error-message'
import { QUERY_LIMITS, type Filter } from '../../platform/appwrite/queries'
import { indexedKeys, type CollectionDefinition } from './collections'
import { filterableAttribute, foldedColumnFor, searchWords, textMatchingMethods } from './filter-sql'

export interface QueryWork {
  /** Values (or value-less conditions such as `isNull`): each a condition checked against a row. */
  values: number
  /** Text terms: each a pattern matched against the folded text of a row. */
  textTerms: number
  /** Values compared with attributes no b-tree index answers: each checked against every row read. */
  unindexed: number
}

/**
 * The work the filters of one request ask of the database, nested `or`/`and` included. With `limits`, a
 * request past them is refused, naming the limit and the attribute where it was passed; text matching
 * on an attribute without a text index is refused first (decision 016).
 */
export function queryWork(
  collection: CollectionDefinition,
  filters: Filter[],
  limits?: { values: number; textTerms: number },
): QueryWork {
  const work: QueryWork = { values: 0, textTerms: 0, unindexed: 0 }
  const indexed = indexedKeys(collection)
  const visit = (filter: Filter) => {
    if ('queries' in filter) {
      filter.queries.forEach(visit)
      return
    }
    const attribute = filterableAttribute(collection, filter.attribute)
    work.values += Math.max(1, filter.values.length)
    if (limits && work.values > limits.values) {
      throw invalidQuery(said('tooManyValues', { limit: limits.values, attribute: filter.attribute }))
    }
    if (attribute.type !== 'string' || !textMatchingMethods.includes(filter.method)) {
      if (!indexed.includes(filter.attribute)) work.unindexed += Math.max(1, filter.values.length)
      return
    }
    foldedColumnFor(collection, attribute, filter.method)
    work.textTerms +=
      filter.method === 'search'
        ? filter.values.reduce<number>((sum, value) => sum + searchWords(value).length, 0)
        : filter.values.length
    if (limits && work.textTerms > limits.textTerms) {
      throw invalidQuery(said('tooManyTextTerms', { limit: limits.textTerms, attribute: filter.attribute }))
    }
  }
  filters.forEach(visit)
  return work
}

/**
 * PGlite runs one statement at a time, so the work one request may ask for bounds how long it can keep
 * everyone else's statements waiting (decisions 016, 027).
 */
export function enforceQueryBudget(collection: CollectionDefinition, filters: Filter[]): void {
  queryWork(collection, filters, {
    values: QUERY_LIMITS.maxFilterValues,
    textTerms: QUERY_LIMITS.maxTextTerms,
  })
}
