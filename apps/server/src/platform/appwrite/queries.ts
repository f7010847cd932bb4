import { said } from '../error-messages/error-message'
import { invalidParam, invalidQuery } from './errors'
import { unstorableText } from './nul'

/** Limits this server enforces on list queries (documented in the README, decisions 002 and 016). */
export const QUERY_LIMITS = {
  maxQueries: 100,
  maxQueryLength: 4096,
  maxValues: 100,
  /** Values (or value-less conditions) in all the filters of one request, nested ones included. */
  maxFilterValues: 100,
  /** Text terms matched in all the filters of one request: the gallery's search sends up to 20. */
  maxTextTerms: 20,
  /** Characters of a request's whole query string: the gallery's longest (50 ids) is about 2,800. */
  maxQueryStringLength: 8192,
  maxDepth: 3,
  defaultLimit: 25,
  maxLimit: 100,
  maxOffset: 5000,
} as const

export type Scalar = string | number | boolean

const comparisonMethods = [
  'equal',
  'notEqual',
  'lessThan',
  'lessThanEqual',
  'greaterThan',
  'greaterThanEqual',
  'between',
  'isNull',
  'isNotNull',
  'startsWith',
  'endsWith',
  'contains',
  'search',
] as const
export type ComparisonMethod = (typeof comparisonMethods)[number]

export interface Comparison {
  method: ComparisonMethod
  attribute: string
  values: Scalar[]
}
export type Filter = Comparison | { method: 'or' | 'and'; queries: Filter[] }

export interface Order {
  attribute: string
  direction: 'asc' | 'desc'
}

export interface ListQueries {
  filters: Filter[]
  select: string[] | null
  orders: Order[]
  cursor: { direction: 'after' | 'before'; documentId: string } | null
  limit: number
  offset: number
}

/** How many values each comparison takes: [min, max]. */
const valueCounts: Record<ComparisonMethod, readonly [number, number]> = {
  equal: [1, QUERY_LIMITS.maxValues],
  notEqual: [1, QUERY_LIMITS.maxValues],
  contains: [1, QUERY_LIMITS.maxValues],
  lessThan: [1, 1],
  lessThanEqual: [1, 1],
  greaterThan: [1, 1],
  greaterThanEqual: [1, 1],
  startsWith: [1, 1],
  endsWith: [1, 1],
  search: [1, 1],
  between: [2, 2],
  isNull: [0, 0],
  isNotNull: [0, 0],
}

interface RawQuery {
  method: string
  attribute: string | undefined
  values: unknown[]
}

const isComparison = (method: string): method is ComparisonMethod =>
  (comparisonMethods as readonly string[]).includes(method)

const isScalar = (value: unknown): value is Scalar =>
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value))

function readRaw(value: unknown): RawQuery {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidQuery(said('queryNotObject'))
  }
  const method: unknown = Reflect.get(value, 'method')
  const attribute: unknown = Reflect.get(value, 'attribute')
  const values: unknown = Reflect.get(value, 'values')
  if (typeof method !== 'string' || method === '') throw invalidQuery(said('queryMethodMissing'))
  if (method.length > 64) throw invalidQuery(said('queryMethodInvalid'))
  if (attribute !== undefined && attribute !== null && typeof attribute !== 'string') {
    throw invalidQuery(said('queryAttributeNotText', { method }))
  }
  if (typeof attribute === 'string' && attribute.length > 128)
    throw invalidQuery(said('queryAttributeTooLong'))
  if (values !== undefined && values !== null && !Array.isArray(values)) {
    throw invalidQuery(said('queryValuesNotList', { method }))
  }
  return { method, attribute: attribute ?? undefined, values: values ?? [] }
}

function parseFilter(raw: RawQuery, depth: number): Filter {
  if (raw.method === 'or' || raw.method === 'and') {
    if (depth >= QUERY_LIMITS.maxDepth) {
      throw invalidQuery(said('queryTooDeep', { levels: QUERY_LIMITS.maxDepth }))
    }
    if (raw.values.length < 2) throw invalidQuery(said('queryGroupTooSmall', { method: raw.method }))
    if (raw.values.length > QUERY_LIMITS.maxValues)
      throw invalidQuery(said('queryGroupTooLarge', { method: raw.method }))
    const queries = raw.values.map((nested) => {
      const inner = readRaw(nested)
      if (inner.method !== 'or' && inner.method !== 'and' && !isComparison(inner.method)) {
        throw invalidQuery(said('queryGroupNotFilter', { method: raw.method, inner: inner.method }))
      }
      return parseFilter(inner, depth + 1)
    })
    return { method: raw.method, queries }
  }
  if (!isComparison(raw.method)) throw invalidQuery(said('queryMethodUnknown', { method: raw.method }))
  const method = raw.method
  if (!raw.attribute) throw invalidQuery(said('queryAttributeRequired', { method }))
  const [min, max] = valueCounts[method]
  if (raw.values.length < min || raw.values.length > max) {
    throw invalidQuery(said('queryValueCount', { method, min, max }))
  }
  if (!raw.values.every(isScalar)) {
    throw invalidQuery(said('queryValuesNotScalar', { method }))
  }
  return { method, attribute: raw.attribute, values: raw.values.filter(isScalar) }
}

