import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMember, type TestMember } from '../support/factories'
import { startTestServer, type TestServer } from '../support/test-app'
import { createAdminCli } from './admin-cli'

let server: TestServer
let cli: ReturnType<typeof createAdminCli>
let existing: TestMember

beforeAll(async () => {
  server = await startTestServer()
  cli = createAdminCli(server.database)
  existing = await createMember(server.database)
})
afterAll(() => server.close())

const members = async () =>
  (JSON.parse((await cli.run('users', 'list', '--json')).out) as { email: string; name: string }[]).map(
    (member) => member.email,
  )

it('creates and invites each new buyer, skips existing members, and creates nobody twice', async () => {
  cli.files.set(
    'buyers.csv',
    `email,name\r\nnuria@example.com,Núria Puig\r\n"pablo@example.com","Pablo, el del curso"\r\n${existing.email.toUpperCase()},Ya está\r\n\r\n`,
  )
  const first = await cli.run('users', 'import', 'buyers.csv')
  expect(first.code).toBe(0)
  expect(first.out).toBe(
    'Created and invited: 2\n  row 2: nuria@example.com\n  row 3: pablo@example.com\n' +
      `Already members, left as they are: 1\n  row 4: ${existing.email.toUpperCase()}\nInvalid rows: 0\n`,
  )
  const invited = [await cli.mailbox.next(), await cli.mailbox.next()]
  expect(invited.map((message) => message.to)).toEqual(['nuria@example.com', 'pablo@example.com'])
  expect(invited[1]?.text).toContain('Hola, Pablo, el del curso:')

  const second = await cli.run('users', 'import', 'buyers.csv')
  expect(second.out).toMatch(/^Created and invited: 0\nAlready members, left as they are: 3\n/)
  expect(cli.mailbox.messages).toHaveLength(2)
  expect((await members()).filter((email) => email === 'nuria@example.com')).toHaveLength(1)
})

it('takes a file without a header and invites in English when asked', async () => {
  cli.files.set('plain.csv', 'olga@example.com,Olga\nquim@example.com\n')
  expect((await cli.run('users', 'import', 'plain.csv', '--lang', 'en')).code).toBe(0)
  expect((await cli.mailbox.next()).subject).toBe('Your access to Projects Gallery')
  expect(await members()).toEqual(expect.arrayContaining(['olga@example.com', 'quim@example.com']))
})

it('reports every invalid row and duplicate email, and then creates nobody', async () => {
  cli.files.set(
    'bad.csv',
    'email,name\nrosa@example.com,Rosa\nnot-an-email,X\nsara@example.com,Sara,extra\nROSA@example.com,Rosa otra vez\n' +
      `tomas@example.com,${'t'.repeat(129)}\n`,
  )
  const result = await cli.run('users', 'import', 'bad.csv')
  expect(result).toEqual({
    code: 1,
    out: '',
    err:
      'bad.csv: 4 invalid rows; nobody was created:\n' +
      '  row 3: "not-an-email" is not a valid email address\n' +
      '  row 4: expected two columns, email,name\n' +
      '  row 5: ROSA@example.com is already at row 2\n' +
      '  row 6: the name is longer than 128 characters\n',
  })
  expect(await members()).not.toContain('rosa@example.com')
})

it('refuses a missing file, a broken CSV and an empty one', async () => {
  expect(await cli.run('users', 'import', 'missing.csv')).toEqual({
    code: 1,
    out: '',
    err: 'Cannot read missing.csv: no such file\n',
  })
  cli.files.set('broken.csv', 'email,name\n"unclosed@example.com,Ana\n')
  expect((await cli.run('users', 'import', 'broken.csv')).err).toMatch(
    /^broken.csv: not valid CSV: line \d+: a quoted field is never closed/,
  )
  cli.files.set('empty.csv', 'email,name\n')
  expect(await cli.run('users', 'import', 'empty.csv')).toMatchObject({
    code: 1,
    err: 'empty.csv: no members to import.\n',
  })
})
