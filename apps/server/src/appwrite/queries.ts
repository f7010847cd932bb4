import { invalidParam, invalidQuery } from './errors'
import { containsNul } from './nul'

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
    throw invalidQuery('Query must be a JSON object with a method.')
  }
  const method: unknown = Reflect.get(value, 'method')
  const attribute: unknown = Reflect.get(value, 'attribute')
  const values: unknown = Reflect.get(value, 'values')
  if (typeof method !== 'string' || method === '') throw invalidQuery('Query method is missing.')
  if (method.length > 64) throw invalidQuery('Query method is not valid.')
  if (attribute !== undefined && attribute !== null && typeof attribute !== 'string') {
    throw invalidQuery(`Attribute of "${method}" must be a string.`)
  }
  if (typeof attribute === 'string' && attribute.length > 128)
    throw invalidQuery('Attribute name is too long.')
  if (values !== undefined && values !== null && !Array.isArray(values)) {
    throw invalidQuery(`Values of "${method}" must be an array.`)
  }
  return { method, attribute: attribute ?? undefined, values: values ?? [] }
}

function parseFilter(raw: RawQuery, depth: number): Filter {
  if (raw.method === 'or' || raw.method === 'and') {
    if (depth >= QUERY_LIMITS.maxDepth) {
      throw invalidQuery(`Queries can be nested at most ${QUERY_LIMITS.maxDepth} levels deep.`)
    }
    if (raw.values.length < 2) throw invalidQuery(`"${raw.method}" queries require at least two queries.`)
    if (raw.values.length > QUERY_LIMITS.maxValues)
      throw invalidQuery(`"${raw.method}" holds too many queries.`)
    const queries = raw.values.map((nested) => {
      const inner = readRaw(nested)
      if (inner.method !== 'or' && inner.method !== 'and' && !isComparison(inner.method)) {
        throw invalidQuery(`"${raw.method}" queries can only contain filter queries, not "${inner.method}".`)
      }
      return parseFilter(inner, depth + 1)
    })
    return { method: raw.method, queries }
  }
  if (!isComparison(raw.method)) throw invalidQuery(`Invalid query method: ${raw.method}`)
  const method = raw.method
  if (!raw.attribute) throw invalidQuery(`Attribute is required for "${method}".`)
  const [min, max] = valueCounts[method]
  if (raw.values.length < min || raw.values.length > max) {
    const expected = min === max ? `exactly ${min}` : `between ${min} and ${max}`
    throw invalidQuery(`"${method}" takes ${expected} value${max === 1 ? '' : 's'}.`)
  }
  if (!raw.values.every(isScalar)) {
    throw invalidQuery(`Values of "${method}" must be strings, numbers or booleans.`)
  }
  return { method, attribute: raw.attribute, values: raw.values.filter(isScalar) }
}

function singleInteger(raw: RawQuery, min: number, max: number): number {
  const [value] = raw.values
  if (raw.values.length !== 1 || typeof value !== 'number' || !Number.isInteger(value)) {
    throw invalidQuery(`"${raw.method}" takes one integer value.`)
  }
  if (value < min || value > max) {
    throw invalidQuery(`Invalid ${raw.method} param: Value must be a valid range between ${min} and ${max}`)
  }
  return value
}

function parseOne(text: string): RawQuery {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw invalidQuery(
      'Syntax error: each query must be a JSON string such as {"method":"limit","values":[20]}.',
    )
  }
  if (containsNul(json)) throw invalidQuery('Query values must not contain NUL characters.')
  return readRaw(json)
}

/** Validates the `queries` request parameter: an array of at most 100 JSON strings of ≤ 4096 characters. */
export function readQueriesParam(value: unknown): string[] {
  if (value === undefined) return []
  const list = typeof value === 'string' ? [value] : value
  const reason = `Value must a valid array no longer than ${QUERY_LIMITS.maxQueries} items and Value must be a valid string and at least 1 chars and no longer than ${QUERY_LIMITS.maxQueryLength} chars`
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
    if (seen.has(method)) throw invalidQuery(`Only one "${method}" query is allowed.`)
    seen.add(method)
  }
  for (const text of texts) {
    const raw = parseOne(text)
    if (options.allowOnly && !options.allowOnly.includes(raw.method)) {
      throw invalidQuery(`"${raw.method}" is not allowed here; only ${options.allowOnly.join(', ')}.`)
    }
    switch (raw.method) {
      case 'select': {
        if (raw.values.length === 0 || raw.values.length > QUERY_LIMITS.maxValues) {
          throw invalidQuery('"select" takes between 1 and 100 attribute names.')
        }
        const names = raw.values.filter((name): name is string => typeof name === 'string' && name !== '')
        if (names.length !== raw.values.length) throw invalidQuery('"select" values must be attribute names.')
        result.select = [...new Set([...(result.select ?? []), ...names])]
        break
      }
      case 'orderAsc':
      case 'orderDesc':
        if (result.orders.length >= 10) throw invalidQuery('At most 10 order queries are allowed.')
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
          throw invalidQuery(`"${raw.method}" takes one document id.`)
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
