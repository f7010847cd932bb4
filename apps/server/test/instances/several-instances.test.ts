import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { DEFAULT_DATABASE_ID, DEFAULT_PROJECT_ID } from '@pg/shared/constants'
import { generateDemoCatalog } from '../../src/catalogue/demo/demo-catalog'
import { openServerDatabase, type DatabaseHandle } from '../../src/platform/db/client'
import { sweepExpired } from '../../src/platform/db/housekeeping'
import { enqueueEmail } from '../../src/mail/email-queue'
import { createAdminCli } from '../cli/admin-cli'
import { createMember, type TestMember } from '../support/factories'
import { listUrl } from '../support/inject'
import { startSmtpGate, type SmtpGate } from '../support/smtp-gate'
import {
  createEmptyDatabase,
  isConnectionError,
  msUntil,
  send,
  signInThrough,
  startInstance,
  type StoreInstance,
} from '../support/store-instances'
import { TIMED, WITHIN_A_SECOND_MS } from '../support/timing-bounds'

/**
 * Issue 14, decision 046: three `npm start` processes on one PostgreSQL database, sent requests in turn
 * as a load balancer would. Only a PostgreSQL server can be shared by processes (vitest.config.ts runs
 * this file in the postgres project only).
 */
const onPostgres = process.env.TEST_DB === 'postgres'
const NAMES = ['instance-a', 'instance-b', 'instance-c'] as const
const senderOf = (name: string) => `${name}@shop.example.test`
const QUEUED_EMAILS = 30
const MIGRATIONS: unknown[] = (() => {
  const journal: unknown = JSON.parse(
    readFileSync(
      path.join(
        path.dirname(fileURLToPath(import.meta.url)),
        '../../src/platform/db/migrations/meta/_journal.json',
      ),
      'utf8',
    ),
  )
  return typeof journal === 'object' &&
    journal !== null &&
    'entries' in journal &&
    Array.isArray(journal.entries)
    ? journal.entries
    : []
})()

let smtp: SmtpGate
let databaseUrl = ''
let dropDatabase: () => Promise<void> = async () => undefined
let database: DatabaseHandle
let instances: StoreInstance[] = []
let cli: ReturnType<typeof createAdminCli>
let admin: TestMember
let reader: TestMember
let queued: string[] = []

beforeAll(async () => {
  if (!onPostgres) return
  smtp = await startSmtpGate()
  const created = await createEmptyDatabase('instances')
  dropDatabase = created.drop
  databaseUrl = created.url
  database = await openServerDatabase(created.url, 4)
  await database.migrate()
  cli = createAdminCli(database)
  admin = await createMember(database)
  expect((await cli.run('users', 'label', 'add', admin.email, 'admin')).code).toBe(0)
  reader = await createMember(database)
  // Queued while no store runs, so the instances find them when they start, all at once.
  const buyers = [reader, await createMember(database), await createMember(database)]
  queued = []
  for (let index = 0; index < QUEUED_EMAILS; index++) {
    const buyer = buyers[index % buyers.length] ?? reader
    queued.push(await enqueueEmail(database.db, { kind: 'purchase', userId: buyer.id, language: 'es' }))
  }
  smtp.holdUntilEachSent(NAMES.map(senderOf), 40_000)
  const started = await Promise.allSettled(
    NAMES.map((name) =>
      startInstance(name, created.url, {
        SMTP_URL: smtp.url,
        MAIL_FROM: `Tienda ${name} <${senderOf(name)}>`,
        PUBLIC_ORIGIN: 'http://shop.example.test',
      }),
    ),
  )
  instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) throw failed.reason
}, 90_000)

afterAll(async () => {
  if (!onPostgres) return
  await Promise.allSettled(instances.map((instance) => instance.remove()))
  await database?.close()
  await dropDatabase()
  await smtp?.close()
})

const PROJECTS = `databases.${DEFAULT_DATABASE_ID}.collections.projects.documents`

/** A browser's realtime socket on one instance, signed in by its cookie, subscribed to the projects. */
function listenThrough(target: StoreInstance, cookie: string) {
  const socket = new WebSocket(
    `${target.url.replace('http', 'ws')}/v1/realtime?project=${DEFAULT_PROJECT_ID}&channels[]=${PROJECTS}`,
    { headers: { cookie } },
  )
  const events: { at: number; names: string[] }[] = []
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string; data?: { events?: string[] } }
    if (message.type === 'event') events.push({ at: performance.now(), names: message.data?.events ?? [] })
  })
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
  const heard = async (name: string) => {
    await msUntil(async () => events.some((event) => event.names.includes(name)), 5 * WITHIN_A_SECOND_MS)
    return events.find((event) => event.names.includes(name))?.at ?? Infinity
  }
  return new Promise<{ heard: typeof heard; closed: Promise<number> }>((resolve, reject) => {
    socket.on('message', () => resolve({ heard, closed }))
    socket.on('error', reject)
  })
}

