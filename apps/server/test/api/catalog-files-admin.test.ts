import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Query } from 'appwrite'
import { listUrl } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'
import { signInConsoleCallers } from '../support/console-callers'

const EXAMPLE_CSV = readFileSync(
  new URL('../../../../docs/examples/catalog.example.csv', import.meta.url),
  'utf8',
)

let server: TestServer
let adminCookie = ''
let memberCookie = ''

beforeAll(async () => {
  server = await startTestServer()
  ;({ adminCookie, memberCookie } = await signInConsoleCallers(server))
})
afterAll(() => server.close())

const importFile = (payload: object, cookie = adminCookie) =>
  server.app.inject({ method: 'POST', url: '/v1/store/catalog/import', payload, headers: { cookie } })
const exportFile = (format: string, cookie = adminCookie) =>
  server.app.inject({ method: 'GET', url: `/v1/store/catalog/export?format=${format}`, headers: { cookie } })
const projectTotal = async () =>
  (
    await server.app.inject({
      method: 'GET',
      url: listUrl('projects', [Query.limit(1)]),
      headers: { cookie: memberCookie },
    })
  ).json<{ total: number }>().total

describe('catalogue files from the console', () => {
  it('are for admins only', async () => {
    for (const cookie of ['', memberCookie]) {
      expect(
        (await importFile({ fileName: 'a.csv', content: EXAMPLE_CSV, dryRun: true }, cookie)).statusCode,
      ).toBe(401)
      expect((await exportFile('json', cookie)).json()).toMatchObject({ type: 'user_unauthorized' })
    }
  })

  it('previews the example CSV (what would be added), writing nothing', async () => {
    const before = await projectTotal()
    const preview = await importFile({ fileName: 'catalog.example.csv', content: EXAMPLE_CSV, dryRun: true })
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json()).toMatchObject({
      valid: true,
      applied: false,
      format: 'csv',
      summary: { projects: { added: 2, updated: 0 } },
      problems: [],
    })
    expect(await projectTotal()).toBe(before)
  })

  it('lists every problem with its place, and applying a bad file writes nothing', async () => {
    const bad = `${EXAMPLE_CSV.trimEnd()}\nroto,,,,,,javascript:alert(1),,,\n`
    const preview = await importFile({ fileName: 'bad.csv', content: bad, dryRun: true })
    expect(preview.statusCode).toBe(200)
    const body = preview.json<{ valid: boolean; problems: { where: string; reason: string }[] }>()
    expect(body.valid).toBe(false)
    const described = body.problems.map((problem) => `${problem.where}: ${problem.reason}`).join('\n')
    expect(described).toMatch(/row 4.*title/i)
    expect(described).toMatch(/row 4.*youtube_url/i)
    const before = await projectTotal()
    const applied = await importFile({ fileName: 'bad.csv', content: bad, dryRun: false })
    expect(applied.statusCode).toBe(400)
    expect(applied.json().message).toContain('nothing was imported')
    expect(await projectTotal()).toBe(before)
    const unreadable = await importFile({ fileName: 'x.json', content: '{"projects": [', dryRun: true })
    expect(unreadable.json()).toMatchObject({ valid: false })
    for (const payload of [
      { fileName: 'a.csv', content: EXAMPLE_CSV },
      { fileName: 'a.csv', dryRun: true },
      { content: 'x', dryRun: true },
    ])
      expect((await importFile(payload)).statusCode, JSON.stringify(Object.keys(payload))).toBe(400)
  })

  it('applies the file, which members see at once, and the audit log records it', async () => {
    const before = await projectTotal()
    const applied = await importFile({ fileName: 'catalog.example.csv', content: EXAMPLE_CSV, dryRun: false })
    expect(applied.json()).toMatchObject({ valid: true, applied: true, summary: { projects: { added: 2 } } })
    expect(await projectTotal()).toBe(before + 2)
    const again = await importFile({ fileName: 'catalog.example.csv', content: EXAMPLE_CSV, dryRun: true })
    // The same file again: nothing new, nothing different (the preview's "unchanged").
    expect(again.json().summary.projects).toEqual({ added: 0, updated: 0, unchanged: 2 })
    const audit = await server.app.inject({
      method: 'GET',
      url: `/v1/store/audit?queries[0]=${encodeURIComponent(Query.equal('action', 'catalog import'))}`,
      headers: { cookie: adminCookie },
    })
    expect(audit.json().events).toHaveLength(1)
    expect(audit.json().events[0]).toMatchObject({ subject: 'catalog.example.csv', source: 'console' })
  })

  it('takes a file far larger than the API’s usual 256 KB', async () => {
    const rows = Array.from(
      { length: 2000 },
      (_, index) =>
        `big-${index},Proyecto grande número ${index} con un título largo,${'Subtítulo '.repeat(10)},Autora,Contenido,,,,,`,
    )
    const content = `id,title,subtitle,author,category,tags,youtube_url,problem_solved,links,demonstration_cases\n${rows.join('\n')}\n`
    expect(content.length).toBeGreaterThan(300 * 1024)
    const preview = await importFile({ fileName: 'big.csv', content, dryRun: true })
    expect(preview.statusCode, preview.body.slice(0, 300)).toBe(200)
    expect(preview.json().summary.projects.added).toBe(2000)
  })

  it('exports JSON and CSV as downloads that import again unchanged', async () => {
    const json = await exportFile('json')
    expect(json.headers['content-type']).toContain('application/json')
    expect(json.headers['content-disposition']).toMatch(
      /^attachment; filename="catalogo-\d{4}-\d{2}-\d{2}\.json"$/,
    )
    const csv = await exportFile('csv')
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.body).toContain('Traductor de vídeos con subtítulos')
    const roundTrip = await importFile({ fileName: 'export.json', content: json.body, dryRun: true })
    expect(roundTrip.json()).toMatchObject({ valid: true, summary: { projects: { added: 0 } } })
    expect((await exportFile('xml')).statusCode).toBe(400)
  })
})
