import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../src/platform/db/client'
import { createTestDatabase } from '../support/test-database'
import { createAdminCli } from './admin-cli'

let database: DatabaseHandle
let cli: ReturnType<typeof createAdminCli>

beforeAll(async () => {
  database = await createTestDatabase()
  cli = createAdminCli(database)
})
afterAll(() => database.close())

it('db migrate brings the schema up to date, and can run again', async () => {
  const result = await cli.run('db', 'migrate')
  expect(result.code).toBe(0)
  expect(result.out).toMatch(/^The (embedded|PostgreSQL) database is up to date\.\n$/)
  expect((await cli.run('db', 'migrate')).code).toBe(0)
})

it('demo seed loads the generated catalogue by id, so it can run twice', async () => {
  await database.rows(sql`TRUNCATE project_tags, projects, tags, categories`)
  expect((await cli.run('demo', 'seed', '--projects', '30')).out).toBe(
    'Loaded the demo catalogue: 30 projects (upserted by id).\n',
  )
  expect((await cli.run('demo', 'seed', '--projects', '30')).code).toBe(0)
  expect(JSON.parse((await cli.run('catalog', 'stats', '--json')).out)).toMatchObject({ projects: 30 })
  const refused = await cli.run('demo', 'seed', '--projects', 'many')
  expect(refused.code).toBe(2)
  expect(refused.err).toContain(
    "option '--projects <count>' argument 'many' is invalid. must be a whole number",
  )
  expect((await cli.run('demo', 'seed', '--projects', '0')).err).toBe(
    '--projects: Too small: expected number to be >=1\n',
  )
})

it('has --help everywhere and refuses unknown commands and options', async () => {
  for (const command of [
    [],
    ['users'],
    ['users', 'create'],
    ['users', 'sessions', 'revoke'],
    ['catalog', 'import'],
    ['catalog', 'export'],
    ['db', 'migrate'],
    ['demo', 'seed'],
  ]) {
    const help = await cli.run(...command, '--help')
    expect(help.code, command.join(' ')).toBe(0)
    expect(help.out).toContain(`Usage: npm run admin --${command.length ? ` ${command.join(' ')}` : ''}`)
  }
  const unknown = await cli.run('users', 'frobnicate')
  expect(unknown.code).toBe(2)
  expect(unknown.err).toContain("error: unknown command 'frobnicate'")
  expect((await cli.run('catalog', 'stats', '--verbose')).err).toContain("error: unknown option '--verbose'")
})
