import { Query } from 'appwrite'
import { isNewProject } from '@pg/shared/new-project'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAdminCli } from '../cli/admin-cli'
import { signInConsoleCallers } from '../support/console-callers'
import { listUrl } from '../support/inject'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

/**
 * Issue 28, item 13: on a new store every one of the 720 demo projects wore "Nuevo". A project is new
 * when added in the last 30 days after the catalogue's first load, which `GET /v1/store/catalog` tells
 * members (decision 058). The test database starts as a store whose demo was just loaded.
 */
let server: TestServer
let adminCookie = ''
let memberCookie = ''

beforeAll(async () => {
  server = await startTestServer()
  ;({ adminCookie, memberCookie } = await signInConsoleCallers(server))
})
afterAll(() => server.close())

const get = (url: string, cookie?: string) =>
  server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })

async function firstLoadedAt(cookie = memberCookie): Promise<string> {
  const response = await get('/v1/store/catalog', cookie)
  expect(response.statusCode, response.body).toBe(200)
  const { firstLoadedAt } = response.json<{ firstLoadedAt: string | null }>()
  if (firstLoadedAt === null) throw new Error('The demo store has no first load')
  return firstLoadedAt
}

/** Every project's `$createdAt`, as the gallery reads them. */
async function createdDates(): Promise<Map<string, string>> {
  const dates = new Map<string, string>()
  let cursor: string | undefined
  for (;;) {
    const queries = [Query.select(['$id', '$createdAt']), Query.limit(100)]
    if (cursor) queries.push(Query.cursorAfter(cursor))
    const page = (await get(listUrl('projects', queries), memberCookie)).json<{
      documents: { $id: string; $createdAt: string }[]
    }>().documents
    for (const document of page) dates.set(document.$id, document.$createdAt)
    if (page.length < 100) return dates
    cursor = page.at(-1)?.$id
  }
}

describe('the catalogue’s first load', () => {
  it('is for members and admins; a visitor gets 401', async () => {
    const visitor = await get('/v1/store/catalog')
    expect(visitor.statusCode).toBe(401)
    expect(visitor.json()).toMatchObject({ type: 'user_unauthorized' })
    expect(await firstLoadedAt(adminCookie)).toBe(await firstLoadedAt(memberCookie))
    expect(await firstLoadedAt()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/)
  })

  it('leaves no project of the demo store new, though all were added today', async () => {
    const loaded = await firstLoadedAt()
    const dates = await createdDates()
    expect(dates.size).toBe(720)
    const now = Date.now()
    const recent = [...dates.values()].filter((added) => now - Date.parse(added) < 30 * 86_400_000)
    expect(recent).toHaveLength(720)
    expect([...dates.values()].filter((added) => isNewProject(added, loaded, now))).toEqual([])
  })

  it('makes a project added later new, from the console or an import, and never moves', async () => {
    const loaded = await firstLoadedAt()
    const created = await server.app.inject({
      method: 'POST',
      url: `/v1/databases/${testConfig.databaseId}/collections/projects/documents`,
      headers: { cookie: adminCookie },
      payload: { documentId: 'added-later', data: { title: 'Añadido después' } },
    })
    expect(created.statusCode, created.body).toBe(201)
    const cli = createAdminCli(server.database)
    cli.files.set('more.json', JSON.stringify([{ id: 'imported-later', title: 'Importado después' }]))
    expect((await cli.run('catalog', 'import', 'more.json')).code).toBe(0)

    const dates = await createdDates()
    const now = Date.now()
    const fresh = [...dates].filter(([, added]) => isNewProject(added, loaded, now)).map(([id]) => id)
    expect(fresh.sort()).toEqual(['added-later', 'imported-later'])
    expect(await firstLoadedAt()).toBe(loaded)
  })
})
