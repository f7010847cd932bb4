import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMember, type TestMember } from '../support/factories'
import { signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'
import { createAdminCli, linkIn } from './admin-cli'

let server: TestServer
let cli: ReturnType<typeof createAdminCli>
/** Inactive 400 days, with a live session and an outstanding set-password link. */
let sleeper: TestMember & { cookie: string; link: URL }
/** Active 10 days ago. */
let recent: TestMember

const inactiveFor = (member: TestMember, days: number) =>
  server.database.rows(
    sql`UPDATE users SET accessed_at = now() - make_interval(days => ${days}) WHERE id = ${member.id}`,
  )
const signInAnswer = async (email: string, password: string) => {
  const response = await server.app.inject({
    method: 'POST',
    url: '/v1/account/sessions/email',
    payload: { email, password },
  })
  const body = response.json<{ type?: string; reason?: string }>()
  return { status: response.statusCode, type: body.type, reason: body.reason }
}
const me = (cookie: string) => server.app.inject({ method: 'GET', url: '/v1/account', headers: { cookie } })

beforeAll(async () => {
  server = await startTestServer()
  cli = createAdminCli(server.database)
  const member = await createMember(server.database, { name: 'Dormida' })
  const { cookie } = await signIn(server, member)
  await cli.run('users', 'invite', member.email)
  sleeper = { ...member, cookie, link: linkIn((await cli.mailbox.next()).text) }
  await inactiveFor(sleeper, 400)
  recent = await createMember(server.database, { name: 'Reciente' })
  await inactiveFor(recent, 10)
  // Inactive too, but with nothing left to block: disabled by the owner, or already blocked.
  const disabled = await createMember(server.database)
  await cli.run('users', 'disable', disabled.email)
  await inactiveFor(disabled, 500)
  const refunded = await createMember(server.database)
  await server.database.rows(sql`UPDATE users SET blocked_reason = 'refunded' WHERE id = ${refunded.id}`)
  await inactiveFor(refunded, 500)
})
afterAll(() => server.close())

it('lists the members who can sign in and have not for more than --days days (365 by default)', async () => {
  const listed = await cli.run('users', 'inactive')
  expect(listed.code).toBe(0)
  expect(listed.out).toMatch(
    new RegExp(
      `^EMAIL\\s+NAME\\s+LAST ACTIVITY\\s+DAYS\\s+WARNED\\n${sleeper.email}\\s+Dormida\\s+\\d{4}-\\d\\d-\\d\\d\\s+400\\n` +
        '1 member inactive for more than 365 days \\(--block blocks them\\)\\.\\n$',
    ),
  )
  const json = JSON.parse((await cli.run('users', 'inactive', '--days', '5', '--json')).out) as {
    email: string
    inactiveDays: number
    warnedAt: string | null
  }[]
  expect(json.map((member) => [member.email, member.inactiveDays, member.warnedAt])).toEqual([
    [sleeper.email, 400, null],
    [recent.email, 10, null],
  ])
  expect((await cli.run('users', 'inactive', '--days', '1000')).out).toBe(
    'No member who can sign in has been inactive for more than 1000 days.\n',
  )
})

it('--block --dry-run shows who would be blocked and changes nothing', async () => {
  const dry = await cli.run('users', 'inactive', '--block', '--dry-run')
  expect(dry.code).toBe(0)
  expect(dry.out).toContain(sleeper.email)
  expect(dry.out).toMatch(/Dry run: 1 member would be blocked; nothing was changed\.\n$/)
  // Read from the list, not by using the session: a request is activity, and would wake the member.
  expect((await cli.run('users', 'list')).out).toMatch(
    new RegExp(`${sleeper.email}\\s+Dormida\\s+enabled\\s+1`),
  )
})

it('--block blocks them: sessions and links end, sign-in says why; users enable reactivates', async () => {
  const blocked = await cli.run('users', 'inactive', '--block')
  expect(blocked.code).toBe(0)
  expect(blocked.out).toMatch(new RegExp(`^EMAIL.*\\n${sleeper.email}\\s+Dormida\\s+\\S+\\s+400\\n`))
  expect(blocked.out).toMatch(
    /Blocked 1 member for inactivity; 1 session ended\. users enable EMAIL reactivates a member\.\n$/,
  )
  expect((await me(sleeper.cookie)).statusCode).toBe(401)
  expect(await signInAnswer(sleeper.email, sleeper.password)).toEqual({
    status: 401,
    type: 'user_blocked',
    reason: 'inactive',
  })
  const reset = await server.app.inject({
    method: 'PUT',
    url: '/v1/account/recovery',
    payload: {
      userId: sleeper.link.searchParams.get('userId'),
      secret: sleeper.link.searchParams.get('secret'),
      password: 'una clave nueva',
    },
  })
  expect(reset.statusCode).toBe(401)
  expect((await cli.run('users', 'list')).out).toMatch(
    new RegExp(`${sleeper.email}\\s+Dormida\\s+blocked \\(inactive\\)`),
  )
  expect((await cli.run('users', 'inactive', '--block')).out).toBe(
    'No member who can sign in has been inactive for more than 365 days: nobody was blocked.\n',
  )

  expect((await cli.run('users', 'enable', sleeper.email)).out).toBe(
    `Enabled ${sleeper.email}: they can sign in again (they were blocked: inactive).\n`,
  )
  // Reactivation starts a new year: the member is not inactive any more.
  expect((await cli.run('users', 'inactive', '--days', '5', '--json')).out).not.toContain(sleeper.email)
  expect(await signInAnswer(sleeper.email, sleeper.password)).toMatchObject({ status: 201 })
})

it('refuses a bad number of days (exit 2) and has --help', async () => {
  expect((await cli.run('users', 'inactive', '--days', '0')).code).toBe(2)
  expect((await cli.run('users', 'inactive', '--days', 'year')).code).toBe(2)
  const help = await cli.run('users', 'inactive', '--help')
  expect(help.code).toBe(0)
  expect(help.out).toMatch(/--days <days>[\s\S]*--block[\s\S]*--dry-run[\s\S]*--json/)
})
