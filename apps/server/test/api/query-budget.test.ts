import { Query } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QUERY_LIMITS } from '../../src/platform/appwrite/queries'
import { generateDemoCatalog } from '../../src/catalogue/demo/demo-catalog'
import { createMember } from '../support/factories'
import { listUrl, signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * Issue 10, item 3: a member request asks only for work the store can do without keeping everyone
 * waiting (decision 016): text matching on indexed attributes only, orders on indexed attributes only,
 * and a budget of filter values and text terms per request. Timings are measured by
 * `npm run bench:query-cost`, not here.
 */
const catalog = generateDemoCatalog()
let server: TestServer
let cookie = ''

beforeAll(async () => {
  server = await startTestServer()
  cookie = (await signIn(server, await createMember(server.database))).cookie
})
afterAll(() => server.close())

const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { cookie } })
const list = (collectionId: string, queries: string[]) => get(listUrl(collectionId, queries))

async function expectRefused(collectionId: string, queries: string[], ...phrases: string[]) {
  const response = await list(collectionId, queries)
  expect(response.statusCode, response.body).toBe(400)
  const body = response.json<{ type: string; message: string }>()
  expect(body.type).toBe('general_query_invalid')
  for (const phrase of phrases) expect(body.message).toContain(phrase)
}

async function expectListed(collectionId: string, queries: string[]) {
  const response = await list(collectionId, queries)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ total: number; documents: Record<string, unknown>[] }>()
}

const words = (count: number, prefix = 'palabra') => Array.from({ length: count }, (_, i) => `${prefix}${i}`)
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

describe("the review's repro", () => {
  it('100 queries of 100 contains values on problem_solved are refused with a 400', async () => {
    const repro = Array.from({ length: 100 }, (_, query) =>
      Query.contains(
        'problem_solved',
        Array.from({ length: 100 }, (_, value) => `q${query}v${value}`),
      ),
    )
    const response = await list('projects', repro)
    expect(response.statusCode, response.body.slice(0, 300)).toBe(400)
    expect(response.json()).toMatchObject({ code: 400, type: 'general_argument_invalid' })
  })

  it('as much of it as fits in a query string is refused for the attribute, and on title for its terms', async () => {
    const values = Array.from({ length: 100 }, (_, value) => `v${value}`)
    await expectRefused(
      'projects',
      [Query.contains('problem_solved', values), Query.contains('problem_solved', values)],
      'Cannot apply "contains" to attribute "problem_solved"',
      'text index',
      'title, author',
    )
    await expectRefused(
      'projects',
      [Query.contains('title', values), Query.contains('title', values)],
      `at most ${QUERY_LIMITS.maxTextTerms} text terms`,
      '"title"',
    )
  })
})

describe('text matching needs a text index', () => {
  it('refuses every text-matching method on an attribute without one, naming it', async () => {
    const unindexed: [string, string][] = [
      ['projects', 'problem_solved'],
      ['projects', 'subtitle'],
      ['projects', 'project_links'],
      ['projects', 'demonstration_cases'],
      ['projects', 'youtube_url'],
      ['categories', 'description'],
      ['tags', 'description'],
    ]
    for (const [collection, attribute] of unindexed) {
      for (const query of [
        Query.contains(attribute, 'voz'),
        Query.startsWith(attribute, 'voz'),
        Query.endsWith(attribute, 'voz'),
        Query.equal(attribute, 'voz'),
        Query.notEqual(attribute, 'voz'),
        Query.search(attribute, 'voz'),
      ]) {
        await expectRefused(collection, [query], `attribute "${attribute}"`, 'text index')
      }
    }
  })

  it('matches the names of categories and tags, which have one', async () => {
    const tag = catalog.tags[5]
    const part = fold(tag?.name ?? '').slice(1, 4)
    const tags = await expectListed('tags', [Query.contains('name', part.toUpperCase()), Query.limit(100)])
    expect(tags.total).toBe(catalog.tags.filter((candidate) => fold(candidate.name).includes(part)).length)
    const category = catalog.categories[2]
    const named = await expectListed('categories', [Query.equal('name', fold(category?.name ?? ''))])
    expect(named.documents.map((document) => document.$id)).toEqual([category?.id])
  })

  it('still compares unindexed text with lessThan, between and isNull', async () => {
    const withSubtitle = await expectListed('projects', [Query.isNotNull('subtitle'), Query.limit(1)])
    expect(withSubtitle.total).toBe(catalog.projects.filter((project) => project.subtitle !== null).length)
    await expectListed('projects', [Query.lessThan('subtitle', 'm'), Query.limit(1)])
  })
})

