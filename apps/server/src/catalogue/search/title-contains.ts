import { COLLECTION_IDS } from '@pg/shared/constants'
import { sql } from 'drizzle-orm'
import type { ListQueries } from '../../platform/appwrite/queries'
import type { DatabaseHandle } from '../../platform/db/client'
import type { CollectionDefinition } from '../collections/collections'
import { resolveProjection } from '../collections/projection'
import { takingTurns } from '../collections/taking-turns'
import type { DocumentContext, IndexAnswers } from './index-answer'
import type { PageFinder } from './page-finder'
import { cursorPosition, type SearchOrder } from './ranked-page'
import type { SearchIndex } from './search-index'

/** A `contains(title, values)` request the index can answer: its values and its order. */
export interface TitleContainsPlan {
  values: string[]
  order: SearchOrder
}

/** The orders the index keeps ranks for; null for any other (the database answers it). */
function indexOrder(orders: ListQueries['orders']): SearchOrder | null {
  const [first, second, ...rest] = orders
  if (!first) return { by: '$sequence', direction: 'asc', tieBreak: 'asc' }
  if (rest.length > 0 || (second && second.attribute !== '$sequence')) return null
  if (first.attribute === '$sequence') {
    return second ? null : { by: '$sequence', direction: first.direction, tieBreak: first.direction }
  }
  if (first.attribute !== '$createdAt' && first.attribute !== 'title') return null
  return { by: first.attribute, direction: first.direction, tieBreak: second?.direction ?? 'asc' }
}

/**
 * `contains(title, values)` alone among the filters of a projects request, in an order the index ranks
 * (decision 031); null for anything else, which the database answers as before. Called after the
 * request was checked as the database's answer would check it, so it changes no error.
 */
export function titleContainsPlan(
  collection: CollectionDefinition,
  queries: ListQueries,
): TitleContainsPlan | null {
  if (collection.id !== COLLECTION_IDS.projects || queries.filters.length !== 1) return null
  const [filter] = queries.filters
  if (!filter || 'queries' in filter || filter.method !== 'contains' || filter.attribute !== 'title')
    return null
  const values = filter.values.filter((value) => typeof value === 'string')
  if (values.length !== filter.values.length || values.length === 0) return null
  const order = indexOrder(queries.orders)
  return order && { values, order }
}

/** Printable ASCII: the database's fold (`lower(unaccent(…))`) is lower case there (a test proves it). */
const PLAIN = /^[\x20-\x7e]*$/
const FOLDS_KEPT = 10_000

/**
 * Values folded as the database folds them (`search_text`): printable ASCII here, anything else by the
 * database itself, once, remembered for the next request that says the same.
 */
function createValueFolding(database: DatabaseHandle) {
  const { rows } = takingTurns(database)
  const folds = new Map<string, string>()
  return async (values: string[]): Promise<string[]> => {
    const unknown = [...new Set(values.filter((value) => !PLAIN.test(value) && !folds.has(value)))]
    if (unknown.length > 0) {
      const [row] = await rows(
        sql`SELECT ${sql.join(
          unknown.map((value, at) => sql`search_text(${value}) AS ${sql.identifier(String(at))}`),
          sql`, `,
        )}`,
      )
      if (folds.size + unknown.length > FOLDS_KEPT) folds.clear()
      unknown.forEach((value, at) => folds.set(value, String(row?.[String(at)] ?? '')))
    }
    return values.map((value) => (PLAIN.test(value) ? value.toLowerCase() : (folds.get(value) ?? '')))
  }
}

interface Dependencies {
  index: SearchIndex
  answers: IndexAnswers
  /** Finds the page: on this thread or in the search worker (decision 055). */
  pages: PageFinder
  database: DatabaseHandle
}

/**
 * Answers `contains(title, …)` from the search index's titles (`page-finder.ts`): what the database would answer for the
 * catalogue the index was built from, which is the current one but while a new version's index is built
 * (decision 031).
 */
export function createTitleContains({ index: searchIndex, answers, pages, database }: Dependencies) {
  const fold = createValueFolding(database)
  return {
    async list(
      context: DocumentContext,
      plan: TitleContainsPlan,
      queries: ListQueries,
      /** The request's address: with the index's version, its key in the cache. */
      url: string,
      withTotal: boolean,
      /** Waits for the index of the catalogue's current version (an admin's reads: search-index.ts). */
      fresh = false,
    ): Promise<Buffer> {
      // Checked before anything is searched, as for the member's search.
      const projection = resolveProjection(context.collection, queries.select)
      const index = await searchIndex.current({ fresh })
      const values = await fold(plan.values)
      return answers.answer(index, context, queries.select, projection, `${index.version} ${url}`, () =>
        pages.find(index, {
          search: 'title',
          values,
          order: plan.order,
          cursor: cursorPosition(index, queries.cursor),
          offset: queries.offset,
          limit: queries.limit,
          withTotal,
        }),
      )
    },
  }
}

export type TitleContains = ReturnType<typeof createTitleContains>
