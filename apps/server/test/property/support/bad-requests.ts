import fc from 'fast-check'
import { QUERY_LIMITS } from '../../../src/platform/appwrite/queries'
import { queryString, type ErrorType } from './answers'
import { singleBadQuery } from './bad-query-values'
import { FILLER, type CollectionId, type Query } from './query-model'

/** A whole list request that must be refused: its query string and the error type expected. */
export interface BadRequest {
  collection: CollectionId
  search: string
  type: ErrorType
}

/** One bad query among valid ones: a single bad query spoils the whole request. */
export const badQueryAmongValid: fc.Arbitrary<BadRequest> = singleBadQuery.chain((bad) =>
  fc
    .tuple(
      fc.subarray(FILLER[bad.collection], { maxLength: Math.min(3, FILLER[bad.collection].length) }),
      fc.nat(),
    )
    .map(([filler, position]) => {
      const texts = filler.map((query) => JSON.stringify(query))
      texts.splice(position % (texts.length + 1), 0, bad.text)
      return { collection: bad.collection, search: queryString(texts), type: bad.type }
    }),
)

const projectsRequest = (search: string, type: ErrorType): BadRequest => ({
  collection: 'projects',
  search,
  type,
})
const containsText = (value: string) =>
  JSON.stringify({ method: 'contains', attribute: 'title', values: [value] })

/** Requests that break the rules about the `queries` parameter itself. */
export const badQueriesParam: fc.Arbitrary<BadRequest> = fc.oneof(
  // Duplicated single-use queries and too many orders.
  fc
    .constantFrom<Query[]>(
      [
        { method: 'limit', values: [5] },
        { method: 'limit', values: [5] },
      ],
      [
        { method: 'offset', values: [0] },
        { method: 'offset', values: [1] },
      ],
      [
        { method: 'cursorAfter', values: ['demo-0001'] },
        { method: 'cursorBefore', values: ['demo-0002'] },
      ],
      Array.from({ length: 11 }, (): Query => ({ method: 'orderAsc', attribute: 'title' })),
    )
    .map((queries) =>
      projectsRequest(queryString(queries.map((query) => JSON.stringify(query))), 'general_query_invalid'),
    ),
  // A query of 4097 to 6000 characters.
  fc
    .integer({ min: QUERY_LIMITS.maxQueryLength + 1, max: 6000 })
    .map((length) =>
      projectsRequest(
        queryString([containsText('a'.repeat(length - containsText('').length))]),
        'general_argument_invalid',
      ),
    ),
  // More than 100 queries.
  fc
    .integer({ min: QUERY_LIMITS.maxQueries + 1, max: 250 })
    .map((count) =>
      projectsRequest(
        queryString(
          Array.from({ length: count }, () => JSON.stringify({ method: 'isNotNull', attribute: 'title' })),
        ),
        'general_argument_invalid',
      ),
    ),
  // `queries` that is not an array of non-empty strings.
  fc
    .oneof(
      fc
        .tuple(fc.stringMatching(/^[a-z][a-z_]{0,9}$/), fc.string({ maxLength: 10 }))
        .filter(([key]) => !(key in {}))
        .map(([key, value]) => `queries[${key}]=${encodeURIComponent(value)}`),
      fc.constantFrom(
        'queries[0][method]=limit',
        'queries[]=',
        'queries=',
        'queries[0]=&queries[1]=x',
        'queries[300]=x',
      ),
    )
    .map((search) => projectsRequest(search, 'general_argument_invalid')),
)