describe('orders need an index', () => {
  it('refuses orders on attributes without one, naming the attribute and those allowed', async () => {
    for (const [collection, attribute] of [
      ['projects', 'subtitle'],
      ['projects', 'problem_solved'],
      ['projects', '$updatedAt'],
      ['projects', 'category'],
      ['tags', 'description'],
      ['project_tags', '$updatedAt'],
    ] as const) {
      await expectRefused(
        collection,
        [Query.orderAsc(attribute)],
        `Cannot order by attribute "${attribute}"`,
        '$id, $sequence',
      )
    }
  })

  it('orders by $id, $sequence and the indexed attributes', async () => {
    const byId = await expectListed('projects', [Query.orderDesc('$id'), Query.limit(3)])
    expect(byId.documents.map((document) => document.$id)).toEqual(
      catalog.projects
        .map((project) => project.id)
        .sort()
        .reverse()
        .slice(0, 3),
    )
    await expectListed('projects', [Query.orderDesc('$sequence'), Query.limit(3)])
    // The gallery's sorts (decision 029).
    await expectListed('projects', [Query.orderAsc('title'), Query.limit(3)])
    await expectListed('projects', [
      Query.orderDesc('$createdAt'),
      Query.orderDesc('$sequence'),
      Query.limit(3),
    ])
    await expectListed('tags', [Query.orderAsc('name'), Query.orderDesc('num_apps')])
    await expectListed('categories', [Query.orderDesc('name')])
    await expectListed('project_tags', [Query.orderAsc('tag_id'), Query.orderAsc('project_id')])
  })
})

describe('the budget of a request', () => {
  it(`allows ${QUERY_LIMITS.maxTextTerms} text terms in all queries and refuses one more`, async () => {
    const half = words(QUERY_LIMITS.maxTextTerms / 2)
    const gallerySearch = Query.or([Query.contains('title', half), Query.contains('author', half)])
    expect((await expectListed('projects', [gallerySearch])).total).toBe(0)
    await expectRefused(
      'projects',
      [gallerySearch, Query.startsWith('title', 'asistente')],
      `at most ${QUERY_LIMITS.maxTextTerms} text terms`,
      '"title"',
    )
    await expectRefused(
      'projects',
      [Query.and([Query.search('title', words(15).join(' ')), Query.equal('author', words(6))])],
      `at most ${QUERY_LIMITS.maxTextTerms} text terms`,
      '"author"',
    )
  })

  it(`allows ${QUERY_LIMITS.maxFilterValues} filter values in all queries, nested ones too, and refuses one more`, async () => {
    const ids = catalog.projects.slice(0, QUERY_LIMITS.maxFilterValues).map((project) => project.id)
    const found = await expectListed('projects', [Query.equal('$id', ids), Query.limit(100)])
    expect(found.total).toBe(QUERY_LIMITS.maxFilterValues)
    await expectRefused(
      'projects',
      [Query.equal('$id', ids), Query.isNotNull('author')],
      `at most ${QUERY_LIMITS.maxFilterValues} values`,
      '"author"',
    )
    await expectRefused(
      'projects',
      [
        Query.or([
          Query.equal('$id', ids.slice(0, 60)),
          Query.and([Query.notEqual('$id', ids.slice(60)), Query.isNull('category')]),
        ]),
      ],
      `at most ${QUERY_LIMITS.maxFilterValues} values`,
      '"category"',
    )
  })
})

describe('what the gallery sends still works', () => {
  it('a search of ten terms on title or author finds what the catalogue holds, page after page', async () => {
    const terms = [
      'asistente',
      'datos',
      'voz',
      'zzz-nada',
      'ia',
      'clasificador',
      'qx',
      'ventas',
      'pdf',
      'bot',
    ]
    const expected = catalog.projects
      .filter((project) =>
        terms.some((term) => fold(project.title).includes(term) || fold(project.author ?? '').includes(term)),
      )
      .map((project) => project.id)
    const search = Query.or([Query.contains('title', terms), Query.contains('author', terms)])
    const seen: string[] = []
    for (let cursor: string | undefined; ;) {
      const page = await expectListed('projects', [
        search,
        Query.select(['title', 'category.*']),
        Query.limit(20),
        ...(cursor ? [Query.cursorAfter(cursor)] : []),
      ])
      seen.push(...page.documents.map((document) => String(document.$id)))
      cursor = seen.at(-1)
      if (page.documents.length < 20) break
    }
    expect(seen).toEqual(expected)
  })

  it('a search that matches only late projects pages through them', async () => {
    const late = catalog.projects.slice(-3)
    const titles = late.map((project) => fold(project.title))
    const result = await expectListed('projects', [Query.equal('title', titles), Query.limit(20)])
    expect(result.documents.map((document) => document.$id)).toEqual(
      catalog.projects.filter((project) => titles.includes(fold(project.title))).map((project) => project.id),
    )
  })
})
