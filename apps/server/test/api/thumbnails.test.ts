import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInConsoleCallers } from '../support/console-callers'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * `/media/thumbnails/<id>.svg` draws a project's title and category: members-only content (issue 28,
 * item 8). The landing page's samples are the web build's own images and never use this route.
 */
let server: TestServer
let adminCookie = ''
let memberCookie = ''

beforeAll(async () => {
  server = await startTestServer()
  ;({ adminCookie, memberCookie } = await signInConsoleCallers(server))
})
afterAll(() => server.close())

const THUMBNAIL = '/media/thumbnails/demo-0003.svg'
const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers })

async function demoTitle() {
  const [row] = await server.database.rows(
    sql`SELECT p.title, c.name FROM projects p JOIN categories c ON c.id = p.category_id WHERE p.id = 'demo-0003'`,
  )
  if (!row) throw new Error('The demo catalogue has no demo-0003')
  return { title: String(row.title), name: String(row.name) }
}

describe('thumbnails', () => {
  it('are drawn for members and admins, kept only by their own browser', async () => {
    const { title } = await demoTitle()
    for (const cookie of [memberCookie, adminCookie]) {
      const response = await get(THUMBNAIL, { cookie })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toContain('image/svg+xml')
      expect(response.body).toContain(title.slice(0, 10))
      expect(response.headers['cache-control']).toMatch(/^private, /)
      expect(String(response.headers.vary)).toContain('Cookie')
      const again = await get(THUMBNAIL, { cookie, 'if-none-match': String(response.headers.etag) })
      expect(again.statusCode).toBe(304)
    }
  })

  it('tell a visitor nothing: the same 404 as an id that does not exist, ETag or not', async () => {
    const { title, name } = await demoTitle()
    const member = await get(THUMBNAIL, { cookie: memberCookie })
    const unknown = await get('/media/thumbnails/no-such-project.svg')
    const asked: Record<string, string>[] = [{}, { 'if-none-match': String(member.headers.etag) }]
    for (const headers of asked) {
      const response = await get(THUMBNAIL, headers)
      expect(response.statusCode).toBe(404)
      expect(response.body).toBe(unknown.body)
      expect(response.body).not.toContain(title.slice(0, 10))
      expect(response.body).not.toContain(name)
      expect(response.headers.etag).toBeUndefined()
      expect(response.headers['cache-control']).toBe('no-store')
    }
    // A session cookie that is not a live session is a visitor's.
    const forged = await get(THUMBNAIL, { cookie: 'a_session_projects-gallery=bm90LWEtc2Vzc2lvbg' })
    expect(forged.statusCode).toBe(404)
  })
})