const instance = (index: number): StoreInstance => {
  const found = instances[index % instances.length]
  if (!found) throw new Error('No instance is running')
  return found
}
const account = (target: StoreInstance, cookie: string) => send(target, 'GET', '/v1/account', { cookie })

/** Signs in through one instance and uses the session on every instance, so each holds it in memory. */
async function heldByAll(member: TestMember) {
  const cookie = await signInThrough(instance(0), member)
  for (const target of instances) expect((await account(target, cookie)).status).toBe(200)
  return cookie
}

/** How long until every instance refuses the session; each must within a second. */
async function refusedByAll(cookie: string) {
  const times = await Promise.all(
    instances.map((target) =>
      msUntil(async () => (await account(target, cookie)).status === 401, WITHIN_A_SECOND_MS),
    ),
  )
  return Math.max(...times)
}

describe.skipIf(!onPostgres)('three store instances on one PostgreSQL database', () => {
  it('each queued email is sent once, by the instance that claimed it, when the instances start at once', async () => {
    await msUntil(async () => {
      const [row] = await database.rows(
        sql`SELECT count(*)::int AS sent FROM email_queue WHERE status = 'sent'`,
      )
      return row?.sent === QUEUED_EMAILS
    }, 30_000)
    const ids = smtp.emails.map((email) => /^<email-queue\.([^@]+)@/.exec(email.messageId)?.[1])
    expect(ids.toSorted()).toEqual(queued.toSorted())
    // The gate held every message until each instance had one under way: all three were sending at
    // once, each its own claimed batch (10), and none sent another's.
    const bySender = Object.groupBy(smtp.emails, (email) => email.from)
    expect(Object.keys(bySender).toSorted()).toEqual(NAMES.map(senderOf).toSorted())
    for (const name of NAMES) expect(bySender[senderOf(name)]?.length).toBe(QUEUED_EMAILS / NAMES.length)
  })

  it('migrations run once when instances start together on an empty database', async () => {
    // The three instances migrated nothing (the database was migrated first, for the queued emails):
    // here three store processes' migrations race on another empty database.
    const empty = await createEmptyDatabase('migrations')
    const handles = await Promise.all([1, 2, 3].map(() => openServerDatabase(empty.url, 2)))
    try {
      const outcomes = await Promise.allSettled(handles.map((handle) => handle.migrate()))
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled'])
      const applied = sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`
      for (const handle of [...handles.slice(0, 1), database]) {
        const [row] = await handle.rows(applied)
        expect(row?.applied).toBe(MIGRATIONS.length)
      }
    } finally {
      await Promise.all(handles.map((handle) => handle.close()))
      await empty.drop()
    }
  })

  it(
    'a session made on one is valid on all; a logout, a revoke and a disable on one end it on all within a second',
    TIMED,
    async () => {
      const member = await createMember(database)
      const adminCookie = await signInThrough(instance(2), admin)

      // Signed out through the second instance.
      let cookie = await heldByAll(member)
      const logout = await send(instance(1), 'DELETE', '/v1/account/sessions/current', { cookie, body: {} })
      expect(logout.status).toBe(204)
      expect(await refusedByAll(cookie)).toBeLessThan(WITHIN_A_SECOND_MS)

      // Signed out everywhere by an admin in the console, through the third.
      cookie = await heldByAll(member)
      const revoked = await send(instance(2), 'DELETE', `/v1/users/${member.id}/sessions`, {
        cookie: adminCookie,
      })
      expect(revoked.status).toBe(204)
      expect(await refusedByAll(cookie)).toBeLessThan(WITHIN_A_SECOND_MS)

      // Signed out everywhere by the owner's CLI, on the database directly.
      cookie = await heldByAll(member)
      expect((await cli.run('users', 'sessions', 'revoke', member.email)).code).toBe(0)
      expect(await refusedByAll(cookie)).toBeLessThan(WITHIN_A_SECOND_MS)

      // Disabled in the console through the first; enabled again by the CLI, then disabled by it.
      cookie = await heldByAll(member)
      const disabled = await send(instance(0), 'PATCH', `/v1/users/${member.id}/status`, {
        cookie: adminCookie,
        body: { status: false },
      })
      expect(disabled.status).toBe(200)
      expect(await refusedByAll(cookie)).toBeLessThan(WITHIN_A_SECOND_MS)
      expect((await cli.run('users', 'enable', member.email)).code).toBe(0)
      cookie = await heldByAll(member)
      expect((await cli.run('users', 'disable', member.email)).code).toBe(0)
      expect(await refusedByAll(cookie)).toBeLessThan(WITHIN_A_SECOND_MS)
    },
  )

  it('sign-in limits are shared: the 11th failure is refused whichever instance gets it', async () => {
    const member = await createMember(database)
    const attempt = (index: number, password: string) =>
      send(instance(index), 'POST', '/v1/account/sessions/email', { body: { email: member.email, password } })
    // README: 10 failures per 15 minutes for one email from one address, counted in the database.
    for (let index = 0; index < 10; index++)
      expect((await attempt(index, 'not the password')).status).toBe(401)
    const eleventh = await attempt(10, 'not the password')
    expect(eleventh.status).toBe(429)
    // From now on every instance refuses, the right password included.
    for (let index = 11; index < 14; index++) expect((await attempt(index, member.password)).status).toBe(429)
  })

  it(
    'a catalogue imported through one instance is listed and searched on every instance within a second',
    TIMED,
    async () => {
      const adminCookie = await signInThrough(instance(0), admin)
      const readerCookie = await signInThrough(instance(1), reader)
      const word = `zorzal${Date.now().toString(36)}`
      const catalog = generateDemoCatalog({ projects: 40, seed: 14 })
      const projects = catalog.projects.map((project, index) => ({
        ...project,
        id: `${word}-${index}`,
        ...(index === 7 ? { title: `Asistente ${word} para tiendas` } : {}),
      }))
      const byId = listUrl('projects', [
        JSON.stringify({ method: 'equal', attribute: '$id', values: [`${word}-7`] }),
      ])
      const bySearch = listUrl('projects', [
        JSON.stringify({ method: 'search', attribute: '$text', values: [word] }),
        JSON.stringify({ method: 'limit', values: [5] }),
      ])
      const documents = async (target: StoreInstance, url: string) => {
        const response = await send(target, 'GET', url, { cookie: readerCookie })
        expect(response.status).toBe(200)
        const body = response.body as { documents: { $id: string }[] }
        return body.documents.map((document) => document.$id)
      }
      // Every instance has read the catalogue as it is and built its search index: none finds the word.
      for (const target of instances) {
        expect(await documents(target, byId)).toEqual([])
        expect(await documents(target, bySearch)).toEqual([])
      }

      const imported = await send(instance(0), 'POST', '/v1/store/catalog/import', {
        cookie: adminCookie,
        body: {
          fileName: 'instances.json',
          content: JSON.stringify({ ...catalog, projects }),
          dryRun: false,
        },
      })
      expect(imported.status).toBe(200)
      const served = await Promise.all(
        instances.flatMap((target) => [
          msUntil(async () => (await documents(target, byId)).includes(`${word}-7`), WITHIN_A_SECOND_MS),
          msUntil(async () => (await documents(target, bySearch)).includes(`${word}-7`), WITHIN_A_SECOND_MS),
        ]),
      )
      expect(Math.max(...served)).toBeLessThan(WITHIN_A_SECOND_MS)
    },
  )

  it(
    'a project created through one instance reaches realtime subscribers on every instance within a second; a disable closes them all',
    TIMED,
    async () => {
      const member = await createMember(database)
      const cookie = await heldByAll(member)
      const adminCookie = await signInThrough(instance(0), admin)
      const listeners = await Promise.all(instances.map((target) => listenThrough(target, cookie)))
      const id = `live${Date.now().toString(36)}`
      const created = await send(
        instance(0),
        'POST',
        `/v1/databases/${DEFAULT_DATABASE_ID}/collections/projects/documents`,
        {
          cookie: adminCookie,
          body: { documentId: id, data: { title: 'En vivo en todas' } },
        },
      )
      expect(created.status).toBe(201)
      const answeredAt = performance.now()
      const heardAt = await Promise.all(
        listeners.map((listener) => listener.heard(`${PROJECTS}.${id}.create`)),
      )
      expect(Math.max(...heardAt) - answeredAt).toBeLessThan(WITHIN_A_SECOND_MS)
      // Disabled through the third: every instance's socket of theirs is told and closed (1008).
      const disabled = await send(instance(2), 'PATCH', `/v1/users/${member.id}/status`, {
        cookie: adminCookie,
        body: { status: false },
      })
      expect(disabled.status).toBe(200)
      expect(await Promise.all(listeners.map((listener) => listener.closed))).toEqual([1008, 1008, 1008])
    },
  )

  it('two hourly sweeps at once: one instance sweeps, the other leaves it to it', async () => {
    const other = await openServerDatabase(databaseUrl, 1)
    try {
      await database.rows(
        sql`INSERT INTO rate_limits (key, hits, window_start) VALUES ('instances-old', 3, now() - interval '2 days')`,
      )
      let sweptMeanwhile: boolean | undefined
      await other.db.transaction(async (tx) => {
        // Another instance's sweep under way: it holds the sweep's lock until its transaction ends.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(7352012)`)
        sweptMeanwhile = await sweepExpired(database)
      })
      expect(sweptMeanwhile).toBe(false)
      const left = await database.rows(sql`SELECT key FROM rate_limits WHERE key = 'instances-old'`)
      expect(left).toHaveLength(1)
      expect(await sweepExpired(database)).toBe(true)
      expect(await database.rows(sql`SELECT key FROM rate_limits WHERE key = 'instances-old'`)).toEqual([])
    } finally {
      await other.close()
    }
  })

  it('an instance killed under load loses no request, and its write in flight is not half-written', async () => {
    const readerCookie = await signInThrough(instance(0), reader)
    const adminCookie = await signInThrough(instance(2), admin)
    const victim = instance(2)
    const paths = [
      listUrl('projects', [JSON.stringify({ method: 'limit', values: [20] })]),
      listUrl('categories'),
      '/v1/account',
    ]

    // A load balancer's client: GETs in turn to each instance; a connection error is retried once on
    // the next instance (GET is idempotent), so no request is lost that another instance can answer.
    const outcomes: { status: number | 'lost'; retried: boolean }[] = []
    let turn = 0
    let loading = true
    const get = async (target: StoreInstance, pathname: string) =>
      (await send(target, 'GET', pathname, { cookie: readerCookie })).status
    const worker = async () => {
      while (loading) {
        const index = turn++
        const pathname = paths[index % paths.length] ?? '/v1/account'
        try {
          outcomes.push({ status: await get(instance(index), pathname), retried: false })
        } catch (error) {
          if (!isConnectionError(error)) throw error
          try {
            outcomes.push({ status: await get(instance(index + 1), pathname), retried: true })
          } catch {
            outcomes.push({ status: 'lost', retried: true })
          }
        }
      }
    }
    const workers = [1, 2, 3, 4, 5, 6].map(() => worker())

    // A catalogue import of 3,000 projects through the victim, killed once its transaction has written.
    const catalog = generateDemoCatalog({ projects: 3_000, seed: 15 })
    const projects = catalog.projects.map((project, index) => ({ ...project, id: `killed-${index}` }))
    const importing = send(victim, 'POST', '/v1/store/catalog/import', {
      cookie: adminCookie,
      body: { fileName: 'killed.json', content: JSON.stringify({ ...catalog, projects }), dryRun: false },
    }).then(
      (response) => response.status,
      (error: unknown) => (isConnectionError(error) ? 'cut' : error),
    )
    await msUntil(async () => {
      const writing = await database.rows(
        sql`SELECT 1 FROM pg_stat_activity WHERE application_name = ${victim.name} AND backend_xid IS NOT NULL`,
      )
      return writing.length > 0
    }, 15_000)
    await victim.kill()
    // The balancer has not noticed yet: the dead instance stays in the turn, refusing connections.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    loading = false
    await Promise.all(workers)
    instances = instances.filter((candidate) => candidate !== victim)

    expect(await importing).toBe('cut')
    expect(outcomes.filter((outcome) => outcome.status === 'lost')).toEqual([])
    expect(outcomes.filter((outcome) => outcome.status !== 200)).toEqual([])
    expect(outcomes.length).toBeGreaterThan(30)
    expect(outcomes.some((outcome) => outcome.retried)).toBe(true)

    // The dead instance's transaction is rolled back once PostgreSQL sees its connection gone.
    await msUntil(async () => {
      const left = await database.rows(
        sql`SELECT 1 FROM pg_stat_activity WHERE application_name = ${victim.name}`,
      )
      return left.length === 0
    }, 10_000)
    const [written] = await database.rows(
      sql`SELECT count(*)::int AS projects FROM projects WHERE id LIKE 'killed-%'`,
    )
    expect([0, projects.length]).toContain(written?.projects)
    const [counts] = await database.rows(sql`
      SELECT count(*)::int AS wrong FROM tags
      WHERE num_apps <> (SELECT count(*) FROM project_tags WHERE project_tags.tag_id = tags.id)`)
    expect(counts?.wrong).toBe(0)
  })
})
