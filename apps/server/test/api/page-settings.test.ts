import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { writePrerenderedBuild } from '../support/prerendered-build'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * Every page tells the browser the project and database ids the server runs with (issue 10, item 22;
 * decision 015), so one web build works with any PROJECT_ID and DATABASE_ID.
 */
const SETTINGS = { projectId: 'shop', databaseId: 'catalogo' }
const EXPECTED = [
  '<meta name="appwrite-project" content="shop">',
  '<meta name="appwrite-database" content="catalogo">',
]
const dirs: string[] = []
const servers: TestServer[] = []

async function serve(webDir: string) {
  const server = await startTestServer({ config: { webDir, ...SETTINGS } })
  servers.push(server)
  return server
}

beforeAll(async () => {
  dirs.push(await writePrerenderedBuild())
  // A build without prerendered pages: the template alone, as Vite writes it.
  const plain = await mkdtemp(path.join(tmpdir(), 'gallery-plain-'))
  await writeFile(
    path.join(plain, 'index.html'),
    '<!doctype html><html><head><meta name="appwrite-project" content="__PG_PROJECT_ID__">' +
      '<meta name="appwrite-database" content="__PG_DATABASE_ID__"></head><body><div id="root"></div></body></html>',
  )
  dirs.push(plain)
})
afterAll(async () => {
  for (const server of servers) await server.close()
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

it("names the server's project and database in every page: storefront, members' shell, 404, both languages", async () => {
  const { app } = await serve(dirs[0] ?? '')
  for (const url of [
    '/',
    '/landing-pack-apps',
    '/login',
    '/faq?lang=en',
    '/search',
    '/home',
    '/no-such-page',
  ]) {
    for (const language of ['es', 'en']) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-language': language, 'accept-encoding': 'identity' },
      })
      for (const meta of EXPECTED) expect(response.body, `${url} ${language}`).toContain(meta)
      expect(response.body).not.toContain('__PG_')
    }
  }
  // The template with its placeholders is never sent as it is.
  const template = await app.inject({ method: 'GET', url: '/index.html' })
  expect(template.body).not.toContain('__PG_')
})

it('names them in the page of a build without prerendered pages too', async () => {
  const { app } = await serve(dirs[1] ?? '')
  for (const url of ['/', '/search', '/no-such-page']) {
    const response = await app.inject({ method: 'GET', url })
    for (const meta of EXPECTED) expect(response.body, url).toContain(meta)
  }
})
