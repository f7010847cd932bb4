import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app'
import { copyInto } from '../../src/cli/copy-commands'
import { runAdminCli } from '../../src/cli/program'
import { openEmbeddedDatabase, openServerDatabase, type DatabaseHandle } from '../../src/platform/db/client'
import {
  analyticsActiveMembers,
  analyticsCounts,
  analyticsSalts,
  backupUploads,
  mfaChallenges,
  apiKeys,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  analyticsVisitors,
  newsEmails,
  searchesWithoutResults,
  searchSynonyms,
  storefrontDraft,
  users,
} from '../../src/platform/db/schema'
import { copyGroups, schemaTables } from '../../src/operations/db-copy/copied-tables'
import { secretMask, withoutPassword } from '../../src/operations/db-copy/copy-target'
import { tableChecksums } from '../../src/operations/db-copy/database-copy'
import { weekOf } from '../../src/analytics/active-members'
import { defaultStorefrontContent } from '@pg/shared/storefront/default-content'
import { createMember, type TestMember } from '../support/factories'
import { signIn } from '../support/inject'
import { createBundle } from '../support/purchases'
import { prepareStoreIn, runAdmin, startStore, stopStore } from '../support/store-process'
import { databaseUrlFor } from '../support/template-database'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'
import { createAdminCli } from './admin-cli'

/**
 * `db copy-to` (issue 14, decision 045): the store's database copied into an empty PostgreSQL database
 * or a new folder, checked table by table. The source is this project's database (PGlite or PostgreSQL);
 * targets are fresh databases on the PostgreSQL server at TEST_DATABASE_URL, created and dropped here.
 */
