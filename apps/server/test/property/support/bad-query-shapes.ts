import fc from 'fast-check'
import { QUERY_LIMITS } from '../../../src/platform/appwrite/queries'
import { isRecord, type ErrorType } from './answers'
import {
  categoryIds,
  COMPARISONS,
  FILLER,
  projectIds,
  QUERY_METHODS,
  VALUE_COUNTS,
  type CollectionId,
  type Query,
} from './query-model'

// Queries that are not well-formed: not JSON, wrong shape, wrong counts, bad nesting.

/** One bad query's text and the error type it must be answered with. */
export interface BadQuery {
  collection: CollectionId
  text: string
  type: ErrorType
}

export const badText = (
  text: string,
  collection: CollectionId = 'projects',
  type: ErrorType = 'general_query_invalid',
): BadQuery => ({
  collection,
  text,
  // The `queries` parameter is checked (non-empty, at most 4096 characters) before any query is parsed.
  type: text === '' || text.length > QUERY_LIMITS.maxQueryLength ? 'general_argument_invalid' : type,
})
export const badQuery = (query: unknown, collection: CollectionId = 'projects', type?: ErrorType): BadQuery =>
  badText(JSON.stringify(query), collection, type)

const parsesToObject = (text: string) => {
  try {
    return isRecord(JSON.parse(text))
  } catch {
    return false
  }
}

const json = fc.jsonValue({ maxDepth: 2 })
const nonStringJson = json.filter((value) => typeof value !== 'string')
const nonScalarJson = fc.oneof(
  fc.constant(null),
  fc.array(json, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), json, { maxKeys: 3 }),
)
export const comparisonMethod = fc.constantFrom(...COMPARISONS)
const anyMethod = fc.constantFrom(...QUERY_METHODS)
export const leaf = fc.oneof(
  fc.constant<Query>({ method: 'isNotNull', attribute: 'author' }),
  fc
    .constantFrom(...categoryIds)
    .map((id): Query => ({ method: 'equal', attribute: 'category', values: [id] })),
  fc.constant<Query>({ method: 'contains', attribute: 'title', values: ['de'] }),
)
export const strings = (count: number) => Array.from({ length: count }, (_, index) => `v${index}`)
export const nonInteger = fc.oneof(
  fc
    .double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })
    .filter((n) => !Number.isInteger(n)),
  fc.string({ maxLength: 4 }),
  fc.boolean(),
)

const validQueryText = fc.constantFrom(...Object.values(FILLER).flat()).map((query) => JSON.stringify(query))

