import { Query } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateDemoCatalog } from '../../src/catalogue/demo/demo-catalog'
import { createMember } from '../support/factories'
import { listUrl, signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'

/** The query set of api-contract.md, checked against the generated catalogue. */
const catalog = generateDemoCatalog()
let server: TestServer
let cookie = ''

beforeAll(async () => {
  server = await startTestServer()
  cookie = (await signIn(server, await createMember(server.database))).cookie
})
afterAll(() => server.close())

interface Listing {
  total: number
  documents: Record<string, unknown>[]
}

async function list(collectionId: string, queries: string[], extra = ''): Promise<Listing> {
  const response = await server.app.inject({
    method: 'GET',
    url: listUrl(collectionId, queries, extra),
    headers: { cookie },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}
const ids = (listing: Listing) => listing.documents.map((document) => document.$id)
const tagsByUse = [...catalog.tags].map((tag, index) => ({
  ...tag,
  index,
  uses: catalog.projects.filter((project) => project.tag_ids.includes(tag.id)).length,
}))

describe('filters', () => {
  it('compares integers: notEqual, lessThan, greaterThanEqual, between', async () => {
    const pivot = tagsByUse[10]?.uses ?? 0
    const expectCount = async (queries: string[], predicate: (uses: number) => boolean) => {
      const result = await list('tags', [...queries, Query.limit(100)])
      expect(result.total).toBe(tagsByUse.filter((tag) => predicate(tag.uses)).length)
    }
    await expectCount([Query.notEqual('num_apps', pivot)], (uses) => uses !== pivot)
    await expectCount([Query.lessThan('num_apps', pivot)], (uses) => uses < pivot)
    await expectCount([Query.greaterThanEqual('num_apps', pivot)], (uses) => uses >= pivot)
    await expectCount([Query.between('num_apps', 3, pivot)], (uses) => uses >= 3 && uses <= pivot)
  })

  it('finds uncategorized projects with isNull and the rest with isNotNull', async () => {
    const none = catalog.projects.filter((project) => project.category_id === null)
    expect((await list('projects', [Query.isNull('category')])).total).toBe(none.length)
    expect((await list('projects', [Query.isNotNull('category')])).total).toBe(
      catalog.projects.length - none.length,
    )
  })

  it('matches startsWith and endsWith ignoring case and accents', async () => {
    const sample = catalog.projects.find((project) => /[áéíóúñ]/.test(project.title))?.title ?? ''
    const fold = (text: string) =>
      text
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase()
    const start = sample.slice(0, 6).toUpperCase()
    const end = sample.slice(-5)
    const starts = await list('projects', [Query.startsWith('title', fold(start)), Query.limit(100)])
    expect(starts.total).toBe(
      catalog.projects.filter((project) => fold(project.title).startsWith(fold(start))).length,
    )
    const ends = await list('projects', [Query.endsWith('title', fold(end).toUpperCase()), Query.limit(100)])
    expect(ends.total).toBe(
      catalog.projects.filter((project) => fold(project.title).endsWith(fold(end))).length,
    )
  })

  it('searches title and author by word, and refuses search on an unindexed attribute', async () => {
    const author = catalog.projects[7]?.author ?? ''
    const surname = author.split(' ').at(-1) ?? ''
    const result = await list('projects', [Query.search('author', surname), Query.limit(100)])
    expect(result.total).toBeGreaterThan(0)
    const response = await server.app.inject({
      method: 'GET',
      url: listUrl('projects', [Query.search('subtitle', 'x')]),
      headers: { cookie },
    })
    expect(response.json()).toMatchObject({ code: 400, type: 'general_query_invalid' })
  })

  it('combines filters with or and and', async () => {
    const [a, b] = catalog.categories
    const expected = catalog.projects.filter(
      (project) => project.category_id === a?.id || project.category_id === b?.id,
    )
    const either = await list('projects', [
      Query.or([Query.equal('category', a?.id ?? ''), Query.equal('category', b?.id ?? '')]),
    ])
    expect(either.total).toBe(expected.length)
    const both = await list('projects', [
      Query.and([Query.equal('category', a?.id ?? ''), Query.isNotNull('youtube_url')]),
    ])
    expect(both.total).toBe(
      catalog.projects.filter((project) => project.category_id === a?.id && project.youtube_url !== null)
        .length,
    )
  })
})

describe('select, order and paging', () => {
  it('returns related ids without a select, and nested documents only when selected', async () => {
    const plain = await list('projects', [Query.limit(1)])
    expect(plain.documents[0]?.category).toBe(catalog.projects[0]?.category_id)
    expect(plain.documents[0]).toHaveProperty('problem_solved')
    const named = await list('projects', [Query.limit(1), Query.select(['title', 'category.name'])])
    expect(Object.keys(named.documents[0] ?? {}).sort()).toEqual(
      [
        '$collectionId',
        '$createdAt',
        '$databaseId',
        '$id',
        '$permissions',
        '$sequence',
        '$updatedAt',
        'category',
        'title',
      ].sort(),
    )
    expect(named.documents[0]?.category).toMatchObject({ name: expect.any(String) })
    expect(named.documents[0]?.category).not.toHaveProperty('description')
  })

  it('gets one document with a select', async () => {
    const project = catalog.projects[3]
    const response = await server.app.inject({
      method: 'GET',
      url: `/v1/databases/gallery/collections/projects/documents/${project?.id}?queries[0]=${encodeURIComponent(Query.select(['title', 'category.*']))}`,
      headers: { cookie },
    })
    expect(response.json()).toMatchObject({ $id: project?.id, title: project?.title })
  })

  it('orders by num_apps descending with $sequence as tie-breaker, and pages both ways with cursors', async () => {
    const all = await list('tags', [Query.orderDesc('num_apps'), Query.limit(100)])
    const uses = all.documents.map((document) => Number(document.num_apps))
    expect(uses.length).toBe(catalog.tags.length)
    expect(uses).toEqual([...uses].sort((a, b) => b - a))
    expect(new Set(uses).size).toBeLessThan(uses.length)
    const middle = all.documents[30]?.$id ?? ''
    const after = await list('tags', [
      Query.orderDesc('num_apps'),
      Query.cursorAfter(String(middle)),
      Query.limit(10),
    ])
    expect(ids(after)).toEqual(ids(all).slice(31, 41))
    const before = await list('tags', [
      Query.orderDesc('num_apps'),
      Query.cursorBefore(String(middle)),
      Query.limit(10),
    ])
    expect(ids(before)).toEqual(ids(all).slice(20, 30))
  })

  it('defaults to 25 documents in $sequence order, honours offset, and skips the count with total=false', async () => {
    const first = await list('projects', [])
    expect(ids(first)).toEqual(catalog.projects.slice(0, 25).map((project) => project.id))
    const offset = await list('projects', [Query.offset(700)])
    expect(ids(offset)).toEqual(catalog.projects.slice(700).map((project) => project.id))
    const uncounted = await list('projects', [Query.limit(2)], '&total=false')
    expect(uncounted.total).toBe(0)
    expect(uncounted.documents).toHaveLength(2)
  })
})
