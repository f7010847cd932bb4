import fc from 'fast-check'
import { expect } from 'vitest'
import type { Project } from '@pg/shared/catalog'
import { QUERY_LIMITS } from '../../../src/platform/appwrite/queries'
import { catalog, categoryIds, projectIds, type Query } from './query-model'

/** Valid filter and order combinations over the demo catalogue, with what they must return. */
export interface CatalogFilter {
  query: Query
  matches: (project: Project, sequence: number) => boolean
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
const titleWords = [
  ...new Set(
    catalog.projects.flatMap((project) => project.title.split(/\s+/)).filter((word) => word.length >= 3),
  ),
]
const authors = [...new Set(catalog.projects.flatMap((project) => (project.author ? [project.author] : [])))]

const titleContains = fc
  .uniqueArray(
    fc
      .tuple(fc.constantFrom(...titleWords), fc.boolean())
      .map(([word, upper]) => (upper ? word.toUpperCase() : word)),
    { minLength: 1, maxLength: 2 },
  )
  .map((words): CatalogFilter => ({
    query: { method: 'contains', attribute: 'title', values: words },
    matches: (project) => words.some((word) => fold(project.title).includes(fold(word))),
  }))
const titleStartsWith = fc
  .tuple(fc.constantFrom(...catalog.projects.map((project) => project.title)), fc.integer({ min: 1, max: 8 }))
  .map(([title, length]): CatalogFilter => {
    const prefix = title.slice(0, length)
    return {
      query: { method: 'startsWith', attribute: 'title', values: [prefix] },
      matches: (project) => fold(project.title).startsWith(fold(prefix)),
    }
  })
const categoryEqual = fc.subarray(categoryIds, { minLength: 1, maxLength: 2 }).map((ids): CatalogFilter => ({
  query: { method: 'equal', attribute: 'category', values: ids },
  matches: (project) => project.category_id !== null && ids.includes(project.category_id),
}))
const idEqual = fc
  // Up to six filters of a combination stay within the 100 filter values a request may hold.
  .uniqueArray(fc.constantFrom(...projectIds), { minLength: 1, maxLength: 15 })
  .map((ids): CatalogFilter => ({
    query: { method: 'equal', attribute: '$id', values: ids },
    matches: (project) => ids.includes(project.id),
  }))
const authorEqual = fc.constantFrom(...authors).map((author): CatalogFilter => ({
  query: { method: 'equal', attribute: 'author', values: [author] },
  matches: (project) => project.author !== null && fold(project.author) === fold(author),
}))
const nullChecks = fc.constantFrom<CatalogFilter>(
  { query: { method: 'isNotNull', attribute: 'author' }, matches: (project) => project.author !== null },
  { query: { method: 'isNull', attribute: 'category' }, matches: (project) => project.category_id === null },
  {
    query: { method: 'isNotNull', attribute: 'category' },
    matches: (project) => project.category_id !== null,
  },
)
const sequenceBetween = fc
  .tuple(fc.integer({ min: 1, max: projectIds.length }), fc.integer({ min: 0, max: 150 }))
  .map(([from, span]): CatalogFilter => ({
    query: { method: 'between', attribute: '$sequence', values: [from, from + span] },
    matches: (_project, sequence) => sequence >= from && sequence <= from + span,
  }))
const simpleFilter = fc.oneof(
  titleContains,
  titleStartsWith,
  categoryEqual,
  idEqual,
  authorEqual,
  nullChecks,
  sequenceBetween,
)
const orFilter = fc.tuple(simpleFilter, simpleFilter).map(([first, second]): CatalogFilter => ({
  query: { method: 'or', values: [first.query, second.query] },
  matches: (project, sequence) => first.matches(project, sequence) || second.matches(project, sequence),
}))

/** The attributes an order may name on projects (decision 016). */
const ORDER_ATTRIBUTES = ['$sequence', '$id', '$createdAt', 'title'] as const
export interface OrderSpec {
  attribute: (typeof ORDER_ATTRIBUTES)[number]
  direction: 'asc' | 'desc'
}

export const validCombination = fc.record({
  filters: fc.array(fc.oneof({ weight: 4, arbitrary: simpleFilter }, { weight: 1, arbitrary: orFilter }), {
    maxLength: 3,
  }),
  orders: fc.array(
    fc.record({
      attribute: fc.constantFrom(...ORDER_ATTRIBUTES),
      direction: fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
    }),
    { maxLength: 3 },
  ),
  limit: fc.integer({ min: 1, max: QUERY_LIMITS.maxLimit }),
})

export const orderQuery = (order: OrderSpec): Query => ({
  method: order.direction === 'asc' ? 'orderAsc' : 'orderDesc',
  attribute: order.attribute,
})

/** Checks what JavaScript can check of the order without knowing the database's text collation. */
export function expectOrdered(documents: Record<string, unknown>[], orders: OrderSpec[]): void {
  for (let index = 1; index < documents.length; index++) {
    const before = documents[index - 1] ?? {}
    const after = documents[index] ?? {}
    const context = `${String(before.$id)} before ${String(after.$id)} with ${JSON.stringify(orders)}`
    const differing = orders.find((order) => before[order.attribute] !== after[order.attribute])
    if (!differing) {
      // $sequence ascending is always the final tie-breaker.
      expect(Number(before.$sequence), context).toBeLessThan(Number(after.$sequence))
      continue
    }
    const [a, b] = [before[differing.attribute], after[differing.attribute]]
    if (a === null || b === null) {
      // PostgreSQL's defaults: NULLs last ascending, first descending.
      expect(differing.direction === 'asc' ? b : a, context).toBeNull()
    } else if (differing.attribute === '$sequence') {
      const ascending = Number(a) < Number(b)
      expect(ascending, context).toBe(differing.direction === 'asc')
    }
  }
}
