import { Query } from 'appwrite'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMember } from '../support/factories'
import { listUrl, signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'

let server: TestServer
let cookie = ''

beforeAll(async () => {
  server = await startTestServer()
  cookie = (await signIn(server, await createMember(server.database))).cookie
})
afterAll(() => server.close())

const firstTitle = async () => {
  const response = await server.app.inject({
    method: 'GET',
    url: listUrl('projects', [Query.limit(1), Query.select(['title'])]),
    headers: { cookie },
  })
  return response.json<{ documents: { title: string }[] }>().documents[0]?.title
}

it('serves catalogue reads from a shared cache that follows every catalogue write within a second', async () => {
  const before = await firstTitle()
  await server.database.rows(
    sql`UPDATE projects SET title = 'Título cambiado por una importación' WHERE id = 'demo-0001'`,
  )
  await new Promise((resolve) => setTimeout(resolve, 1100))
  expect(await firstTitle()).toBe('Título cambiado por una importación')
  expect(before).not.toBe('Título cambiado por una importación')
})

it('never caches an answer for a signed-out visitor or an error', async () => {
  const guest = await server.app.inject({ method: 'GET', url: listUrl('projects', [Query.limit(1)]) })
  expect(guest.statusCode).toBe(401)
  const missing = await server.app.inject({
    method: 'GET',
    url: '/v1/databases/gallery/collections/projects/documents/nope',
    headers: { cookie },
  })
  expect(missing.statusCode).toBe(404)
  await server.database.rows(sql`INSERT INTO categories (id, name) VALUES ('cat-new', 'Nueva')`)
  await server.database.rows(
    sql`INSERT INTO projects (id, title, category_id) VALUES ('nope', 'Proyecto nuevo', 'cat-new')`,
  )
  await new Promise((resolve) => setTimeout(resolve, 1100))
  const found = await server.app.inject({
    method: 'GET',
    url: '/v1/databases/gallery/collections/projects/documents/nope',
    headers: { cookie },
  })
  expect(found.json()).toMatchObject({ $id: 'nope', title: 'Proyecto nuevo', category: 'cat-new' })
})
