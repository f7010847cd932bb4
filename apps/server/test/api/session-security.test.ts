import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeSessionValue } from '../../src/platform/appwrite/session-cookie'
import { createMember, type TestMember } from '../support/factories'
import { signIn, SESSION_COOKIE } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'

let server: TestServer
let member: TestMember

beforeAll(async () => {
  server = await startTestServer()
  member = await createMember(server.database)
})
afterAll(() => server.close())

const me = (headers: Record<string, string>) =>
  server.app.inject({ method: 'GET', url: '/v1/account', headers })

describe('session cookie and storage', () => {
  it('sets an HttpOnly, SameSite=Lax cookie on / that expires with the session', async () => {
    const { response } = await signIn(server, member)
    const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE)
    expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' })
    expect(cookie?.secure).toBeFalsy()
    expect(cookie?.expires?.toISOString().slice(0, 19)).toBe(
      new Date(response.json<{ expire: string }>().expire).toISOString().slice(0, 19),
    )
    expect(response.headers['x-fallback-cookies']).toBeUndefined()
  })

  it('stores only a SHA-256 hash of a secret of at least 128 bits', async () => {
    const { value } = await signIn(server, member)
    const decoded = decodeSessionValue(value)
    expect(decoded?.secret.length).toBeGreaterThanOrEqual(32)
    const rows = await server.database.rows(
      sql`SELECT secret_hash FROM sessions WHERE user_id = ${member.id}`,
    )
    const hashes = rows.map((row) => row.secret_hash)
    expect(hashes).toContain(
      createHash('sha256')
        .update(decoded?.secret ?? '')
        .digest('hex'),
    )
    expect(hashes).not.toContain(decoded?.secret)
  })

  it('accepts the session from X-Appwrite-Session and from X-Fallback-Cookies', async () => {
    const { value } = await signIn(server, member)
    expect((await me({ 'x-appwrite-session': value })).statusCode).toBe(200)
    expect((await me({ 'x-fallback-cookies': JSON.stringify({ [SESSION_COOKIE]: value }) })).statusCode).toBe(
      200,
    )
  })

  it('treats garbage credentials as signed out, never as a server error', async () => {
    for (const value of [
      '%%%',
      'bm90IGpzb24=',
      Buffer.from('{"id":1}').toString('base64'),
      'x'.repeat(5000),
    ]) {
      const response = await me({ cookie: `${SESSION_COOKIE}=${value}`, 'x-fallback-cookies': '{not json' })
      expect(response.statusCode).toBe(401)
    }
  })

  it('keeps at most 10 sessions per member, dropping the oldest', async () => {
    const own = await createMember(server.database)
    const cookies: string[] = []
    for (let index = 0; index < 12; index++) cookies.push((await signIn(server, own)).cookie)
    const [row] = await server.database.rows(
      sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${own.id}`,
    )
    expect(row?.n).toBe(10)
    expect((await me({ cookie: cookies[0] ?? '' })).statusCode).toBe(401)
    expect((await me({ cookie: cookies[1] ?? '' })).statusCode).toBe(401)
    expect((await me({ cookie: cookies[11] ?? '' })).statusCode).toBe(200)
  })

  it('ends a session at its absolute lifetime', async () => {
    const { cookie, value } = await signIn(server, member)
    const secret = decodeSessionValue(value)?.secret ?? ''
    const hash = createHash('sha256').update(secret).digest('hex')
    await server.database.rows(
      sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE secret_hash = ${hash}`,
    )
    expect((await me({ cookie })).statusCode).toBe(401)
  })

  it('logout deletes the session server-side and expires the cookie', async () => {
    const { cookie } = await signIn(server, member)
    const response = await server.app.inject({
      method: 'DELETE',
      url: '/v1/account/sessions/current',
      headers: { cookie, 'content-type': 'application/json' },
      payload: {},
    })
    expect(response.statusCode).toBe(204)
    expect(response.body).toBe('')
    expect(response.headers['x-fallback-cookies']).toBe('[]')
    expect(response.cookies.find((candidate) => candidate.name === SESSION_COOKIE)?.value).toBe('')
    expect((await me({ cookie })).statusCode).toBe(401)
  })

  it('a disabled member cannot sign in, and existing sessions stop working', async () => {
    const own = await createMember(server.database)
    const { cookie } = await signIn(server, own)
    await server.database.rows(sql`UPDATE users SET enabled = false WHERE id = ${own.id}`)
    expect((await me({ cookie })).statusCode).toBe(401)
    const response = await server.app.inject({
      method: 'POST',
      url: '/v1/account/sessions/email',
      payload: { email: own.email, password: own.password },
    })
    expect(response.json()).toMatchObject({ code: 401, type: 'user_blocked' })
  })

  it('upgrades an imported argon2 hash with other parameters on sign-in', async () => {
    const { hash } = await import('@node-rs/argon2')
    const own = await createMember(server.database)
    const legacy = await hash(own.password, { algorithm: 0, memoryCost: 4096, timeCost: 3, parallelism: 1 })
    await server.database.rows(sql`UPDATE users SET password_hash = ${legacy} WHERE id = ${own.id}`)
    await signIn(server, own)
    const [row] = await server.database.rows(sql`SELECT password_hash FROM users WHERE id = ${own.id}`)
    expect(String(row?.password_hash)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  })
})
