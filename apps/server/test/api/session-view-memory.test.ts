import { afterAll, beforeAll, expect, it, type TestContext } from 'vitest'
import type { DatabaseHandle } from '../../src/platform/db/client'
import { createMember } from '../support/factories'
import { signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * Decision 028: a signed-in request whose session was used before is answered without the database.
 * Proved without counting statements (which would take a hook in production code): every connection the
 * app could use is held in an open transaction by the test, so a request that needed the database would
 * wait. A session the app has not seen yet does wait, which shows the hold is real.
 */
let server: TestServer
/** Its sessions last two seconds, so that one expires while the test holds the database. */
let shortLived: TestServer

beforeAll(async () => {
  ;[server, shortLived] = await Promise.all([
    startTestServer(),
    startTestServer({ config: { sessionTtlSeconds: 2 } }),
  ])
})
afterAll(() => Promise.all([server.close(), shortLived.close()]))

/** The pool of a test database on PostgreSQL (test-database.ts); PGlite runs one transaction at a time. */
const connectionsOf = (database: DatabaseHandle) => (database.kind === 'postgres' ? 10 : 1)

/** Holds every connection in a transaction; the function returned lets them go. */
async function holdDatabase(database: DatabaseHandle) {
  const released = Promise.withResolvers<undefined>()
  const holds = Array.from({ length: connectionsOf(database) }, () => {
    const inside = Promise.withResolvers<undefined>()
    const done = database.db.transaction(async () => {
      inside.resolve(undefined)
      await released.promise
    })
    return { inside: inside.promise, done }
  })
  await Promise.all(holds.map((hold) => hold.inside))
  return async () => {
    released.resolve(undefined)
    await Promise.all(holds.map((hold) => hold.done))
  }
}

/**
 * The answer's status, or 'waiting' when none came within `ms`. The database is held until the test
 * releases it, so an answer that needs it never comes in time, however long `ms` is: the bounds below
 * are generous so that a busy machine (three test workers on two cores) does not fail a right answer.
 */
async function statusWithin(response: Promise<{ statusCode: number }>, ms: number) {
  const late = new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms))
  return Promise.race([response.then((answer) => answer.statusCode), late])
}

/**
 * The embedded database's worker thread (decision 027) must offer PGlite's `listen` for the view to
 * hold anything there; until it does, the view keeps nothing and every lookup reads the database.
 */
function requireListening(context: TestContext, on = server) {
  if (on.database.kind === 'pglite' && !on.app.sessionView.listening()) context.skip()
  expect(on.app.sessionView.listening()).toBe(true)
}

const me = (cookie: string, on = server) =>
  on.app.inject({ method: 'GET', url: '/v1/account', headers: { cookie } })

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Uses the session until the view holds it. The notifications of the sign-ins come on their own
 * connection and may arrive after the first read (a busy machine, CI): each makes the view forget that
 * member's sessions, or not keep a read in flight. The session is held once a read is kept and is still
 * there a moment later.
 */
async function untilHeld(cookie: string, on = server) {
  const before = on.app.sessionView.size().sessions
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    expect((await me(cookie, on)).statusCode).toBe(200)
    const held = on.app.sessionView.size().sessions
    if (held > before) {
      await pause(300)
      if (on.app.sessionView.size().sessions >= held) return
    } else {
      await pause(50)
    }
  }
  throw new Error('The session view never held the session')
}

it('answers a session used before while the database is unavailable; an unseen one waits for it', async (context) => {
  requireListening(context)
  // Two members: a sign-in's notification makes the view forget every session of its member.
  const member = await createMember(server.database)
  const unseen = await signIn(server, await createMember(server.database))
  const known = await signIn(server, member)
  await untilHeld(known.cookie)

  const release = await holdDatabase(server.database)
  const waiting = me(unseen.cookie)
  try {
    for (let index = 0; index < 20; index++) expect(await statusWithin(me(known.cookie), 5_000)).toBe(200)
    expect(await statusWithin(waiting, 300)).toBe('waiting')
  } finally {
    await release()
  }
  expect((await waiting).statusCode).toBe(200)
})

it('refuses a session held in memory once it expires, without asking the database', async (context) => {
  requireListening(context, shortLived)
  const member = await createMember(shortLived.database)
  const { cookie, response } = await signIn(shortLived, member)
  const expiresAt = Date.parse(response.json<{ expire: string }>().expire)
  await untilHeld(cookie, shortLived)
  const release = await holdDatabase(shortLived.database)
  try {
    await pause(Math.max(0, expiresAt + 100 - Date.now()))
    expect(await statusWithin(me(cookie, shortLived), 5_000)).toBe(401)
  } finally {
    await release()
  }
})
