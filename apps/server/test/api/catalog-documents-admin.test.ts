import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Query } from 'appwrite'
import type { DocumentWrites } from '../../src/catalogue/documents/document-writes'
import type { DocumentRepository } from '../../src/catalogue/collections/document-repository'
import type { DatabasesService } from '../../src/catalogue/documents/service'
import { documentWriteRoutes } from '../../src/catalogue/documents/write-routes'
import { listUrl } from '../support/inject'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'
import { signInConsoleCallers } from '../support/console-callers'

let server: TestServer
let adminCookie = ''
let memberCookie = ''

beforeAll(async () => {
  server = await startTestServer()
  ;({ adminCookie, memberCookie } = await signInConsoleCallers(server))
})
afterAll(() => server.close())

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
const documentsUrl = (collection: string, id = '') =>
  `/v1/databases/${testConfig.databaseId}/collections/${collection}/documents${id ? `/${id}` : ''}`
const call = (method: Method, url: string, cookie: string | undefined, payload?: object) =>
  server.app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} })
const create = (collection: string, documentId: string, data: object, extra: object = {}) =>
  call('POST', documentsUrl(collection), adminCookie, { documentId, data, ...extra })

/**
 * Reads as a member until `check` holds: the gallery sees a change within a second (catalogue version),
 * and a member's search answers from the previous index while the new one is
 * built (decision 029), which on a busy machine takes seconds. The bound only turns a hang into the
 * assertion's message, within the test's 30 s (issue 40: 5 s failed on a loaded PostgreSQL run).
 */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, seconds = 25): Promise<T> {
  const until = Date.now() + seconds * 1000
  for (;;) {
    const value = await read()
    if (check(value) || Date.now() > until) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const memberReads = async (url: string) => (await call('GET', url, memberCookie)).json()
const numApps = async (tagId: string) =>
  ((await call('GET', documentsUrl('tags', tagId), adminCookie)).json() as { num_apps: number }).num_apps
const projectCount = async () =>
  ((await memberReads(listUrl('projects', [Query.limit(1)]))) as { total: number }).total

describe('who may write catalogue documents', () => {
  const routes = documentWriteRoutes({} as DatabasesService, {} as DocumentWrites, {} as DocumentRepository)
  it.each(routes.map((route) => ({ method: route.method, url: route.url, access: route.access })))(
    '$method $url: admin only; 401 user_unauthorized for a visitor and a member',
    async (route) => {
      expect(route.access).toBe('admin')
      const url = route.url
        .replace(':databaseId', testConfig.databaseId)
        .replace(':collectionId', 'categories')
        .replace(':documentId', 'cat-any')
      for (const cookie of [undefined, memberCookie]) {
        const response = await call(route.method, url, cookie, { documentId: 'x', data: { name: 'X' } })
        expect(response.statusCode).toBe(401)
        expect(response.json()).toMatchObject({ type: 'user_unauthorized' })
      }
    },
  )
})

describe('an admin edits the catalogue', () => {
  it('creates a category, a tag and a project with its links, which members then see and find', async () => {
    expect(
      (await create('categories', 'cat-console', { name: 'Consola', description: 'Desde el navegador' }))
        .statusCode,
    ).toBe(201)
    expect((await create('tags', 'tag-console', { name: 'consola' })).json()).toMatchObject({
      $id: 'tag-console',
      name: 'consola',
      description: '',
      num_apps: 0,
    })
    const project = await create('projects', 'unique()', {
      title: 'Asistente de inventario zorzal',
      subtitle: 'Cuenta el stock por ti',
      author: 'Dueña de la tienda',
      youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      project_links: [{ title: 'Código', url: 'https://github.com/example/zorzal' }],
      demonstration_cases: ['Contar cajas'],
      category: 'cat-console',
    })
    expect(project.statusCode, project.body).toBe(201)
    const created = project.json()
    expect(created).toMatchObject({
      title: 'Asistente de inventario zorzal',
      project_links: JSON.stringify([{ title: 'Código', url: 'https://github.com/example/zorzal' }]),
      demonstration_cases: '["Contar cajas"]',
      category: 'cat-console',
    })
    const link = await create('project_tags', 'unique()', { project_id: created.$id, tag_id: 'tag-console' })
    expect(link.statusCode).toBe(201)
    expect(await numApps('tag-console')).toBe(1)

    const seen = await eventually(
      () => memberReads(documentsUrl('projects', created.$id)),
      (document: { title?: string }) => document.title !== undefined,
    )
    expect(seen).toMatchObject({ title: 'Asistente de inventario zorzal' })
    const found = await eventually(
      () => memberReads(listUrl('projects', [Query.search('$text', 'zorzal')])),
      (answer: { total: number; documents: { $id: string }[] }) => answer.total === 1,
    )
    expect(found.documents[0]?.$id).toBe(created.$id)
  })

  it('updates only the fields given, and the gallery shows the change', async () => {
    const id = (await create('projects', 'upd-1', { title: 'Antes', author: 'Autora' })).json().$id
    const updated = await call('PATCH', documentsUrl('projects', id), adminCookie, {
      data: { title: 'Después' },
    })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json()).toMatchObject({ title: 'Después', author: 'Autora' })
    const seen = await eventually(
      () => memberReads(documentsUrl('projects', id)),
      (document: { title: string }) => document.title === 'Después',
    )
    expect(seen.title).toBe('Después')
    // Emptying an optional field clears it, as the import does.
    const cleared = await call('PATCH', documentsUrl('projects', id), adminCookie, { data: { author: '' } })
    expect(cleared.json().author).toBeNull()
  })

  it("finds the admin's own change in their very next search, by $text and by title", async () => {
    const id = (await create('projects', 'fresh-1', { title: 'Buscador colibrí' })).json().$id
    const searchUrl = (word: string) =>
      listUrl('projects', [Query.search('$text', word), Query.select(['title'])])
    const containsUrl = (word: string) =>
      listUrl('projects', [Query.contains('title', word), Query.select(['title'])])
    // Both searches answer from the index of the catalogue as it is now…
    expect((await call('GET', searchUrl('colibrí'), adminCookie)).json().total).toBe(1)
    expect((await call('GET', containsUrl('colibrí'), adminCookie)).json().total).toBe(1)
    await call('PATCH', documentsUrl('projects', id), adminCookie, { data: { title: 'Buscador quetzal' } })
    // …and the admin's next ones wait for the new version's index instead of the previous one's.
    const found = (await call('GET', searchUrl('quetzal'), adminCookie)).json()
    expect(found.documents.map((document: { $id: string }) => document.$id)).toEqual([id])
    expect((await call('GET', containsUrl('quetzal'), adminCookie)).json().total).toBe(1)
    expect((await call('GET', containsUrl('colibrí'), adminCookie)).json().total).toBe(0)
  })

  it("is found by a member's first search a few seconds after the change, nobody having searched meanwhile", async () => {
    const searchUrl = (word: string) =>
      listUrl('projects', [Query.search('$text', word), Query.select(['title'])])
    await memberReads(searchUrl('asistente'))
    const id = (await create('projects', 'unique()', { title: 'Cuaderno de ruiseñor' })).json().$id
    // The server builds the new version's index on its own within a second of the change.
    await new Promise((resolve) => setTimeout(resolve, 2500))
    const found = (await memberReads(searchUrl('ruiseñor'))) as { documents: { $id: string }[] }
    expect(found.documents.map((document) => document.$id)).toEqual([id])
  })

  it('refuses bad data with 400 naming the field, and changes nothing', async () => {
    const before = await projectCount()
    const cases: [string, object, RegExp][] = [
      ['projects', { title: 'X', youtube_url: 'javascript:alert(1)' }, /youtube_url/],
      ['projects', { title: 'X', thumbnail_url: 'data:image/png;base64,AAAA' }, /thumbnail_url/],
      [
        'projects',
        { title: 'X', project_links: [{ title: 'x', url: 'ftp://example.com' }] },
        /project_links/,
      ],
      ['projects', { title: '   ' }, /title/],
      ['projects', { subtitle: 'no title' }, /title/],
      ['projects', { title: 'X', price: 25 }, /unknown attribute "price"/],
      ['projects', { title: 'X', category: 'cat-nope' }, /category "cat-nope" does not exist/],
      ['tags', { name: 'x', num_apps: 99 }, /num_apps/],
      ['project_tags', { project_id: 'nope', tag_id: 'tag-console' }, /project "nope" does not exist/],
    ]
    for (const [collection, data, message] of cases) {
      const response = await create(collection, 'unique()', data)
      expect(response.statusCode, JSON.stringify(data)).toBe(400)
      expect(response.json().type).toBe('document_invalid_structure')
      expect(response.json().message).toMatch(message)
    }
    const badId = await create('projects', '-bad', { title: 'X' })
    expect(badId.json()).toMatchObject({ type: 'general_argument_invalid' })
    expect(badId.json().message).toContain('documentId')
    const withPermissions = await create(
      'projects',
      'unique()',
      { title: 'X' },
      { permissions: ['read("any")'] },
    )
    expect(withPermissions.statusCode).toBe(400)
    expect(withPermissions.json().message).toContain('permissions')
    const missingData = await call('POST', documentsUrl('projects'), adminCookie, { documentId: 'unique()' })
    expect(missingData.statusCode).toBe(400)
    const badPatch = await call('PATCH', documentsUrl('projects', 'upd-1'), adminCookie, {
      data: { youtube_url: 'nope' },
    })
    expect(badPatch.statusCode).toBe(400)
    expect((await call('GET', documentsUrl('projects', 'upd-1'), adminCookie)).json().title).toBe('Después')
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(await projectCount()).toBe(before)
  })

  it('answers a taken id or tag link with 409, and an unknown document or collection with 404', async () => {
    expect((await create('categories', 'cat-console', { name: 'Otra' })).json()).toMatchObject({
      type: 'document_already_exists',
      code: 409,
    })
    const project = (await create('projects', 'unique()', { title: 'Con etiqueta' })).json().$id
    expect(
      (await create('project_tags', 'unique()', { project_id: project, tag_id: 'tag-console' })).statusCode,
    ).toBe(201)
    const twice = await create('project_tags', 'unique()', { project_id: project, tag_id: 'tag-console' })
    expect(twice.statusCode).toBe(409)
    for (const [method, url] of [
      ['PATCH', documentsUrl('projects', 'nobody')],
      ['DELETE', documentsUrl('projects', 'nobody')],
      ['DELETE', documentsUrl('projects', 'not an id')],
    ] as const) {
      const response = await call(method, url, adminCookie, { data: { title: 'x' } })
      expect(response.statusCode, url).toBe(404)
      expect(response.json().type).toBe('document_not_found')
    }
    const unknown = await create('orders', 'unique()', { title: 'x' })
    expect(unknown.json()).toMatchObject({ type: 'collection_not_found', code: 404 })
  })

  it('keeps tag counts right when links and projects are deleted', async () => {
    expect((await create('tags', 'tag-count', { name: 'cuenta' })).statusCode).toBe(201)
    const first = (await create('projects', 'unique()', { title: 'Uno' })).json().$id
    const second = (await create('projects', 'unique()', { title: 'Dos' })).json().$id
    const link = (await create('project_tags', 'unique()', { project_id: first, tag_id: 'tag-count' })).json()
      .$id
    await create('project_tags', 'unique()', { project_id: second, tag_id: 'tag-count' })
    expect(await numApps('tag-count')).toBe(2)
    expect((await call('DELETE', documentsUrl('project_tags', link), adminCookie)).statusCode).toBe(204)
    expect(await numApps('tag-count')).toBe(1)
    expect((await call('DELETE', documentsUrl('projects', second), adminCookie)).statusCode).toBe(204)
    expect(await numApps('tag-count')).toBe(0)
    // A category's projects stay, without a category.
    const inCategory = (
      await create('projects', 'unique()', { title: 'Tres', category: 'cat-console' })
    ).json().$id
    expect((await call('DELETE', documentsUrl('categories', 'cat-console'), adminCookie)).statusCode).toBe(
      204,
    )
    expect((await call('GET', documentsUrl('projects', inCategory), adminCookie)).json().category).toBeNull()
  })
})