export const notJsonObject = fc
  .oneof(
    fc.string({ unit: 'grapheme', maxLength: 60 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.constantFrom(
      '{',
      '}',
      '[]',
      '{}',
      'null',
      'true',
      '1',
      '"limit"',
      'limit(5)',
      'equal("title", ["x"])',
    ),
  )
  .filter((text) => !parsesToObject(text))
  .map((text) => badText(text))

export const brokenJson = fc
  .oneof(
    validQueryText.chain((text) =>
      fc.integer({ min: 0, max: text.length - 1 }).map((cut) => text.slice(0, cut)),
    ),
    validQueryText.map((text) => text.replaceAll('"', "'")),
    validQueryText.map((text) => `${text.slice(0, -1)},}`),
    validQueryText.map((text) => text.replace(/"(\w+)":/g, '$1:')),
    validQueryText.map((text) => `${text}${text}`),
  )
  .map((text) => badText(text))

export const wrongShape = json.filter((value) => !isRecord(value)).map((value) => badQuery(value))

export const withoutMethod = fc
  .dictionary(
    fc.string({ maxLength: 10 }).filter((key) => key !== 'method'),
    json,
    { maxKeys: 4 },
  )
  .map((value) => badQuery(value))

export const methodNotString = fc
  .oneof(nonStringJson, fc.constant(''))
  .map((method) => badQuery({ method, attribute: 'title', values: ['x'] }))

export const unknownMethod = fc
  .oneof(
    fc.string({ maxLength: 80 }),
    fc.constantFrom(
      'Equal',
      'EQUAL',
      'orderasc',
      'OrderAsc',
      'cursor',
      'in',
      'like',
      'regex',
      'notContains',
      'notSearch',
      'notBetween',
      'notStartsWith',
      'createdAfter',
      'equal ',
      ' limit',
      'limit\u0000',
      '__proto__',
      'constructor',
    ),
  )
  .filter((method) => method !== '' && !QUERY_METHODS.includes(method))
  .map((method) => badQuery({ method, attribute: 'title', values: ['x'] }))

export const attributeWrongType = fc
  .tuple(
    anyMethod,
    fc.oneof(
      nonStringJson.filter((value) => value !== null),
      fc.string({ minLength: 129, maxLength: 200 }),
    ),
  )
  .map(([method, attribute]) => badQuery({ method, attribute, values: ['x'] }))

export const valuesNotArray = fc
  .tuple(
    anyMethod,
    json.filter((value) => value !== null && !Array.isArray(value)),
  )
  .map(([method, values]) => badQuery({ method, attribute: 'title', values }))

export const valuesWithBadItem = fc.oneof(
  fc.tuple(comparisonMethod, nonScalarJson, fc.nat()).map(([method, bad, position]) => {
    const [min, max] = VALUE_COUNTS[method]
    const values: unknown[] = strings(Math.max(1, Math.min(max, min + (position % 3))))
    values[position % values.length] = bad
    return badQuery({ method, attribute: 'title', values })
  }),
  fc
    .tuple(
      fc.constantFrom('limit', 'offset', 'cursorAfter', 'cursorBefore', 'select', 'or', 'and'),
      nonScalarJson,
    )
    .map(([method, bad]) =>
      badQuery({ method, values: method === 'or' || method === 'and' ? [bad, bad] : [bad] }),
    ),
  fc
    .constantFrom(
      '{"method":"equal","attribute":"title","values":[1e400]}',
      '{"method":"lessThan","attribute":"$sequence","values":[-1e400]}',
      '{"method":"limit","values":[1e400]}',
      '{"method":"equal","attribute":"title","values":["a",{"$ne":1}]}',
    )
    .map((text) => badText(text)),
)

export const wrongCount = fc.oneof(
  comparisonMethod.chain((method) => {
    const [min, max] = VALUE_COUNTS[method]
    const counts = [0, 1, 2, 3, 4, QUERY_LIMITS.maxValues + 1].filter((count) => count < min || count > max)
    return fc
      .constantFrom(...counts)
      .map((count) => badQuery({ method, attribute: 'title', values: strings(count) }))
  }),
  fc
    .tuple(fc.constantFrom('limit', 'offset'), fc.constantFrom(0, 2, 3))
    .map(([method, count]) => badQuery({ method, values: Array.from({ length: count }, () => 1) })),
  fc
    .tuple(fc.constantFrom('cursorAfter', 'cursorBefore'), fc.constantFrom(0, 2))
    .map(([method, count]) => badQuery({ method, values: projectIds.slice(0, count) })),
  fc
    .constantFrom(0, QUERY_LIMITS.maxValues + 1)
    .map((count) => badQuery({ method: 'select', values: Array.from({ length: count }, () => 'title') })),
)

export const limitOrOffsetOutOfRange = fc.oneof(
  fc
    .oneof(
      fc.integer({ min: -1_000_000, max: 0 }),
      fc.integer({ min: QUERY_LIMITS.maxLimit + 1 }),
      nonInteger,
    )
    .map((value) => badQuery({ method: 'limit', values: [value] })),
  fc
    .oneof(
      fc.integer({ min: -1_000_000, max: -1 }),
      fc.integer({ min: QUERY_LIMITS.maxOffset + 1 }),
      fc.constant(1e21),
      nonInteger,
    )
    .map((value) => badQuery({ method: 'offset', values: [value] })),
)

const nest = (depth: number, method: 'or' | 'and'): Query =>
  depth === 0
    ? { method: 'isNotNull', attribute: 'author' }
    : { method, values: [nest(depth - 1, method), { method: 'isNotNull', attribute: 'title' }] }
const logical = fc.constantFrom<'or' | 'and'>('or', 'and')
export const badNesting = fc.oneof(
  fc.tuple(logical, fc.array(leaf, { maxLength: 1 })).map(([method, values]) => badQuery({ method, values })),
  fc
    .tuple(logical, fc.integer({ min: QUERY_LIMITS.maxDepth + 1, max: 6 }))
    .map(([method, depth]) => badQuery(nest(depth, method))),
  fc
    .tuple(
      logical,
      leaf,
      fc.constantFrom<Query>(
        { method: 'limit', values: [1] },
        { method: 'offset', values: [1] },
        { method: 'select', values: ['title'] },
        { method: 'orderAsc', attribute: 'title' },
        { method: 'cursorAfter', values: ['demo-0001'] },
        { method: 'unknown', attribute: 'title', values: ['x'] },
      ),
    )
    .map(([method, good, bad]) => badQuery({ method, values: [good, bad] })),
  logical.map((method) =>
    badQuery({
      method,
      values: Array.from({ length: QUERY_LIMITS.maxValues + 1 }, () => ({
        method: 'isNull',
        attribute: 'author',
      })),
    }),
  ),
)
