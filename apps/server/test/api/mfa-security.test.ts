import { ADMIN_LABEL } from '@pg/shared/account'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUserRepository } from '../../src/members/account/user-repository'
import { codeAt } from '../../src/members/mfa/totp-codes'
import { createMember, type TestMember } from '../support/factories'
import { signIn } from '../support/inject'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

/**
 * The rules of two-step verification (issue 43), each test failing without its rule: an old step's code,
 * brute force, a stranger's wrong codes not locking the owner out, a partial session refused on every
 * members' and admins' route, and the secret in no answer or log line after enrolment.
 */
let server: TestServer
const logLines: string[] = []
let owner: TestMember
let secret = ''

const call = (cookie: string, options: InjectOptions) =>
  server.app.inject({ ...options, headers: { ...options.headers, cookie } })

/** A session of the owner after the password only (the codes' limits count where the codes come from). */
const partialSession = async (_address?: string) => (await signIn(server, owner)).cookie

async function challenge(cookie: string, address = '198.51.100.7') {
  const created = await call(cookie, {
    method: 'POST',
    url: '/v1/account/mfa/challenges',
    payload: { factor: 'totp' },
    remoteAddress: address,
  })
  expect(created.statusCode).toBe(201)
  return (created.json() as { $id: string }).$id
}

const complete = (cookie: string, challengeId: string, otp: string, address = '198.51.100.7') =>
  call(cookie, {
    method: 'PUT',
    url: '/v1/account/mfa/challenges',
    payload: { challengeId, otp },
    remoteAddress: address,
  })

/**
 * The store's clock, moved by the tests: a step's code is taken once, and a code is good within ±1 step,
 * so each test that signs in moves to the next step first, as a member waits for the app's next code.
 */
const clock = { at: Date.now() }
const nextStep = () => (clock.at += 30_000)
const codeIn = (steps: number) => codeAt(secret, new Date(clock.at + steps * 30_000))

beforeAll(async () => {
  server = await startTestServer({
    now: () => new Date(clock.at),
    config: { logLevel: 'debug' },
    logStream: { write: (line) => void logLines.push(line) },
  })
  owner = await createMember(server.database, { name: 'Dueña' })
  await createUserRepository(server.database.db).setLabels(owner.id, [ADMIN_LABEL])
  const { cookie } = await signIn(server, owner)
  const created = await call(cookie, { method: 'POST', url: '/v1/account/mfa/authenticators/totp' })
  secret = (created.json() as { secret: string }).secret
  const verified = await call(cookie, {
    method: 'PUT',
    url: '/v1/account/mfa/authenticators/totp',
    payload: { otp: codeIn(0) },
  })
  expect(verified.statusCode).toBe(200)
  expect((await call(cookie, { method: 'POST', url: '/v1/account/mfa/recovery-codes' })).statusCode).toBe(201)
  expect(
    (await call(cookie, { method: 'PATCH', url: '/v1/account/mfa', payload: { mfa: true } })).statusCode,
  ).toBe(200)
})
afterAll(() => server.close())

