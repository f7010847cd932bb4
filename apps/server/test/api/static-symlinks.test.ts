import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/test-app'

/** The web folder's files are served; a symlink leading out of it is not (issue 10, item 17). */
let base = ''
let server: TestServer
const SECRET = 'DATABASE_URL=postgres://owner:secret@db/gallery'

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'gallery-symlinks-'))
  const webDir = path.join(base, 'web')
  const outside = path.join(base, 'outside')
  await mkdir(path.join(webDir, 'assets'), { recursive: true })
  await mkdir(outside)
  await writeFile(path.join(outside, 'secret.env'), SECRET)
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Projects Gallery</title>')
  await writeFile(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  await writeFile(path.join(webDir, 'assets', 'app-Ab12.js'), 'console.log(1)')
  // Out of the folder: a file, a whole folder, and the precompressed copy of a file that is inside.
  await symlink(path.join(outside, 'secret.env'), path.join(webDir, 'assets', 'secret-Cd34.js'))
  await symlink(outside, path.join(webDir, 'linked'))
  await symlink(path.join(outside, 'secret.env'), path.join(webDir, 'assets', 'app-Ab12.js.br'))
  // Inside the folder: a link to another of its files is served like that file.
  await symlink(path.join(webDir, 'favicon.svg'), path.join(webDir, 'icon.svg'))
  server = await startTestServer({ config: { webDir } })
})
afterAll(async () => {
  await server.close()
  await rm(base, { recursive: true, force: true })
})

const get = (url: string, encoding = 'identity') =>
  server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } })

it('never sends a file that a symlink leads to outside the web folder', async () => {
  for (const [url, encoding] of [
    ['/assets/secret-Cd34.js', 'identity'],
    ['/linked/secret.env', 'identity'],
    ['/assets/app-Ab12.js', 'br'],
    ['/assets/app-Ab12.js', 'identity'],
  ] as const) {
    const response = await get(url, encoding)
    expect(response.statusCode, `${url} ${encoding}`).toBe(404)
    expect(response.body).not.toContain('secret')
  }
})

it('sends the files inside, also through a symlink that stays inside', async () => {
  expect((await get('/favicon.svg')).statusCode).toBe(200)
  const linked = await get('/icon.svg')
  expect(linked.statusCode).toBe(200)
  expect(linked.body).toContain('<svg')
})
