import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createAdminCli } from '../cli/admin-cli'
import { signInConsoleCallers } from '../support/console-callers'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

/**
 * Issue 28, item 10: free text the console and the CLI store (file names in the audit log, names, notes,
 * the catalogue's words) keeps no control characters: no escape sequence a terminal would run, no
 * carriage return hiding what came before, no right-to-left override disguising a file name. Tabs and
 * line breaks stay only where a field is several lines by nature (decision 058).
 */
let server: TestServer
let adminCookie = ''
let cli: ReturnType<typeof createAdminCli>

const ESC = '\u001b'
const RLO = '\u202e'

beforeAll(async () => {
  server = await startTestServer()
  ;({ adminCookie } = await signInConsoleCallers(server))
  cli = createAdminCli(server.database)
})
afterAll(() => server.close())

const post = (url: string, payload: object) =>
  server.app.inject({ method: 'POST', url, payload, headers: { cookie: adminCookie } })

/** Every stored text a test wrote, to check for any control character at all. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for here
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u

it('keeps a file name in the audit log on one line, without escapes or overrides', async () => {
  const fileName = `catálogo${ESC}[2J\r\nfalso${RLO}nosj.csv`
  const response = await post('/v1/store/catalog/import', {
    fileName,
    content: 'id,title\nctl-1,Proyecto de control\n',
    dryRun: false,
  })
  expect(response.statusCode, response.body).toBe(200)
  const members = await post('/v1/store/members/import', {
    fileName: `compradores${ESC}]0;pwned\u0007.csv`,
    content: 'email,name\nctl-buyer@example.com,Comprador\n',
    dryRun: false,
    language: 'es',
  })
  expect(members.statusCode, members.body).toBe(200)
  const subjects = (
    await server.database.rows(
      sql`SELECT subject FROM audit_events WHERE action IN ('catalog import', 'member.import') ORDER BY sequence`,
    )
  ).map((row) => String(row.subject))
  expect(subjects).toEqual(['catálogo[2J falsonosj.csv', 'compradores]0;pwned.csv'])
})

it('stores members’ names, from the console and the CLI, as one line', async () => {
  const created = await post('/v1/users', {
    userId: 'unique()',
    email: 'ctl-console@example.com',
    name: `Ana${ESC}[31m\tPérez\r${RLO}`,
  })
  expect(created.statusCode, created.body).toBe(201)
  expect(created.json()).toMatchObject({ name: 'Ana[31m Pérez ' })
  const run = await cli.run(
    'users',
    'create',
    '--email',
    'ctl-cli@example.com',
    '--name',
    `Luis\u0000\u0008 Gómez\n`,
  )
  expect(run.code, run.err).toBe(0)
  const names = await server.database.rows(
    sql`SELECT name FROM users WHERE email IN ('ctl-console@example.com', 'ctl-cli@example.com') ORDER BY email`,
  )
  expect(names.map((row) => row.name)).toEqual(['Luis Gómez ', 'Ana[31m Pérez '])
})

it('keeps an order’s note on its lines, without other controls', async () => {
  const run = await cli.run(
    'orders',
    'grant',
    'ctl-order@example.com',
    '--name',
    `Eva${ESC}[8m`,
    '--note',
    `Transferencia 1\r\nBanco\t2${ESC}[2J${RLO}`,
  )
  expect(run.code, run.err).toBe(0)
  const [order] = await server.database.rows(
    sql`SELECT name, note FROM orders WHERE email = 'ctl-order@example.com'`,
  )
  expect(order).toEqual({ name: 'Eva[8m', note: 'Transferencia 1\nBanco\t2[2J' })
})

it('stores the catalogue’s words from the console without controls, keeping the lines of long texts', async () => {
  const response = await post(`/v1/databases/${testConfig.databaseId}/collections/projects/documents`, {
    documentId: 'ctl-project',
    data: {
      title: `Título${ESC}[5m\u0007 nuevo${RLO}`,
      author: `Autora\u0085`,
      problem_solved: `Primera línea\r\nSegunda\tlínea${ESC}`,
      demonstration_cases: [`Caso${RLO} uno`],
      project_links: [{ title: `Enlace\u0001x\n`, url: 'https://example.com/ctl' }],
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  const [row] = await server.database.rows(
    sql`SELECT title, author, problem_solved, demonstration_cases, project_links FROM projects WHERE id = 'ctl-project'`,
  )
  expect(row).toMatchObject({
    title: 'Título[5m nuevo',
    author: 'Autora ',
    problem_solved: 'Primera línea\nSegunda\tlínea',
  })
  expect(JSON.parse(String(row?.demonstration_cases))).toEqual(['Caso uno'])
  expect(JSON.parse(String(row?.project_links))).toEqual([
    { title: 'Enlacex', url: 'https://example.com/ctl' },
  ])
  // The audit event of the edit holds the same clean words.
  const [event] = await server.database.rows(
    sql`SELECT after FROM audit_events WHERE subject = 'projects/ctl-project'`,
  )
  expect(JSON.stringify(event?.after)).not.toMatch(CONTROL)
})
