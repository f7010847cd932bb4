import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../support/factories'
import { signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'
import { createAdminCli, linkIn } from './admin-cli'

let server: TestServer
let cli: ReturnType<typeof createAdminCli>

beforeAll(async () => {
  server = await startTestServer()
  cli = createAdminCli(server.database)
})
afterAll(() => server.close())

const signInStatus = async (email: string, password: string) => {
  const response = await server.app.inject({
    method: 'POST',
    url: '/v1/account/sessions/email',
    payload: { email, password },
  })
  return { status: response.statusCode, type: response.json<{ type?: string }>().type }
}
const me = (cookie: string) => server.app.inject({ method: 'GET', url: '/v1/account', headers: { cookie } })
const passwordIn = (text: string) => /Password \(shown only this once\): (\S+)/.exec(text)?.[1] ?? ''

describe('users create', () => {
  it('generates a strong password, prints it once, and the member signs in with it', async () => {
    const result = await cli.run('users', 'create', '--email', 'ana@example.com', '--name', 'Ana')
    expect(result).toMatchObject({ code: 0, err: '' })
    const password = passwordIn(result.out)
    expect(password).toMatch(/^\w{5}-\w{5}-\w{5}-\w{5}$/)
    expect(await signInStatus('ANA@example.com', password)).toMatchObject({ status: 201 })
  })

  it('takes a chosen password, but not a short or common one', async () => {
    const ok = await cli.run('users', 'create', '--email', 'bea@example.com', '--password', 'una frase larga')
    expect(ok.code).toBe(0)
    expect(ok.out).not.toContain('shown only this once')
    expect(await signInStatus('bea@example.com', 'una frase larga')).toMatchObject({ status: 201 })
    for (const password of ['short', 'Password1', 'iloveyou', 'x'.repeat(257)]) {
      const refused = await cli.run('users', 'create', '--email', 'carl@example.com', '--password', password)
      expect(refused).toMatchObject({ code: 1, out: '' })
      expect(refused.err).toMatch(/8 to 256 characters long and not one of the most common passwords/)
    }
    expect((await cli.run('users', 'list', '--json')).out).not.toContain('carl@example.com')
  })

  it('invites by email with a link that sets the password', async () => {
    const result = await cli.run('users', 'create', '--email', 'dani@example.com', '--invite', '--lang', 'en')
    expect(result.code).toBe(0)
    expect(result.out).toContain('Invitation to choose a password emailed to dani@example.com')
    const message = await cli.mailbox.next()
    expect(message).toMatchObject({ to: 'dani@example.com', subject: 'Your access to Projects Gallery' })
    expect(message.html).toContain('Choose my password')
    const link = linkIn(message.text)
    const reset = await server.app.inject({
      method: 'PUT',
      url: '/v1/account/recovery',
      payload: {
        userId: link.searchParams.get('userId'),
        secret: link.searchParams.get('secret'),
        password: 'mi nueva clave',
      },
    })
    expect(reset.statusCode).toBe(200)
    expect(await signInStatus('dani@example.com', 'mi nueva clave')).toMatchObject({ status: 201 })
  })

  it('refuses a taken email, a malformed email, and --password with --invite', async () => {
    const member = await createMember(server.database)
    const taken = await cli.run('users', 'create', '--email', member.email.toUpperCase())
    expect(taken).toMatchObject({ code: 1 })
    expect(taken.err).toContain('already exists')
    expect(await cli.run('users', 'create', '--email', 'not-an-email')).toMatchObject({
      code: 2,
      err: '--email: Invalid email address\n',
    })
    const both = await cli.run(
      'users',
      'create',
      '--email',
      'e@example.com',
      '--invite',
      '--password',
      'a good passphrase',
    )
    expect(both.code).toBe(2)
    expect(both.err).toMatch(/cannot be used with/)
    expect((await cli.run('users', 'create')).err).toMatch(/required option '--email <email>'/)
  })
})

describe('managing a member', () => {
  it('lists members as a table and as JSON, never with a password hash', async () => {
    const member = await createMember(server.database, { name: 'Lista' })
    const table = await cli.run('users', 'list')
    expect(table.out).toMatch(new RegExp(`${member.email}\\s+Lista\\s+enabled\\s+0`))
    const json = await cli.run('users', 'list', '--json')
    const rows = JSON.parse(json.out) as Record<string, unknown>[]
    expect(rows.find((row) => row.email === member.email)).toMatchObject({
      name: 'Lista',
      status: 'enabled',
      sessions: 0,
    })
    expect(json.out).not.toMatch(/argon2|password/i)
  })

  it('counts a member’s live sessions, not the expired ones', async () => {
    const member = await createMember(server.database, { name: 'Sesiones' })
    await signIn(server, member)
    await signIn(server, member)
    const expired = await signIn(server, member)
    await server.database.rows(
      sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE id = (SELECT id FROM sessions WHERE user_id = ${member.id} ORDER BY sequence DESC LIMIT 1)`,
    )
    expect((await me(expired.cookie)).statusCode).toBe(401)
    expect((await cli.run('users', 'list')).out).toMatch(
      new RegExp(`${member.email}\\s+Sesiones\\s+enabled\\s+2`),
    )
    const rows = JSON.parse((await cli.run('users', 'list', '--json')).out) as Record<string, unknown>[]
    expect(rows.find((row) => row.email === member.email)).toMatchObject({ sessions: 2 })
  })

  it('disables a member: sign-in is refused as blocked and their sessions stop working; enable restores sign-in', async () => {
    const member = await createMember(server.database)
    const { cookie } = await signIn(server, member)
    const disabled = await cli.run('users', 'disable', member.email)
    expect(disabled).toMatchObject({ code: 0 })
    expect(disabled.out).toContain('1 session ended')
    expect((await me(cookie)).statusCode).toBe(401)
    expect(await signInStatus(member.email, member.password)).toEqual({ status: 401, type: 'user_blocked' })
    expect(await signInStatus(member.email, 'wrong password!')).toEqual({
      status: 401,
      type: 'user_invalid_credentials',
    })
    expect((await cli.run('users', 'list')).out).toMatch(new RegExp(`${member.email}.*disabled`))
    expect((await cli.run('users', 'enable', member.email)).code).toBe(0)
    expect(await signInStatus(member.email, member.password)).toMatchObject({ status: 201 })
  })

  it('deletes a member with their sessions', async () => {
    const member = await createMember(server.database)
    const { cookie } = await signIn(server, member)
    expect((await cli.run('users', 'delete', member.email)).out).toContain(`Deleted ${member.email}`)
    expect((await me(cookie)).statusCode).toBe(401)
    expect(await signInStatus(member.email, member.password)).toMatchObject({
      type: 'user_invalid_credentials',
    })
  })

  it('sets a password (chosen or generated) and signs the member out everywhere', async () => {
    const member = await createMember(server.database)
    const { cookie } = await signIn(server, member)
    const chosen = await cli.run('users', 'set-password', member.email, '--password', 'otra frase larga')
    expect(chosen.out).toContain('1 session ended')
    expect((await me(cookie)).statusCode).toBe(401)
    expect(await signInStatus(member.email, 'otra frase larga')).toMatchObject({ status: 201 })
    const generated = await cli.run('users', 'set-password', member.email)
    expect(await signInStatus(member.email, passwordIn(generated.out))).toMatchObject({ status: 201 })
    expect((await cli.run('users', 'set-password', member.email, '--password', 'qwerty123')).code).toBe(1)
  })

  it('reads a chosen password from standard input, so it shows in no process list', async () => {
    const member = await createMember(server.database)
    const piped = await cli.pipe(
      'frase desde la tubería\n',
      'users',
      'set-password',
      member.email,
      '--password-stdin',
    )
    expect(piped.code).toBe(0)
    expect(piped.out).not.toContain('frase desde la tubería')
    expect(await signInStatus(member.email, 'frase desde la tubería')).toMatchObject({ status: 201 })

    const created = await cli.pipe(
      'otra frase por stdin\r\n',
      'users',
      'create',
      '--email',
      'tuberia@example.com',
      '--password-stdin',
    )
    expect(created.code).toBe(0)
    expect(await signInStatus('tuberia@example.com', 'otra frase por stdin')).toMatchObject({ status: 201 })

    expect((await cli.pipe('corta\n', 'users', 'set-password', member.email, '--password-stdin')).code).toBe(
      1,
    )
    const both = await cli.run('users', 'set-password', member.email, '--password', 'x', '--password-stdin')
    expect(both.code).toBe(2)
    expect(both.err).toMatch(/cannot be used with/)
  })

  it('revokes every session of a member', async () => {
    const member = await createMember(server.database)
    const first = await signIn(server, member)
    const second = await signIn(server, member)
    expect((await cli.run('users', 'sessions', 'revoke', member.email)).out).toContain('2 sessions ended')
    expect((await me(first.cookie)).statusCode).toBe(401)
    expect((await me(second.cookie)).statusCode).toBe(401)
    expect(await signInStatus(member.email, member.password)).toMatchObject({ status: 201 })
  })

  it('re-sends an invitation in Spanish by default', async () => {
    const member = await createMember(server.database)
    expect((await cli.run('users', 'invite', member.email)).code).toBe(0)
    const message = await cli.mailbox.next()
    expect(message.subject).toBe('Tu acceso a Projects Gallery')
    expect(message.text).toContain('7 días')
  })

  it('reports an unknown member for every command that names one', async () => {
    for (const command of [
      ['users', 'disable'],
      ['users', 'enable'],
      ['users', 'delete'],
      ['users', 'set-password'],
      ['users', 'sessions', 'revoke'],
      ['users', 'invite'],
    ]) {
      const result = await cli.run(...command, 'nobody@example.com')
      expect(result, command.join(' ')).toEqual({
        code: 1,
        out: '',
        err: 'No member has the email nobody@example.com.\n',
      })
    }
    expect((await cli.run('users', 'disable')).err).toMatch(/missing required argument 'email'/)
  })
})

describe('users label', () => {
  const labelsOf = async (email: string) => {
    const members = JSON.parse((await cli.run('users', 'list', '--json')).out) as {
      email: string
      labels: string[]
    }[]
    return members.find((member) => member.email === email)?.labels
  }

  it('creates a member with labels, which their account shows, as Appwrite does', async () => {
    const result = await cli.run(
      'users',
      'create',
      '--email',
      'owner@example.com',
      '--label',
      'admin',
      '--label',
      'staff',
      '--label',
      'admin',
    )
    expect(result).toMatchObject({ code: 0, err: '' })
    expect(result.out).toContain('labels: admin, staff')
    expect(await labelsOf('owner@example.com')).toEqual(['admin', 'staff'])
    const { cookie } = await signIn(server, { email: 'owner@example.com', password: passwordIn(result.out) })
    expect((await me(cookie)).json()).toMatchObject({ labels: ['admin', 'staff'] })
    expect((await cli.run('users', 'list')).out).toMatch(/owner@example\.com.*admin, staff/)
  })

  it('adds and removes a label; a signed-in member sees the change at once', async () => {
    const member = await createMember(server.database, { email: 'helper@example.com' })
    const { cookie } = await signIn(server, member)
    expect((await me(cookie)).json()).toMatchObject({ labels: [] })
    const added = await cli.run('users', 'label', 'add', 'helper@example.com', 'admin')
    expect(added).toMatchObject({ code: 0, out: 'helper@example.com has the label admin.\n' })
    expect((await me(cookie)).json()).toMatchObject({ labels: ['admin'] })
    const again = await cli.run('users', 'label', 'add', 'HELPER@example.com', 'admin')
    expect(again.out).toContain('(nothing changed)')
    expect(await labelsOf('helper@example.com')).toEqual(['admin'])
    const removed = await cli.run('users', 'label', 'remove', 'helper@example.com', 'admin')
    expect(removed).toMatchObject({ code: 0, out: 'helper@example.com no longer has the label admin.\n' })
    expect((await me(cookie)).json()).toMatchObject({ labels: [] })
  })

  it('refuses a label Appwrite would refuse, an unknown action or member, and changes nothing', async () => {
    for (const label of ['ad min', 'admín', 'x'.repeat(37), '']) {
      const refused = await cli.run('users', 'label', 'add', 'helper@example.com', label)
      expect(refused.code).toBe(2)
      expect(refused.err).toContain('A label is 1 to 36 letters')
    }
    expect((await cli.run('users', 'label', 'grant', 'helper@example.com', 'admin')).code).toBe(2)
    const unknown = await cli.run('users', 'label', 'add', 'nobody@example.com', 'admin')
    expect(unknown.code).toBe(1)
    const badCreate = await cli.run('users', 'create', '--email', 'x@example.com', '--label', 'no-dashes')
    expect(badCreate.code).toBe(2)
    expect(await labelsOf('helper@example.com')).toEqual([])
    expect(await labelsOf('x@example.com')).toBeUndefined()
  })
})
