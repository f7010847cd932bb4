import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { QUERY_LIMITS } from '../../src/platform/appwrite/queries'
import { expectDocumentList, idsOf } from './support/answers'
import { expectOrdered, orderQuery, validCombination } from './support/catalog-filters'
import { itLeavesDataUnchanged, useMemberSuite } from './support/member-suite'
import { catalog, type CollectionId, type Query } from './support/query-model'

/**
 * Valid filter and order combinations over the demo catalogue, against the real app as a member: the
 * result is what the catalogue says, and offset and cursor pages (both ways) agree with it.
 */
const suite = useMemberSuite()

/** Every matching document, through offset pages of `pageSize`. */
async function pageAll(queries: Query[], pageSize: number, collection: CollectionId = 'projects') {
  const ids: string[] = []
  const documents: Record<string, unknown>[] = []
  let total = -1
  for (let offset = 0; ; offset += pageSize) {
    const page = expectDocumentList(
      await suite.client.list(collection, [
        ...queries,
        { method: 'limit', values: [pageSize] },
        { method: 'offset', values: [offset] },
      ]),
      collection,
    )
    if (total === -1) total = page.total
    expect(page.total).toBe(total)
    ids.push(...idsOf(page.documents))
    documents.push(...page.documents)
    if (page.documents.length < pageSize) break
  }
  return { ids, documents, total }
}

describe('valid combinations', () => {
  it('cursor pages forwards and backwards match the un-paged result, in order, without repeats', async () => {
    await fc.assert(
      fc.asyncProperty(validCombination, async ({ filters, orders, limit }) => {
        const queries = [...filters.map((filter) => filter.query), ...orders.map(orderQuery)]
        const baseline = await pageAll(queries, QUERY_LIMITS.maxLimit)
        const expected = catalog.projects.filter((project, index) =>
          filters.every((filter) => filter.matches(project, index + 1)),
        )
        expect(baseline.total).toBe(expected.length)
        expect(new Set(baseline.ids).size).toBe(baseline.ids.length)
        expect([...baseline.ids].sort()).toEqual(expected.map((project) => project.id).sort())
        expectOrdered(baseline.documents, orders)

        // Small pages for small results; at most ~12 pages each way for big ones.
        const pageSize = Math.min(QUERY_LIMITS.maxLimit, Math.max(limit, Math.ceil(baseline.total / 12)))
        const forward: string[] = []
        for (let cursor: string | undefined; ;) {
          const page = expectDocumentList(
            await suite.client.list('projects', [
              ...queries,
              ...(cursor ? [{ method: 'cursorAfter', values: [cursor] }] : []),
              { method: 'limit', values: [pageSize] },
            ]),
            'projects',
          )
          expect(page.total).toBe(baseline.total)
          const ids = idsOf(page.documents)
          expect(ids).toEqual(baseline.ids.slice(forward.length, forward.length + pageSize))
          forward.push(...ids)
          cursor = ids.at(-1)
          if (ids.length < pageSize || cursor === undefined) break
        }
        expect(forward).toEqual(baseline.ids)

        const last = baseline.ids.at(-1)
        if (last === undefined) return
        let end = baseline.ids.length - 1
        for (let cursor = last; ;) {
          const page = expectDocumentList(
            await suite.client.list('projects', [
              ...queries,
              { method: 'cursorBefore', values: [cursor] },
              { method: 'limit', values: [pageSize] },
            ]),
            'projects',
          )
          const ids = idsOf(page.documents)
          expect(ids).toEqual(baseline.ids.slice(Math.max(0, end - pageSize), end))
          const first = ids[0]
          if (first === undefined) break
          cursor = first
          end -= ids.length
        }
        expect(end).toBe(0)
      }),
      { numRuns: 20 },
    )
  })

  it('other collections page the same way', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<[CollectionId, Query[]]>(
          ['tags', [{ method: 'orderDesc', attribute: 'num_apps' }]],
          [
            'tags',
            [
              { method: 'greaterThan', attribute: 'num_apps', values: [3] },
              { method: 'orderAsc', attribute: 'name' },
            ],
          ],
          ['categories', [{ method: 'orderDesc', attribute: 'name' }]],
          ['project_tags', [{ method: 'equal', attribute: 'tag_id', values: ['tag-openai', 'tag-python'] }]],
        ),
        fc.integer({ min: 1, max: 30 }),
        async ([collection, queries], limit) => {
          const baseline = await pageAll(queries, QUERY_LIMITS.maxLimit, collection)
          const pageSize = Math.max(limit, Math.ceil(baseline.total / 12))
          const forward: string[] = []
          for (let cursor: string | undefined; ;) {
            const page = expectDocumentList(
              await suite.client.list(collection, [
                ...queries,
                ...(cursor ? [{ method: 'cursorAfter', values: [cursor] }] : []),
                { method: 'limit', values: [pageSize] },
              ]),
              collection,
            )
            const ids = idsOf(page.documents)
            forward.push(...ids)
            cursor = ids.at(-1)
            if (ids.length < pageSize || cursor === undefined) break
          }
          expect(forward).toEqual(baseline.ids)
        },
      ),
      { numRuns: 6 },
    )
  })
})

describe('data', () => {
  itLeavesDataUnchanged(suite)
})
