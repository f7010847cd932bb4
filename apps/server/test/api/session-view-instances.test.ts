import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app'
import { openServerDatabase, type DatabaseHandle } from '../../src/platform/db/client'
import { createAdminCli } from '../cli/admin-cli'
import { createMember, type TestMember } from '../support/factories'
import { SESSION_COOKIE } from '../support/inject'
import { databaseUrlFor } from '../support/template-database'
import { testConfig } from '../support/test-app'
import { createTestDatabase } from '../support/test-database'
import { TIMED, WITHIN_A_SECOND_MS } from '../support/timing-bounds'

/**
 * Decision 028: two store processes on one PostgreSQL database each hold sessions in memory; a change
 * made through one (or by the owner's CLI) reaches the other within a second, through LISTEN/NOTIFY,
 * also after the other lost its listening connection. Only PostgreSQL can be shared by processes.
 */
type App = Awaited<ReturnType<typeof buildApp>>
/** The second process's connections carry this name, so a test can cut them all. */
const SECOND = 'session-view-second'

let database: DatabaseHandle
let other: DatabaseHandle
let first: App
let second: App
let cli: ReturnType<typeof createAdminCli>
let databaseName = ''

beforeAll(async () => {
  if (process.env.TEST_DB !== 'postgres') return
  database = await createTestDatabase()
  const [row] = await database.rows(sql`SELECT current_database() AS name`)
  databaseName = String(row?.name)
  const url = new URL(databaseUrlFor(process.env.TEST_DATABASE_URL ?? '', databaseName))
  url.searchParams.set('application_name', SECOND)
  other = await openServerDatabase(url.toString(), 5)
  first = await buildApp(testConfig, database)
  second = await buildApp(testConfig, other)
  cli = createAdminCli(database)
})
afterAll(async () => {
  if (process.env.TEST_DB !== 'postgres') return
  await second.close()
  await other.close()
  await first.close()
  await database.close()
})

async function signIn(app: App, member: TestMember) {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/account/sessions/email',
    payload: { email: member.email, password: member.password },
  })
  const value = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? ''
  return `${SESSION_COOKIE}=${value}`
}
const me = (app: App, cookie: string) =>
  app.inject({ method: 'GET', url: '/v1/account', headers: { cookie } })

/** A session signed in on the first process and used on both, so both hold it. */
async function heldByBoth(member: TestMember) {
  const cookie = await signIn(first, member)
  expect((await me(first, cookie)).statusCode).toBe(200)
  expect((await me(second, cookie)).statusCode).toBe(200)
  return cookie
}

/** How long until `check` holds, polled every 10 ms; fails after `limitMs`. */
async function msUntil(check: () => Promise<boolean>, limitMs = WITHIN_A_SECOND_MS) {
  const started = performance.now()
  while (!(await check())) {
    if (performance.now() - started > limitMs) throw new Error(`Still not so after ${limitMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return performance.now() - started
}
const refusedBySecond = (cookie: string) => async () => (await me(second, cookie)).statusCode === 401

describe.skipIf(process.env.TEST_DB !== 'postgres')('two store processes on one PostgreSQL', () => {
  it('both hold sessions in memory', () => {
    expect(first.sessionView.listening()).toBe(true)
    expect(second.sessionView.listening()).toBe(true)
  })

  it('a logout on one process is refused by the other within a second', TIMED, async () => {
    const member = await createMember(database)
    const cookie = await heldByBoth(member)
    const logout = await first.inject({
      method: 'DELETE',
      url: '/v1/account/sessions/current',
      headers: { cookie, 'content-type': 'application/json' },
      payload: {},
    })
    expect(logout.statusCode).toBe(204)
    expect(await msUntil(refusedBySecond(cookie))).toBeLessThan(WITHIN_A_SECOND_MS)
  })

  it('a member disabled by the CLI is refused by both within a second', TIMED, async () => {
    const member = await createMember(database)
    const cookie = await heldByBoth(member)
    expect((await cli.run('users', 'disable', member.email)).code).toBe(0)
    expect((await me(first, cookie)).statusCode).toBe(401)
    expect(await msUntil(refusedBySecond(cookie))).toBeLessThan(WITHIN_A_SECOND_MS)
  })

  it('a refund recorded by the CLI ends the buyer’s sessions on both within a second', TIMED, async () => {
    const member = await createMember(database)
    const granted = await cli.run('orders', 'grant', member.email)
    const orderId = /^Granted order (\S+) to /.exec(granted.out)?.[1] ?? ''
    const cookie = await heldByBoth(member)
    expect((await cli.run('orders', 'refund', orderId)).code).toBe(0)
    expect((await me(first, cookie)).statusCode).toBe(401)
    expect(await msUntil(refusedBySecond(cookie))).toBeLessThan(WITHIN_A_SECOND_MS)
  })

  it('a new name set through one process is what the other answers within a second', TIMED, async () => {
    const member = await createMember(database)
    const cookie = await heldByBoth(member)
    const renamed = await first.inject({
      method: 'PATCH',
      url: '/v1/account/name',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { name: 'Nombre nuevo' },
    })
    expect(renamed.statusCode).toBe(200)
    const named = async () => (await me(second, cookie)).json<{ name: string }>().name === 'Nombre nuevo'
    expect(await msUntil(named)).toBeLessThan(WITHIN_A_SECOND_MS)
  })

  it('a process that loses its connections forgets what it held, and holds sessions again once it listens', async () => {
    const member = await createMember(database)
    const cookie = await heldByBoth(member)
    const ended = await database.rows(
      sql`SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
          WHERE datname = ${databaseName} AND application_name = ${SECOND}`,
    )
    expect(ended.length).toBeGreaterThan(0)
    // Signed out on the first process while the second cannot hear it.
    await first.inject({ method: 'DELETE', url: '/v1/account/sessions', headers: { cookie } })
    expect(await msUntil(refusedBySecond(cookie))).toBeLessThan(WITHIN_A_SECOND_MS)

    await msUntil(async () => second.sessionView.listening(), 5_000)
    const again = await heldByBoth(member)
    // The sign-in's own notification may reach the second after its first read kept the session, and
    // forget it (as it must: the member's sessions changed): the next read keeps it again.
    await msUntil(async () => {
      expect((await me(second, again)).statusCode).toBe(200)
      return second.sessionView.size().sessions > 0
    }, 5_000)
    await first.inject({ method: 'DELETE', url: '/v1/account/sessions', headers: { cookie: again } })
    expect(await msUntil(refusedBySecond(again))).toBeLessThan(WITHIN_A_SECOND_MS)
  })
})