function singleInteger(raw: RawQuery, min: number, max: number): number {
  const [value] = raw.values
  if (raw.values.length !== 1 || typeof value !== 'number' || !Number.isInteger(value)) {
    throw invalidQuery(said('queryOneInteger', { method: raw.method }))
  }
  if (value < min || value > max) {
    throw invalidQuery(said('queryRange', { method: raw.method, min, max }))
  }
  return value
}

function parseOne(text: string): RawQuery {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw invalidQuery(said('querySyntax'))
  }
  const unstorable = unstorableText(json)
  if (unstorable === 'nul') throw invalidQuery(said('queryNul'))
  if (unstorable === 'surrogate') throw invalidQuery(said('unicodeReason'))
  return readRaw(json)
}

/** Validates the `queries` request parameter: an array of at most 100 JSON strings of ≤ 4096 characters. */
export function readQueriesParam(value: unknown): string[] {
  if (value === undefined) return []
  const list = typeof value === 'string' ? [value] : value
  const reason = said('queriesReason', { items: QUERY_LIMITS.maxQueries, chars: QUERY_LIMITS.maxQueryLength })
  if (!Array.isArray(list) || list.length > QUERY_LIMITS.maxQueries) throw invalidParam('queries', reason)
  const strings: string[] = []
  for (const item of list) {
    if (typeof item !== 'string' || item.length === 0 || item.length > QUERY_LIMITS.maxQueryLength) {
      throw invalidParam('queries', reason)
    }
    strings.push(item)
  }
  return strings
}

/** Parses Appwrite query strings into a typed list query; knows nothing of collections. */
export function parseListQueries(
  texts: string[],
  options: { allowOnly?: readonly string[] } = {},
): ListQueries {
  const result: ListQueries = {
    filters: [],
    select: null,
    orders: [],
    cursor: null,
    limit: QUERY_LIMITS.defaultLimit,
    offset: 0,
  }
  const seen = new Set<string>()
  const once = (method: string) => {
    if (seen.has(method)) throw invalidQuery(said('queryOnce', { method }))
    seen.add(method)
  }
  for (const text of texts) {
    const raw = parseOne(text)
    if (options.allowOnly && !options.allowOnly.includes(raw.method)) {
      throw invalidQuery(said('queryNotAllowed', { method: raw.method, allowed: options.allowOnly }))
    }
    switch (raw.method) {
      case 'select': {
        if (raw.values.length === 0 || raw.values.length > QUERY_LIMITS.maxValues) {
          throw invalidQuery(said('selectCount'))
        }
        const names = raw.values.filter((name): name is string => typeof name === 'string' && name !== '')
        if (names.length !== raw.values.length) throw invalidQuery(said('selectNames'))
        result.select = [...new Set([...(result.select ?? []), ...names])]
        break
      }
      case 'orderAsc':
      case 'orderDesc':
        if (result.orders.length >= 10) throw invalidQuery(said('orderCount'))
        result.orders.push({
          attribute: raw.attribute || '$sequence',
          direction: raw.method === 'orderAsc' ? 'asc' : 'desc',
        })
        break
      case 'cursorAfter':
      case 'cursorBefore': {
        once('cursor')
        const [documentId] = raw.values
        if (raw.values.length !== 1 || typeof documentId !== 'string' || documentId === '') {
          throw invalidQuery(said('cursorValue', { method: raw.method }))
        }
        result.cursor = { direction: raw.method === 'cursorAfter' ? 'after' : 'before', documentId }
        break
      }
      case 'limit':
        once('limit')
        result.limit = singleInteger(raw, 1, QUERY_LIMITS.maxLimit)
        break
      case 'offset':
        once('offset')
        result.offset = singleInteger(raw, 0, QUERY_LIMITS.maxOffset)
        break
      default:
        result.filters.push(parseFilter(raw, 0))
    }
  }
  return result
}
