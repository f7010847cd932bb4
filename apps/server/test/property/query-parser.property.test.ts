import { afterAll, beforeAll, it } from 'vitest'
import { createMember } from '../support/factories'
import { startTestServer, type TestServer } from '../support/test-app'

let server: TestServer
let cookie = ''
beforeAll(async () => {
  server = await startTestServer()
  const member = await createMember(server.database)
  const res = await server.app.inject({ method: 'POST', url: '/v1/account/sessions/email', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: member.email, password: member.password }) })
  const sc = res.headers['set-cookie']
  cookie = (Array.isArray(sc) ? sc : [String(sc)]).map((c) => c.split(';')[0]).join('; ')
})
afterAll(() => server.close())

const q = (collection: string, queries: unknown[]) => {
  const p = new URLSearchParams()
  queries.forEach((x, i) => p.set(`queries[${i}]`, JSON.stringify(x)))
  return server.app.inject({ method: 'GET', url: `/v1/databases/gallery/collections/${collection}/documents?${p}`, headers: { cookie } })
}
it('probe', async () => {
  const cases: [string, unknown[]][] = [
    ['projects', [{ method: 'search', attribute: 'title', values: ['cafe\u0301'] }]],
    ['projects', [{ method: 'search', attribute: 'title', values: ['Traduccio\u0301n'] }]],
    ['projects', [{ method: 'search', attribute: 'title', values: ['Traducción'] }]],
    ['projects', [{ method: 'search', attribute: 'title', values: ['™'] }]],
  ]
  for (const raw of ['queries[foo]=x', 'queries[0][a]=x', 'queries[250]=x', 'queries[]=', 'queries=', 'queries[0]=%7B%7D&queries[0]=x', 'queries[__proto__]=x', 'queries[0]=%7B%22method%22%3A%22limit%22%2C%22values%22%3A%5B1%5D%7D&queries[2]=%7B%22method%22%3A%22limit%22%2C%22values%22%3A%5B1%5D%7D']) {
    const r = await server.app.inject({ method: 'GET', url: `/v1/databases/gallery/collections/projects/documents?${raw}`, headers: { cookie } })
    console.log(r.statusCode, raw, r.body.slice(0, 200))
  }
  for (const [c, qs] of cases) {
    const r = await q(c, qs)
    const body = r.json()
    console.log(r.statusCode, JSON.stringify(qs), JSON.stringify(body).slice(0, 160))
  }
})
