import { Query, type Models } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COLLECTION_IDS, PAGE_SIZE, PROJECT_CARD_FIELDS, TAGS_SHOWN } from '@pg/shared/constants'
import { generateDemoCatalog } from '../../src/catalogue/demo/demo-catalog'
import { createMember } from '../support/factories'
import { SdkBrowser } from '../support/sdk-browser'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

/** Every call of seed-spec section 7, made by the official SDK against a listening server. */
const DB = testConfig.databaseId
const FIELDS = [...PROJECT_CARD_FIELDS]
const catalog = generateDemoCatalog()

let server: TestServer
let browser: SdkBrowser

beforeAll(async () => {
  server = await startTestServer({ listen: true })
  const member = await createMember(server.database)
  browser = new SdkBrowser(server.url)
  await browser.account.createEmailPasswordSession({ email: member.email, password: member.password })
})
afterAll(() => server.close())

type Doc = Models.DefaultDocument
const listProjects = (queries: string[]) =>
  browser.databases.listDocuments<Doc>({ databaseId: DB, collectionId: COLLECTION_IDS.projects, queries })
const page = (extra: string[] = [], cursor?: string) => [
  ...extra,
  ...(cursor ? [Query.cursorAfter(cursor)] : []),
  Query.limit(PAGE_SIZE),
  Query.select(FIELDS),
]

describe('projects', () => {
  it('lists the first page with the selected fields and the related category', async () => {
    const result = await listProjects(page())
    expect(result.total).toBe(catalog.projects.length)
    expect(result.documents).toHaveLength(PAGE_SIZE)
    const [first] = result.documents
    const expected = catalog.projects[0]
    expect(first).toMatchObject({
      $id: expected?.id,
      $collectionId: 'projects',
      $databaseId: DB,
      title: expected?.title,
      subtitle: expected?.subtitle,
      youtube_url: expected?.youtube_url,
      thumbnail_url: expected?.thumbnail_url,
      problem_solved: expected?.problem_solved,
      author: expected?.author,
      project_links: JSON.stringify(expected?.project_links),
      demonstration_cases: JSON.stringify(expected?.demonstration_cases),
    })
    const category = catalog.categories.find((candidate) => candidate.id === expected?.category_id)
    expect(first?.category).toMatchObject({
      $id: category?.id,
      name: category?.name,
      description: category?.description,
    })
    expect(first?.$createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/)
  })

  it('returns null for the category of an uncategorized project', async () => {
    const uncategorized = catalog.projects
      .filter((project) => project.category_id === null)
      .map((project) => project.id)
    const result = await listProjects(page([Query.equal('$id', uncategorized.slice(0, 5))]))
    expect(result.documents.length).toBeGreaterThan(0)
    for (const document of result.documents) expect(document.category).toBeNull()
  })

  it('filters by category', async () => {
    const category = catalog.categories[1]
    const expected = catalog.projects.filter((project) => project.category_id === category?.id)
    const result = await listProjects(page([Query.equal('category', category?.id ?? '')]))
    expect(result.total).toBe(expected.length)
    expect(result.documents.map((document) => document.$id)).toEqual(
      expected.slice(0, PAGE_SIZE).map((project) => project.id),
    )
  })

  it('searches titles by terms, case- and accent-insensitively, any term matching', async () => {
    const fold = (text: string) =>
      text
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase()
    const terms = ['ASISTENTE', 'traduccion']
    const expected = catalog.projects.filter((project) =>
      terms.some((term) => fold(project.title).includes(fold(term))),
    )
    expect(expected.length).toBeGreaterThan(0)
    const result = await listProjects(page([Query.contains('title', terms)]))
    expect(result.total).toBe(expected.length)
    expect(result.documents.map((document) => document.$id)).toEqual(
      expected.slice(0, PAGE_SIZE).map((project) => project.id),
    )
  })

  it('fetches projects by ids', async () => {
    const ids = [catalog.projects[500]?.id, catalog.projects[3]?.id, catalog.projects[42]?.id].map(String)
    const result = await listProjects(page([Query.equal('$id', ids)]))
    expect(result.documents.map((document) => document.$id).sort()).toEqual([...ids].sort())
  })

  it('pages with a cursor to the end, 20 at a time, without gaps or repeats', async () => {
    const seen: string[] = []
    let cursor: string | undefined
    for (;;) {
      const result = await listProjects(page([], cursor))
      seen.push(...result.documents.map((document) => document.$id))
      if (result.documents.length < PAGE_SIZE) break
      cursor = result.documents.at(-1)?.$id
    }
    expect(seen).toEqual(catalog.projects.map((project) => project.id))
  })
})

describe('tags and categories', () => {
  it('lists categories without filters', async () => {
    const result = await browser.databases.listDocuments<Doc>({
      databaseId: DB,
      collectionId: COLLECTION_IDS.categories,
    })
    expect(result.total).toBe(catalog.categories.length)
    expect(result.documents.map((document) => document.name)).toEqual(
      catalog.categories.slice(0, 25).map((category) => category.name),
    )
  })

  it('lists the 25 most used tags, num_apps descending, each equal to its real link count', async () => {
    const result = await browser.databases.listDocuments<Doc>({
      databaseId: DB,
      collectionId: COLLECTION_IDS.tags,
      queries: [Query.orderDesc('num_apps'), Query.limit(TAGS_SHOWN)],
    })
    expect(result.documents).toHaveLength(TAGS_SHOWN)
    const counts = result.documents.map((document) => Number(document.num_apps))
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
    for (const document of result.documents) {
      const links = catalog.projects.filter((project) => project.tag_ids.includes(document.$id)).length
      expect(document.num_apps).toBe(links)
    }
  })

  it('finds projects by tag through project_tags, then by ids', async () => {
    const tag = catalog.tags[5]
    const links = await browser.databases.listDocuments<Doc>({
      databaseId: DB,
      collectionId: COLLECTION_IDS.projectTags,
      queries: [Query.equal('tag_id', tag?.id ?? ''), Query.limit(100)],
    })
    const ids = links.documents.map((document) => String(document.project_id))
    const expected = catalog.projects
      .filter((project) => project.tag_ids.includes(tag?.id ?? ''))
      .map((project) => project.id)
    expect(ids.sort()).toEqual([...expected].sort())
    const projects = await listProjects(page([Query.equal('$id', ids.slice(0, PAGE_SIZE))]))
    expect(projects.documents).toHaveLength(Math.min(PAGE_SIZE, ids.length))
  })
})

describe('favorites', () => {
  it('loads favorites by ids, following the cursor until a short page', async () => {
    const favorites = catalog.projects.filter((_, index) => index % 15 === 0).map((project) => project.id)
    expect(favorites.length).toBeGreaterThan(2 * PAGE_SIZE)
    const loaded: string[] = []
    let cursor: string | undefined
    for (;;) {
      const result = await listProjects(page([Query.equal('$id', favorites)], cursor))
      loaded.push(...result.documents.map((document) => document.$id))
      if (result.documents.length < PAGE_SIZE) break
      cursor = result.documents.at(-1)?.$id
    }
    expect(loaded).toEqual(favorites)
  })
})
