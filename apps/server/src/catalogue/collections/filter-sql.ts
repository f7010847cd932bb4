import { sql, type SQL } from 'drizzle-orm'
import { invalidQuery } from '../../platform/appwrite/errors'
import { isStorableTime } from '../../platform/db/storable-values'
import { said } from '../../platform/error-messages/error-message'
import type { Comparison, Filter, Scalar } from '../../platform/appwrite/queries'
import {
  alwaysOrderable,
  internalAttributes,
  type AttributeDefinition,
  type CollectionDefinition,
} from './collections'

/** Resolves an attribute usable in filters and orders; relationships filter on the related id. */
export function filterableAttribute(collection: CollectionDefinition, key: string): AttributeDefinition {
  const own = [...internalAttributes, ...collection.attributes].find((attribute) => attribute.key === key)
  if (own) return own
  const relationship = collection.relationships.find((candidate) => candidate.key === key)
  if (relationship) return { key, column: relationship.column, type: 'id' }
  throw invalidQuery(said('attributeNotFound', { key }))
}

/** An attribute an order may name: `$id`, `$sequence` or one the collection keeps a b-tree index for. */
export function orderableAttribute(collection: CollectionDefinition, key: string): AttributeDefinition {
  const attribute = filterableAttribute(collection, key)
  const allowed = [...alwaysOrderable, ...collection.orderable]
  if (!allowed.includes(key)) {
    throw invalidQuery(said('attributeNotOrderable', { key, indexed: allowed }))
  }
  return attribute
}

/** Methods that compare text case- and accent-insensitively, through the attribute's folded column. */
export const textMatchingMethods: readonly string[] = [
  'equal',
  'notEqual',
  'contains',
  'startsWith',
  'endsWith',
  'search',
]

/** The folded, trigram-indexed column that text matching on this attribute reads; refused without one. */
export function foldedColumnFor(
  collection: CollectionDefinition,
  attribute: AttributeDefinition,
  method: string,
) {
  if (attribute.foldedColumn) return attribute.foldedColumn
  const indexed = collection.attributes.filter((candidate) => candidate.foldedColumn).map(({ key }) => key)
  throw invalidQuery(said('attributeWithoutTextIndex', { method, key: attribute.key, indexed }))
}

export const column = (alias: string, name: string) => sql.raw(`${alias}."${name.replaceAll('"', '""')}"`)

/**
 * The value is folded first (lower case, no accents) and escaped after, in SQL: folding can create
 * characters that matter to LIKE or a regex (fullwidth ％ becomes %, © becomes (c)).
 */
const foldedLike = (value: string) =>
  sql`replace(replace(replace(search_text(${value}), '\\', '\\\\'), '%', '\\%'), '_', '\\_')`
const foldedRegex = (value: string) =>
  sql`regexp_replace(search_text(${value}), '([^[:alnum:][:space:]])', '\\\\\\1', 'g')`
const INT_MIN = -(2 ** 31)
const INT_MAX = 2 ** 31 - 1
const list = (values: SQL[]) => sql.join(values, sql`, `)

/** Checks a value against the attribute's type and turns it into a SQL parameter. */
function parameter(attribute: AttributeDefinition, value: Scalar): SQL {
  const invalid = () => invalidQuery(said('queryValueInvalid', { key: attribute.key }))
  switch (attribute.type) {
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < INT_MIN || value > INT_MAX)
        throw invalid()
      return sql`${value}`
    case 'sequence': {
      const text = String(value)
      if (!/^\d{1,15}$/.test(text)) throw invalid()
      return sql`${Number(text)}`
    }
    case 'datetime': {
      const date = typeof value === 'string' && value.length <= 40 ? new Date(value) : null
      // A moment the database can be given (years 1–9999); Date accepts more.
      if (!date || !isStorableTime(date)) throw invalid()
      return sql`${date.toISOString()}::timestamptz`
    }
    case 'id':
    case 'string':
      if (typeof value !== 'string') throw invalid()
      return sql`${value}`
  }
}