const baseUrl = process.env.TEST_DATABASE_URL
/** Shown in no message, ever: trust authentication lets the server ignore it. */
const PASSWORD = 'copy-secret-7Qx'
/** Dates of the fixtures, from the test's clock: none comes due on a later day (issue 40). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000)
const dayOf = (at: Date) => at.toISOString().slice(0, 10)

describe('the tables copied', () => {
  it('are every table of the schema, once, each after the tables it references', () => {
    const groups = copyGroups()
    const names = groups.flat().map((table) => table.name)
    expect(names.toSorted()).toEqual(
      schemaTables()
        .map((table) => table.name)
        .toSorted(),
    )
    expect(new Set(names).size).toBe(names.length)
    for (const group of groups) {
      group.forEach((table, at) => {
        const before = new Set(group.slice(0, at).map((earlier) => earlier.name))
        for (const referenced of table.references)
          expect(before, `${table.name} → ${referenced}`).toContain(referenced)
      })
    }
    // Members and their orders are one group (one transaction): an order references its member.
    const ordersGroup = groups.find((group) => group.some((table) => table.name === 'orders'))
    expect(ordersGroup?.map((table) => table.name)).toEqual(
      expect.arrayContaining(['users', 'sessions', 'tokens', 'orders', 'order_events', 'email_queue']),
    )
  })

  it('leave out the generated search columns, which the target computes', () => {
    const projects = schemaTables().find((table) => table.name === 'projects')
    expect(projects?.generated).toEqual(['title_search', 'author_search'])
    expect(projects?.columns).not.toContain('title_search')
  })
})

describe('passwords in target URLs', () => {
  it('are shown as *** in every message, in the URL and as a query parameter', () => {
    expect(withoutPassword('postgres://ana:s%40cret@db.example.com:5432/gallery')).toBe(
      'postgres://ana:***@db.example.com:5432/gallery',
    )
    const mask = secretMask('postgres://ana:s%40cret@db/gallery?sslpassword=key-pass', undefined)
    expect(
      mask('failed: s@cret, s%40cret, key-pass at postgres://ana:s%40cret@db/gallery?sslpassword=key-pass'),
    ).toBe('failed: ***, ***, *** at postgres://ana:***@db/gallery?sslpassword=***')
  })
})

describe.skipIf(!baseUrl)('db copy-to', () => {
  const admin = baseUrl ?? ''
  const databases: string[] = []
  const folders: string[] = []
  let bundle: Awaited<ReturnType<typeof createBundle>>
  let server: TestServer
  let member: TestMember
  let cookie: string
  let favourites: unknown
  let purchase: unknown

  /** A new, empty database on the test server, dropped after the file; its URL carries a password. */
  async function newDatabase(): Promise<string> {
    const name = `gallery_copy_${randomBytes(5).toString('hex')}`
    const handle = await openServerDatabase(admin, 1)
    await handle.rows(sql.raw(`CREATE DATABASE "${name}"`))
    await handle.close()
    databases.push(name)
    const url = new URL(databaseUrlFor(admin, name))
    url.password = PASSWORD
    return url.toString()
  }

  async function newFolder(): Promise<string> {
    const folder = await mkdtemp(path.join(tmpdir(), 'gallery-copy-'))
    folders.push(folder)
    return folder
  }

  /** `npm run admin -- db copy-to TARGET` in-process, from `source`; progress lines land in `notes`. */
  async function copyTo(target: string, source: DatabaseHandle = server.database) {
    let out = ''
    let err = ''
    let notes = ''
    const code = await runAdminCli(['db', 'copy-to', target], {
      send: async (request) => {
        if (request.command !== 'db copy-to') throw new Error(`Unexpected ${request.command}`)
        return copyInto({
          source,
          sourceName: 'the test store',
          target: request.target,
          note: (line) => (notes += line),
        })
      },
      readFile: () => Promise.reject(new Error('no files')),
      writeFile: () => Promise.reject(new Error('no files')),
      readStdin: async () => '',
      stdout: (text) => (out += text),
      stderr: (text) => (err += text),
    })
    expect(`${out}${err}${notes}`).not.toContain(PASSWORD)
    return { code, out, err, notes }
  }

  const inject = (app: Awaited<ReturnType<typeof buildApp>>, url: string, headers = { cookie }) =>
    app.inject({ method: 'GET', url, headers })

  beforeAll(async () => {
    bundle = await createBundle()
    server = await startTestServer({ config: { downloadFile: bundle.file } })
    const cli = createAdminCli(server.database)
    member = await createMember(server.database)
    cookie = (await signIn(server, member)).cookie
    // A failed sign-in: rate-limit counters.
    await server.app.inject({
      method: 'POST',
      url: '/v1/account/sessions/email',
      payload: { email: member.email, password: 'not the password' },
    })
    const prefs = await server.app.inject({
      method: 'PATCH',
      url: '/v1/account/prefs',
      headers: { cookie },
      payload: { prefs: { favoriteProjects: ['demo-0001', 'demo-0007'], language: 'es' } },
    })
    expect(prefs.statusCode).toBe(200)
    // An order with its event, an audit event and a queued email; then a download link of it.
    const granted = await cli.run('orders', 'grant', member.email, '--note', 'Transferencia 42')
    expect(granted.code, granted.err).toBe(0)
    const orderId = /^Granted order (\S+) to /.exec(granted.out)?.[1] ?? ''
    const download = await server.app.inject({
      method: 'POST',
      url: `/v1/store/purchase/orders/${orderId}/download`,
      headers: { cookie },
    })
    expect(download.statusCode, download.body).toBe(201)
    // A set-password link (a token) for another member, and a setting.
    const invited = await cli.run('users', 'create', '--email', 'invitada@example.com', '--invite')
    expect(invited.code, invited.err).toBe(0)
    expect((await cli.run('settings', 'set', 'download-limit', '5')).code).toBe(0)
    // A sign-in code asked for an unknown email: the store's key for stand-in ids (decision 063).
    const asked = await server.app.inject({
      method: 'POST',
      url: '/v1/account/tokens/email',
      payload: { userId: 'unique()', email: 'nadie@example.com' },
    })
    expect(asked.statusCode, asked.body).toBe(201)
    await server.database.db
      .insert(searchesWithoutResults)
      .values({ day: dayOf(daysAgo(1)), term: 'robot de cocina', count: 3, lastSearchedAt: daysAgo(1) })
    // Issue 32: a member's collection, and a week's look for news.
    const collection = await server.app.inject({
      method: 'POST',
      url: `/v1/databases/${testConfig.databaseId}/collections/collections/documents`,
      headers: { cookie },
      payload: { documentId: 'unique()', data: { name: 'Para clientes', projectIds: ['demo-0001'] } },
    })
    expect(collection.statusCode, collection.body).toBe(201)
    // A look made yesterday: the next is due in six days, so the copied store, which looks when it
    // starts, finds none due whatever the day the test runs (issue 40).
    await server.database.db.insert(newsEmails).values({
      id: 'last-week',
      since: daysAgo(8),
      until: daysAgo(1),
      projectCount: 0,
      recipientCount: 0,
    })
    // Issue 33: a day's counts, its salt and a visitor's hash, a week's active member.
    await server.database.db
      .insert(analyticsCounts)
      .values({ day: dayOf(daysAgo(1)), metric: 'view', key: '/', count: 4 })
    await server.database.db.insert(analyticsSalts).values({ day: dayOf(daysAgo(1)), salt: 'sal' })
    await server.database.db.insert(analyticsVisitors).values({ day: dayOf(daysAgo(1)), hash: 'h1' })
    await server.database.db
      .insert(analyticsActiveMembers)
      .values({ week: weekOf(daysAgo(8)), memberHash: 'm1' })
    // Issue 34: a search synonym the owner added.
    await server.database.db
      .insert(searchSynonyms)
      .values({ id: 'synonym-1', oneSide: 'ia', otherSide: 'inteligencia artificial' })
    // Issue 41: the console's draft of the storefront (version 1 is written at the server's start).
    await server.database.db.insert(storefrontDraft).values({
      id: 1,
      content: defaultStorefrontContent(),
      revision: 2,
      baseVersion: 1,
      updatedBy: 'owner@example.com',
    })
    // Issue 42: a backup waiting for its upload to the owner's bucket.
    await server.database.db.insert(backupUploads).values({
      name: 'gallery-daily-20261128T030000000Z.tar.gz.age',
      kind: 'daily',
      file: '/srv/data/backups/gallery-daily-20261128T030000000Z.tar.gz',
      host: 'tienda:/srv/data',
      localBytes: 1234,
      madeAt: daysAgo(1),
    })
    // Issue 43: a second factor asked for and not yet given.
    await server.database.db.insert(mfaChallenges).values({
      id: 'challenge-1',
      userId: member.id,
      factor: 'totp',
      expiresAt: new Date(Date.now() + 15 * 60_000),
    })
    // Issue 44: an API key, and a webhook endpoint (off: nothing is sent during the copy) with a delivery
    // made and its attempt.
    await server.database.db.insert(apiKeys).values({
      id: 'key-1',
      name: 'Zapier',
      scopes: ['users.read'],
      secretHash: 'a'.repeat(64),
      hint: 'standard_aaaaaaaa',
    })
    await server.database.db.insert(webhookEndpoints).values({
      id: 'endpoint-1',
      url: 'https://hooks.example.com/store',
      events: ['order.paid'],
      secret: 'v1.sealed',
      enabled: false,
    })
    await server.database.db.insert(webhookDeliveries).values({
      id: 'msg_1',
      endpointId: 'endpoint-1',
      event: 'order.paid',
      payload: '{}',
      status: 'delivered',
    })
    await server.database.db
      .insert(webhookAttempts)
      .values({ id: 'attempt-1', deliveryId: 'msg_1', statusCode: 200, durationMs: 12 })
    favourites = (await inject(server.app, '/v1/account/prefs')).json()
    purchase = (await inject(server.app, '/v1/store/purchase')).json()
    // What the requests above counted is written now, not by the counters' timer during a copy.
    await server.app.analytics.flush()
  })

  afterAll(async () => {
    await server?.close()
    await bundle?.remove()
    for (const folder of folders) await rm(folder, { recursive: true, force: true })
    const handle = await openServerDatabase(admin, 1)
    for (const name of databases) await handle.rows(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
    await handle.close()
  })

  it('copies every table into an empty PostgreSQL database, where the store serves the same member', async () => {
    const before = await tableChecksums(server.database)
    // Every table has rows here: a table the copy forgot would show below as different.
    for (const [table, summary] of before) expect(summary.rows, table).toBeGreaterThan(0)
    const inDatabase = await server.database.rows(
      sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
    )
    expect(inDatabase.map((row) => row.tablename)).toEqual([...before.keys()].toSorted())

    const target = await newDatabase()
    const copy = await copyTo(target)
    expect(copy.code, copy.err).toBe(0)
    for (const table of before.keys()) expect(copy.out).toMatch(new RegExp(`^${table} +\\d+ +ok$`, 'm'))
    expect(copy.out).toContain('every table has the same rows and checksum in both databases')
    expect(copy.out).toContain(`DATABASE_URL=${withoutPassword(target)}`)
    expect(copy.notes).toMatch(/^ {2}projects: \d+ rows$/m)
    expect(copy.notes).toContain(':***@127.0.0.1')
    // The source is unchanged.
    expect(await tableChecksums(server.database)).toEqual(before)

    const copied = await openServerDatabase(target, 5)
    const app = await buildApp({ ...testConfig, downloadFile: bundle.file }, copied)
    try {
      await app.ready()
      expect(await tableChecksums(copied)).toEqual(before)
      // The same session cookie, the same member, favourites and orders.
      const account = await inject(app, '/v1/account')
      expect(account.statusCode).toBe(200)
      expect(account.json()).toMatchObject({ $id: member.id, email: member.email })
      expect((await inject(app, '/v1/account/prefs')).json()).toEqual(favourites)
      const purchaseThere = await inject(app, '/v1/store/purchase')
      expect(purchaseThere.statusCode).toBe(200)
      expect(purchaseThere.json()).toEqual(purchase)
      // The same password (its hash was copied).
      const again = await app.inject({
        method: 'POST',
        url: '/v1/account/sessions/email',
        payload: { email: member.email, password: member.password },
      })
      expect(again.statusCode).toBe(201)
      // New rows get numbers past the copied ones; the catalogue's version is the source's.
      const newcomer = await createMember(copied)
      const [row] = await copied.db
        .select({ sequence: users.sequence })
        .from(users)
        .where(sql`${users.id} = ${newcomer.id}`)
      const [copiedMax] = await server.database.rows(sql`SELECT max(sequence)::int AS max FROM users`)
      expect(row?.sequence).toBeGreaterThan(Number(copiedMax?.max))
      const version = sql`SELECT version::text AS version FROM catalog_state`
      expect(await copied.rows(version)).toEqual(await server.database.rows(version))
    } finally {
      await app.close()
      await copied.close()
    }
  })

  it('refuses a database where the store has rows, and writes nothing there', async () => {
    const target = await newDatabase()
    const other = await openServerDatabase(target, 2)
    try {
      await other.migrate()
      await createMember(other)
      const before = await tableChecksums(other)
      const copy = await copyTo(target)
      expect(copy.code).toBe(1)
      expect(copy.err).toContain(`${withoutPassword(target)} is not empty`)
      expect(copy.err).toContain('(users)')
      expect(copy.err).toContain('Nothing was written')
      expect(await tableChecksums(other)).toEqual(before)
    } finally {
      await other.close()
    }
  })

  it('refuses a database that holds tables of something else, before migrating it', async () => {
    const target = await newDatabase()
    const other = await openServerDatabase(target, 2)
    try {
      await other.rows(sql`CREATE TABLE invoices (id int PRIMARY KEY)`)
      const copy = await copyTo(target)
      expect(copy.code).toBe(1)
      expect(copy.err).toContain("tables that are not the store's (public.invoices)")
      const tables = await other.rows(
        sql`SELECT schemaname || '.' || tablename AS name FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
      )
      expect(tables.map((row) => row.name)).toEqual(['public.invoices'])
    } finally {
      await other.close()
    }
  })

  it('copies back into a new folder: the embedded database there has the same checksums', async () => {
    const before = await tableChecksums(server.database)
    const hosted = await newDatabase()
    expect((await copyTo(hosted)).code).toBe(0)
    const fromHosted = await openServerDatabase(hosted, 2)
    const folder = path.join(await newFolder(), 'data')
    try {
      const copy = await copyTo(folder, fromHosted)
      expect(copy.code, copy.err).toBe(0)
      expect(copy.out).toContain(`DATA_DIR=${folder} npm start`)
      // A folder that already holds a database is refused.
      const again = await copyTo(folder, fromHosted)
      expect(again.code).toBe(1)
      expect(again.err).toContain('already holds an embedded database')
    } finally {
      await fromHosted.close()
    }
    const embedded = await openEmbeddedDatabase({ dataDir: path.join(folder, 'pglite') })
    try {
      expect(await tableChecksums(embedded)).toEqual(before)
    } finally {
      await embedded.close()
    }
    // PGlite's initdb in the new folder takes seconds of CPU: more than 30 s when the cores are busy.
  }, 120_000)

  it('refuses a folder with other files and a URL of another kind', async () => {
    const folder = await newFolder()
    await writeFile(path.join(folder, 'notes.txt'), 'mine')
    const copy = await copyTo(folder)
    expect(copy.code).toBe(1)
    expect(copy.err).toContain('is not empty (notes.txt)')
    expect(existsSync(path.join(folder, 'pglite'))).toBe(false)
    const mysql = await copyTo(`mysql://root:${PASSWORD}@127.0.0.1/gallery`)
    expect(mysql.code).toBe(1)
    expect(mysql.err).toContain('not mysql://')
  })
})

/** The real processes: `npm start` on the embedded database, then `npm run admin -- db copy-to`. */
describe.skipIf(!baseUrl || process.env.TEST_DB === 'postgres')('db copy-to beside a running store', () => {
  const admin = baseUrl ?? ''
  let workDir = ''
  const name = `gallery_copy_${randomBytes(5).toString('hex')}`

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'gallery-copy-store-'))
    const handle = await openServerDatabase(admin, 1)
    await handle.rows(sql.raw(`CREATE DATABASE "${name}"`))
    await handle.close()
  })
  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true })
    const handle = await openServerDatabase(admin, 1)
    await handle.rows(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
    await handle.close()
  })

  it('refuses while the store runs, writing nothing, and copies once it is stopped', async () => {
    const dataDir = path.join(workDir, 'data')
    const url = new URL(databaseUrlFor(admin, name))
    url.password = PASSWORD
    const target = url.toString()
    // The demo catalogue, prepared once per run, instead of a store that seeds it on its first start.
    await prepareStoreIn(dataDir, 'demo')
    const store = await startStore(dataDir, { DEMO: '1' })
    let stopped = false
    try {
      const refused = await runAdmin(dataDir, ['db', 'copy-to', target])
      expect(refused.code).toBe(1)
      expect(refused.err).toContain('runs with the store stopped')
      expect(refused.err).toContain('Nothing was written')
      const targetDatabase = await openServerDatabase(target, 1)
      const tables = await targetDatabase.rows(sql`SELECT 1 FROM pg_tables WHERE schemaname = 'public'`)
      await targetDatabase.close()
      expect(tables).toEqual([])
      await stopStore(store)
      stopped = true
      const copied = await runAdmin(dataDir, ['db', 'copy-to', target])
      expect(copied.code, copied.err).toBe(0)
      expect(copied.out).toMatch(/^projects +\d+ +ok$/m)
      expect(`${copied.out}${copied.err}`).not.toContain(PASSWORD)
      // A folder is named from where the owner typed the command.
      const toFolder = await runAdmin(dataDir, ['db', 'copy-to', 'moved'], { INIT_CWD: workDir })
      expect(toFolder.code, toFolder.err).toBe(0)
      expect(existsSync(path.join(workDir, 'moved', 'pglite', 'PG_VERSION'))).toBe(true)
    } finally {
      if (!stopped) await stopStore(store)
    }
  }, 120_000)
})