describe('two-step verification’s rules', () => {
  it('takes a code of the step before or after, not of two steps ago', async () => {
    nextStep()
    const cookie = await partialSession()
    const old = await complete(cookie, await challenge(cookie), codeIn(-2))
    expect(old.json()).toMatchObject({ type: 'user_invalid_token' })
    const ahead = await complete(cookie, await challenge(cookie), codeIn(2))
    expect(ahead.json()).toMatchObject({ type: 'user_invalid_token' })
    expect((await complete(cookie, await challenge(cookie), codeIn(0))).statusCode).toBe(200)
    // Replay: that step's code again, on another session, is refused; so is the step before it.
    const other = await partialSession()
    for (const code of [codeIn(0), codeIn(-1)])
      expect((await complete(other, await challenge(other), code)).json()).toMatchObject({
        type: 'user_invalid_token',
      })
  })

  it('stops a session after 5 wrong codes, and an address after 10 for the member', async () => {
    const cookie = await partialSession('203.0.113.20')
    const id = await challenge(cookie, '203.0.113.20')
    const answers: number[] = []
    for (let attempt = 0; attempt < 6; attempt++)
      answers.push((await complete(cookie, id, '000000', '203.0.113.20')).statusCode)
    expect(answers).toEqual([401, 401, 401, 401, 401, 429])
    nextStep()
    // Even the right code is refused on that session now.
    expect((await complete(cookie, id, codeIn(0), '203.0.113.20')).statusCode).toBe(429)
    // Another session from that address: five more wrong codes make ten for the member there…
    const next = await partialSession('203.0.113.20')
    const nextId = await challenge(next, '203.0.113.20')
    const more: number[] = []
    for (let attempt = 0; attempt < 5; attempt++)
      more.push((await complete(next, nextId, '000000', '203.0.113.20')).statusCode)
    expect(more).toEqual([401, 401, 401, 401, 401])
    // …and a third session from there is out at once, even with the right code.
    const third = await partialSession('203.0.113.20')
    expect(
      (await complete(third, await challenge(third, '203.0.113.20'), codeIn(0), '203.0.113.20')).statusCode,
    ).toBe(429)
  })

  it('does not let a stranger’s wrong codes lock the owner out from elsewhere', async () => {
    for (let session = 0; session < 3; session++) {
      const stranger = await partialSession('192.0.2.66')
      const id = await challenge(stranger, '192.0.2.66')
      for (let attempt = 0; attempt < 6; attempt++) await complete(stranger, id, '123456', '192.0.2.66')
    }
    nextStep()
    const cookie = await partialSession('198.51.100.200')
    const done = await complete(
      cookie,
      await challenge(cookie, '198.51.100.200'),
      codeIn(-1),
      '198.51.100.200',
    )
    expect(done.statusCode, done.body).toBe(200)
  })

  it('refuses a partial session on every members’ and admins’ route', async () => {
    const cookie = await partialSession('198.51.100.9')
    const account = await call(cookie, { method: 'GET', url: '/v1/account' })
    expect(account.statusCode).toBe(401)
    expect(account.json()).toMatchObject({ type: 'user_more_factors_required' })
    const refusedRoutes: string[] = []
    const memberRoutes = [
      ['GET', '/v1/account/prefs'],
      ['GET', '/v1/account/sessions'],
      ['PATCH', '/v1/account/name'],
      ['GET', '/v1/store/purchase'],
      ['POST', '/v1/store/downloads'],
      ['POST', '/v1/account/mfa/authenticators/totp'],
      ['PATCH', '/v1/account/mfa'],
      ['GET', `/v1/databases/${testConfig.databaseId}/collections/projects/documents`],
      ['GET', `/v1/databases/${testConfig.databaseId}/collections/collections/documents`],
    ]
    const consoleRoutes = server.app.consoleRoutes.map((route) => [
      route.method,
      route.url.replace(':databaseId', testConfig.databaseId).replace(/:(\w+)/g, 'any-$1'),
    ])
    for (const [method, url] of [...memberRoutes, ...consoleRoutes]) {
      const response = await call(cookie, {
        method: method as 'GET',
        url: url ?? '',
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      })
      if (response.statusCode !== 401 && response.statusCode !== 404)
        refusedRoutes.push(`${method} ${url}: ${response.statusCode}`)
      if (response.statusCode === 200) refusedRoutes.push(`${method} ${url} answered 200`)
    }
    expect(refusedRoutes).toEqual([])
  })

  it('shows the secret in no answer and no log line after enrolment', async () => {
    nextStep()
    const cookie = await partialSession('198.51.100.10')
    const done = await complete(cookie, await challenge(cookie, '198.51.100.10'), codeIn(0), '198.51.100.10')
    expect(done.statusCode).toBe(200)
    const answers = await Promise.all(
      [
        '/v1/account',
        '/v1/account/mfa/factors',
        '/v1/account/mfa/recovery-codes',
        `/v1/users/${owner.id}`,
      ].map(async (url) => (await call(cookie, { method: 'GET', url })).body),
    )
    for (const answer of answers) expect(answer).not.toContain(secret)
    expect(logLines.join('\n')).not.toContain(secret)
    const row = await server.database.rows(
      (await import('drizzle-orm')).sql`SELECT totp_secret FROM users WHERE id = ${owner.id}`,
    )
    expect(String(row[0]?.totp_secret)).toMatch(/^v1\./)
    expect(String(row[0]?.totp_secret)).not.toContain(secret)
  })
})