/** The words of a `search` value; each is a text term of the request's budget. */
export const searchWords = (value: Scalar) => String(value).split(/\s+/).filter(Boolean)

const textOnly = (attribute: AttributeDefinition, method: string) => {
  if (attribute.type !== 'string') {
    throw invalidQuery(said('attributeNotText', { method, key: attribute.key }))
  }
}

/**
 * Text attributes compare case- and accent-insensitively (like Appwrite's default MariaDB collation);
 * ids compare exactly.
 */
function comparison(collection: CollectionDefinition, alias: string, filter: Comparison): SQL {
  const attribute = filterableAttribute(collection, filter.attribute)
  const target = column(alias, attribute.column)
  const isText = attribute.type === 'string'
  if (!isText && ['startsWith', 'endsWith', 'contains', 'search'].includes(filter.method)) {
    textOnly(attribute, filter.method)
  }
  const folded =
    isText && textMatchingMethods.includes(filter.method)
      ? column(alias, foldedColumnFor(collection, attribute, filter.method))
      : target
  const values = filter.values
  const first = values[0] ?? ''
  switch (filter.method) {
    case 'equal':
    case 'notEqual': {
      const params = values.map((value) =>
        isText ? sql`search_text(${parameter(attribute, value)})` : parameter(attribute, value),
      )
      const subject = isText ? folded : target
      return filter.method === 'equal'
        ? sql`${subject} IN (${list(params)})`
        : sql`${subject} NOT IN (${list(params)})`
    }
    case 'lessThan':
      return sql`${target} < ${parameter(attribute, first)}`
    case 'lessThanEqual':
      return sql`${target} <= ${parameter(attribute, first)}`
    case 'greaterThan':
      return sql`${target} > ${parameter(attribute, first)}`
    case 'greaterThanEqual':
      return sql`${target} >= ${parameter(attribute, first)}`
    case 'between':
      return sql`${target} BETWEEN ${parameter(attribute, first)} AND ${parameter(attribute, values[1] ?? '')}`
    case 'isNull':
      return sql`${target} IS NULL`
    case 'isNotNull':
      return sql`${target} IS NOT NULL`
    case 'startsWith':
    case 'endsWith':
    case 'contains': {
      const patterns = values.map((value) => {
        if (typeof value !== 'string') throw invalidQuery(said('queryValueInvalid', { key: attribute.key }))
        const pattern = foldedLike(value)
        if (filter.method === 'startsWith') return sql`${folded} LIKE ${pattern} || '%'`
        if (filter.method === 'endsWith') return sql`${folded} LIKE '%' || ${pattern}`
        return sql`${folded} LIKE '%' || ${pattern} || '%'`
      })
      return patterns.length === 1 ? (patterns[0] ?? sql`FALSE`) : sql`(${sql.join(patterns, sql` OR `)})`
    }
    case 'search': {
      // Like a fulltext search in boolean mode: any word, matched at the start of a word.
      const words = searchWords(first)
      if (words.length === 0) return sql`TRUE`
      // One regular expression for all the words: a row is read once, not once per word. Words that
      // fold to nothing are left out (an empty alternative would match at every word).
      const alternatives = sql`concat_ws('|', ${list(words.map((word) => sql`NULLIF(${foldedRegex(word)}, '')`))})`
      return sql`(${alternatives} <> '' AND ${folded} ~ ('\\m(' || ${alternatives} || ')'))`
    }
  }
}

export function filterSql(collection: CollectionDefinition, alias: string, filter: Filter): SQL {
  if ('queries' in filter) {
    const parts = filter.queries.map((inner) => filterSql(collection, alias, inner))
    return sql`(${sql.join(parts, filter.method === 'or' ? sql` OR ` : sql` AND `)})`
  }
  return comparison(collection, alias, filter)
}

export function whereSql(collection: CollectionDefinition, alias: string, filters: Filter[]): SQL {
  if (filters.length === 0) return sql`TRUE`
  return sql.join(
    filters.map((filter) => filterSql(collection, alias, filter)),
    sql` AND `,
  )
}
