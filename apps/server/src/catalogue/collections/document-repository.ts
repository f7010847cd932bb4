import { sql, type SQL } from 'drizzle-orm'
import { AppwriteError } from '../../platform/appwrite/errors'
import { said } from '../../platform/error-messages/error-message'
import type { ListQueries, Order } from '../../platform/appwrite/queries'
import type { DatabaseHandle } from '../../platform/db/client'
import type { AttributeDefinition, CollectionDefinition } from './collections'
import { column, filterableAttribute, whereSql } from './filter-sql'
import { projectionSql, resolveProjection, type Projection } from './projection'
import { queryWork } from './query-budget'
import { sequencesInSlices, sliceRowsFor } from './scan-in-slices'
import { takingTurns } from './taking-turns'
import { TOTAL_COUNT_LIMIT } from './total-count-limit'

export type Document = Record<string, unknown>

export { TOTAL_COUNT_LIMIT }

const BASE = 'd'
/** Rows after the cursor (and the offset) where a text filter first looks for its page. */
const NEARBY_ROWS = 1000

/** A bigint[] literal for `= ANY(…)`: one parameter, however many matches. */
const sequenceArray = (sequences: number[]) => sql`${`{${sequences.join(',')}}`}::bigint[]`

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
 * first descending (PostgreSQL's defaults), so the comparison spells out where they fall. Without NULLs
 * and in one direction it is a row comparison, which a b-tree index answers by starting right after the
 * cursor instead of walking every row before it.
 */
function afterCursorSql(
  collection: CollectionDefinition,
  orders: Order[],
  cursorId: string,
  alias: string,
): SQL {
  const table = sql.identifier(collection.table)
  const keys: { attribute: AttributeDefinition; ascending: boolean; mine: SQL; theirs: SQL }[] = []
  for (const order of orders) {
    const attribute = filterableAttribute(collection, order.attribute)
    keys.push({
      attribute,
      ascending: order.direction === 'asc',
      mine: column(alias, attribute.column),
      theirs: sql`(SELECT ${sql.identifier(attribute.column)} FROM ${table} WHERE id = ${cursorId})`,
    })
    // Orders after a unique attribute never decide anything.
    if (attribute.unique) break
  }
  const [first] = keys
  if (first && keys.every((key) => key.attribute.notNull && key.ascending === first.ascending)) {
    const mine = sql.join(
      keys.map((key) => key.mine),
      sql`, `,
    )
    const theirs = sql.join(
      keys.map((key) => key.theirs),
      sql`, `,
    )
    return first.ascending ? sql`(ROW(${mine}) > ROW(${theirs}))` : sql`(ROW(${mine}) < ROW(${theirs}))`
  }
  const clauses: SQL[] = []
  const equalities: SQL[] = []
  for (const { attribute, ascending, mine, theirs } of keys) {
    const after = attribute.notNull
      ? ascending
        ? sql`${mine} > ${theirs}`
        : sql`${mine} < ${theirs}`
      : ascending
        ? sql`(${theirs} IS NOT NULL AND (${mine} > ${theirs} OR ${mine} IS NULL))`
        : sql`((${theirs} IS NULL AND ${mine} IS NOT NULL) OR ${mine} < ${theirs})`
    clauses.push(equalities.length === 0 ? after : sql`(${sql.join([...equalities, after], sql` AND `)})`)
    equalities.push(
      attribute.notNull ? sql`${mine} = ${theirs}` : sql`${mine} IS NOT DISTINCT FROM ${theirs}`,
    )
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

export function createDocumentRepository(store: DatabaseHandle) {
  const database = takingTurns(store)
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
      const filtered = (alias: string) => whereSql(collection, alias, queries.filters)
      const where = filtered(BASE)
      const reverse = queries.cursor?.direction === 'before'
      const orders = effectiveOrders(queries.orders, reverse)
      const cursor = queries.cursor
      if (cursor && !(await cursorExists(collection, cursor.documentId))) {
        throw new AppwriteError(
          'general_cursor_not_found',
          said('cursorDocumentNotFound', { id: cursor.documentId }),
        )
      }
      const afterCursor = (alias: string) =>
        cursor ? afterCursorSql(collection, orders, cursor.documentId, alias) : sql`TRUE`
      const listing = (rows: Record<string, unknown>[], total: number) => {
        if (reverse) rows.reverse()
        return { total, documents: rows.map((row) => toDocument(row, projection, context)) }
      }
      const { columns, joins } = projectionSql(projection, BASE)
      const orderBy = sql.join(
        orders.map((order) => {
          const target = column(BASE, filterableAttribute(collection, order.attribute).column)
          return order.direction === 'asc' ? sql`${target} ASC` : sql`${target} DESC`
        }),
        sql`, `,
      )
      const table = sql`${sql.identifier(collection.table)}`
      const page = (source: SQL, condition: SQL) =>
        database.rows(sql`
          SELECT ${columns} FROM ${source} ${sql.raw(BASE)}${joins}
          WHERE ${condition}
          ORDER BY ${orderBy}
          LIMIT ${queries.limit} OFFSET ${queries.offset}`)

      const work = queryWork(collection, queries.filters)
      const scanned = work.textTerms + work.unindexed
      if (scanned === 0) {
        const total = withTotal
          ? database.rows(sql`
              SELECT count(*)::int AS total FROM (
                SELECT 1 FROM ${table} ${sql.raw(BASE)} WHERE ${where} LIMIT ${TOTAL_COUNT_LIMIT}
              ) counted`)
          : Promise.resolve([{ total: 0 }])
        const [rows, [counted]] = await Promise.all([
          page(table, sql`${where} AND ${afterCursor(BASE)}`),
          total,
        ])
        return listing(rows, Number(counted?.total ?? 0))
      }

      // Conditions no b-tree index answers (text terms, unindexed attributes) may have to be checked
      // against every row, which on the embedded database would keep everyone waiting (decision 016);
      // and the planner cannot tell a common term from a rare one. So the page is first looked for among
      // the rows just after the cursor, where common matches fill it…
      const nearby = sql`(
        SELECT * FROM ${table} ${sql.raw(BASE)} WHERE ${afterCursor(BASE)}
        ORDER BY ${orderBy} LIMIT ${queries.offset + NEARBY_ROWS})`
      let rows = await page(nearby, where)
      if (rows.length < queries.limit) {
        // …and else among the matches found one slice of the table at a time.
        const [first] = orders
        const walk =
          orders.length === 1 && first?.attribute === '$sequence'
            ? { count: queries.offset + queries.limit, direction: first.direction }
            : undefined
        const matches = await sequencesInSlices(
          database,
          collection.table,
          (alias) => sql`${filtered(alias)} AND ${afterCursor(alias)}`,
          { enough: walk, sliceRows: sliceRowsFor(scanned) },
        )
        rows = await page(table, sql`${column(BASE, 'sequence')} = ANY(${sequenceArray(matches)})`)
      }
      const total = withTotal
        ? Math.min(
            TOTAL_COUNT_LIMIT,
            (
              await sequencesInSlices(database, collection.table, filtered, {
                enough: { count: TOTAL_COUNT_LIMIT, direction: 'asc' },
                sliceRows: sliceRowsFor(scanned),
              })
            ).length,
          )
        : 0
      return listing(rows, total)
    },

    /**
     * Plans a text search once, before the server listens: the first one loads the folding dictionary
     * and the trigram statistics, a tenth of a second the embedded database would otherwise spend on
     * the first member's search while everyone waits.
     */
    async warmUp() {
      await database.rows(
        sql`EXPLAIN SELECT id FROM projects WHERE title_search LIKE '%' || search_text('Información') || '%' LIMIT 1`,
      )
    },

    /**
     * The documents whose `$sequence` is in (after, last], each serialized with this projection, by id:
     * the cards the search index keeps (decision 030).
     */
    async serializedRange(context: DocumentContext, projection: Projection, after: number, last: number) {
      const { columns, joins } = projectionSql(projection, BASE)
      const sequence = column(BASE, 'sequence')
      const rows = await database.rows(sql`
        SELECT ${columns} FROM ${sql.identifier(context.collection.table)} ${sql.raw(BASE)}${joins}
        WHERE ${sequence} > ${after} AND ${sequence} <= ${last}`)
      return new Map(
        rows.map((row) => [String(row.$id), JSON.stringify(toDocument(row, projection, context))]),
      )
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
