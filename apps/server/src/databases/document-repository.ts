import { sql, type SQL } from 'drizzle-orm'
import { AppwriteError } from '../appwrite/errors'
import type { ListQueries, Order } from '../appwrite/queries'
import type { DatabaseHandle } from '../db/client'
import type { CollectionDefinition } from './collections'
import { column, filterableAttribute, whereSql } from './filter-sql'
import { projectionSql, resolveProjection, type Projection } from './projection'

export type Document = Record<string, unknown>

/** Totals are counted up to this many documents, as Appwrite does. */
export const TOTAL_COUNT_LIMIT = 5000

const BASE = 'd'

interface DocumentContext {
  databaseId: string
  collection: CollectionDefinition
}

function toDocument(
  row: Record<string, unknown>,
  projection: Projection,
  context: DocumentContext,
): Document {
  const document = (prefix: string, collectionId: string): Document => ({
    $id: row[`${prefix}$id`],
    $sequence: row[`${prefix}$sequence`],
    $collectionId: collectionId,
    $databaseId: context.databaseId,
    $createdAt: row[`${prefix}$createdAt`],
    $updatedAt: row[`${prefix}$updatedAt`],
    $permissions: [],
  })
  const result = document('', context.collection.id)
  for (const attribute of projection.attributes) result[attribute.key] = row[attribute.key] ?? null
  for (const { relationship, target, attributes } of projection.relationships) {
    if (attributes === null) {
      result[relationship.key] = row[relationship.key] ?? null
      continue
    }
    const prefix = `${relationship.key}.`
    if (row[`${prefix}$id`] === null || row[`${prefix}$id`] === undefined) {
      result[relationship.key] = null
      continue
    }
    const nested = document(prefix, target.id)
    for (const attribute of attributes) nested[attribute.key] = row[prefix + attribute.key] ?? null
    result[relationship.key] = nested
  }
  return result
}

/**
 * Keyset condition "strictly after the cursor document in this order". NULLs sort last ascending and
 * first descending (PostgreSQL's defaults), so the comparison spells out where they fall.
 */
function afterCursorSql(collection: CollectionDefinition, orders: Order[], cursorId: string): SQL {
  const table = sql.identifier(collection.table)
  const clauses: SQL[] = []
  const equalities: SQL[] = []
  for (const order of orders) {
    const attribute = filterableAttribute(collection, order.attribute)
    const mine = column(BASE, attribute.column)
    const theirs = sql`(SELECT ${sql.identifier(attribute.column)} FROM ${table} WHERE id = ${cursorId})`
    const after =
      order.direction === 'asc'
        ? sql`(${theirs} IS NOT NULL AND (${mine} > ${theirs} OR ${mine} IS NULL))`
        : sql`((${theirs} IS NULL AND ${mine} IS NOT NULL) OR ${mine} < ${theirs})`
    clauses.push(equalities.length === 0 ? after : sql`(${sql.join([...equalities, after], sql` AND `)})`)
    equalities.push(sql`${mine} IS NOT DISTINCT FROM ${theirs}`)
  }
  return sql`(${sql.join(clauses, sql` OR `)})`
}

function effectiveOrders(orders: Order[], reverse: boolean): Order[] {
  const withTieBreaker =
    orders.at(-1)?.attribute === '$sequence'
      ? orders
      : [...orders, { attribute: '$sequence', direction: 'asc' as const }]
  if (!reverse) return withTieBreaker
  return withTieBreaker.map((order) => ({ ...order, direction: order.direction === 'asc' ? 'desc' : 'asc' }))
}

export function createDocumentRepository(database: DatabaseHandle) {
  async function cursorExists(collection: CollectionDefinition, documentId: string) {
    const rows = await database.rows(
      sql`SELECT 1 AS found FROM ${sql.identifier(collection.table)} WHERE id = ${documentId} LIMIT 1`,
    )
    return rows.length > 0
  }

  return {
    async list(context: DocumentContext, queries: ListQueries, withTotal: boolean) {
      const { collection } = context
      const projection = resolveProjection(collection, queries.select)
      const where = whereSql(collection, BASE, queries.filters)
      const reverse = queries.cursor?.direction === 'before'
      const orders = effectiveOrders(queries.orders, reverse)
      const conditions = [where]
      if (queries.cursor) {
        if (!(await cursorExists(collection, queries.cursor.documentId))) {
          throw new AppwriteError(
            'general_cursor_not_found',
            `Cursor document "${queries.cursor.documentId}" not found.`,
          )
        }
        conditions.push(afterCursorSql(collection, orders, queries.cursor.documentId))
      }
      const { columns, joins } = projectionSql(projection, BASE)
      const orderBy = orders.map((order) => {
        const target = column(BASE, filterableAttribute(collection, order.attribute).column)
        return order.direction === 'asc' ? sql`${target} ASC` : sql`${target} DESC`
      })
      const table = sql.identifier(collection.table)
      const page = database.rows(sql`
        SELECT ${columns} FROM ${table} ${sql.raw(BASE)}${joins}
        WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY ${sql.join(orderBy, sql`, `)}
        LIMIT ${queries.limit} OFFSET ${queries.offset}`)
      const total = withTotal
        ? database.rows(sql`
            SELECT count(*)::int AS total FROM (
              SELECT 1 FROM ${table} ${sql.raw(BASE)} WHERE ${where} LIMIT ${TOTAL_COUNT_LIMIT}
            ) counted`)
        : Promise.resolve([{ total: 0 }])
      const [rows, [counted]] = await Promise.all([page, total])
      if (reverse) rows.reverse()
      return {
        total: Number(counted?.total ?? 0),
        documents: rows.map((row) => toDocument(row, projection, context)),
      }
    },

    async get(context: DocumentContext, documentId: string, select: string[] | null) {
      const projection = resolveProjection(context.collection, select)
      const { columns, joins } = projectionSql(projection, BASE)
      const [row] = await database.rows(sql`
        SELECT ${columns} FROM ${sql.identifier(context.collection.table)} ${sql.raw(BASE)}${joins}
        WHERE ${column(BASE, 'id')} = ${documentId} LIMIT 1`)
      return row ? toDocument(row, projection, context) : null
    },
  }
}

export type DocumentRepository = ReturnType<typeof createDocumentRepository>
