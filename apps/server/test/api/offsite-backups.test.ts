import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3'
import { offsiteBackupStatusSchema, type OffsiteBackupStatus } from '@pg/shared/offsite-backups'
import { sql } from 'drizzle-orm'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app'
import { loadConfig } from '../../src/platform/config'
import { openEmbeddedDatabase, type DatabaseHandle } from '../../src/platform/db/client'
import { outsideRetention, parseRemoteName } from '../../src/operations/offsite-backups/backup-objects'
import { signInConsoleCallers } from '../support/console-callers'
import { startS3Server, S3RVER_KEYS, type TestS3 } from '../support/s3-server'
import { prepareStoreIn } from '../support/store-process'
import { createTestDatabase } from '../support/test-database'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

/**
 * The store's off-site backups while it runs (issue 42): the console's status and "Copia de seguridad
 * ahora", the bucket out of reach (the store keeps serving, retries with backoff, the readiness list says
 * so, and uploads once it is back), and the retention in the bucket, against a real S3 server.
 */
const onPostgres = process.env.TEST_DB === 'postgres'
let s3: TestS3
let workDir = ''
const servers: TestServer[] = []

beforeAll(async () => {
  s3 = await startS3Server()
  workDir = await mkdtemp(path.join(tmpdir(), 'gallery-offsite-api-'))
})
afterAll(async () => {
  for (const server of servers) await server.close()
  await s3.close()
  await rm(workDir, { recursive: true, force: true })
})

const settingsFor = (env: Record<string, string>) => loadConfig(env).offsiteBackups

async function server(config: Partial<typeof testConfig>, backupRetryBaseMs = 100) {
  const started = await startTestServer({ config, backupRetryBaseMs })
  servers.push(started)
  return started
}

async function status(target: TestServer, cookie: string): Promise<OffsiteBackupStatus> {
  const response = await target.app.inject({ method: 'GET', url: '/v1/store/backups', headers: { cookie } })
  expect(response.statusCode).toBe(200)
  return offsiteBackupStatusSchema.parse(response.json())
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A backup file in DATA_DIR/backups as the daily backup writes it (its bytes do not matter here). */
async function localBackup(dataDir: string, name: string, bytes = 200_000) {
  await mkdir(path.join(dataDir, 'backups'), { recursive: true })
  const file = path.join(dataDir, 'backups', name)
  await writeFile(file, randomBytes(bytes))
  return { file, bytes }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })

describe('the console’s off-site backups routes', () => {
  it('are the admin’s: a visitor and a member get 401; unconfigured, the status says so and a backup is refused', async () => {
    const target = await server({})
    const { adminCookie, memberCookie } = await signInConsoleCallers(target)
    for (const cookie of [undefined, memberCookie])
      for (const method of ['GET', 'POST'] as const) {
        const response = await target.app.inject({
          method,
          url: '/v1/store/backups',
          headers: cookie ? { cookie } : {},
          ...(method === 'POST' ? { payload: {} } : {}),
        })
        expect(response.statusCode, `${method} ${cookie ? 'member' : 'visitor'}`).toBe(401)
      }
    expect(await status(target, adminCookie)).toMatchObject({
      configured: false,
      lastOffsite: null,
      running: false,
    })
    const refused = await target.app.inject({
      method: 'POST',
      url: '/v1/store/backups',
      headers: { cookie: adminCookie, 'accept-language': 'es' },
      payload: {},
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ type: 'general_argument_invalid' })
    expect((refused.json() as { message: string }).message).toContain('no están configuradas')
  })

  it('refuses a backup without BACKUP_PASSPHRASE, and the readiness list names the missing key', async () => {
    const env = s3.env('sin-clave/')
    const { BACKUP_PASSPHRASE: _key, ...withoutKey } = env
    void _key
    const target = await server({
      offsiteBackups: settingsFor(withoutKey),
      dataDir: await mkdtemp(path.join(workDir, 'd-')),
    })
    const { adminCookie } = await signInConsoleCallers(target)
    const refused = await target.app.inject({
      method: 'POST',
      url: '/v1/store/backups',
      headers: { cookie: adminCookie },
      payload: {},
    })
    expect(refused.statusCode).toBe(400)
    expect((refused.json() as { message: string }).message).toContain('BACKUP_PASSPHRASE is not set')
    const settings = await target.app.inject({
      method: 'GET',
      url: '/v1/store/settings',
      headers: { cookie: adminCookie },
    })
    const line = (settings.json() as { items: { key: string; status: string; state: unknown }[] }).items.find(
      (item) => item.key === 'offsite-backups',
    )
    expect(line).toMatchObject({ status: 'missing', state: { text: 'offsiteNoKey' } })
    expect(JSON.stringify(settings.json())).not.toContain(S3RVER_KEYS.secretAccessKey)
  })
})

describe('the bucket out of reach', () => {
  it('keeps the store serving, retries with backoff, says so on the readiness list, and uploads once the bucket is back', async () => {
    const port = await freePort()
    const env = { ...s3.env('lejos/'), BACKUP_S3_ENDPOINT: `http://127.0.0.1:${port}` }
    const dataDir = await mkdtemp(path.join(workDir, 'd-'))
    const target = await server({ offsiteBackups: settingsFor(env), dataDir })
    const { adminCookie } = await signInConsoleCallers(target)
    const backup = await localBackup(dataDir, 'gallery-daily-20261128T030000000Z.tar.gz')
    await target.app.offsiteBackups.afterBackup(backup, 'daily')

    const failing = await until(
      () => status(target, adminCookie),
      (state) => (state.lastError?.attempts ?? 0) >= 3,
    )
    expect(failing.lastError).toMatchObject({
      name: 'gallery-daily-20261128T030000000Z.tar.gz',
      reason: 'unreachable',
      nextAttemptAt: expect.any(String),
    })
    expect(failing.lastError?.detail).toContain('did not answer')
    expect(failing.pending).toBe(1)
    // Meanwhile the store answers as ever.
    const started = performance.now()
    const catalogue = await target.app.inject({ method: 'GET', url: '/v1/health/version' })
    expect(catalogue.statusCode).toBe(200)
    expect(performance.now() - started).toBeLessThan(5_000)
    const settings = await target.app.inject({
      method: 'GET',
      url: '/v1/store/settings',
      headers: { cookie: adminCookie },
    })
    const line = (settings.json() as { items: { key: string; status: string; state: unknown }[] }).items.find(
      (item) => item.key === 'offsite-backups',
    )
    expect(line).toMatchObject({
      status: 'missing',
      state: { text: 'offsiteFailing', reason: 'unreachable' },
    })

    // The bucket comes back on that address: the next retry uploads, and the failure is over.
    const back = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: await mkdtemp(path.join(workDir, 's3-')),
      configureBuckets: [{ name: s3.bucket, configs: [] }],
    })
    await back.run()
    try {
      const recovered = await until(
        () => status(target, adminCookie),
        (state) => state.lastOffsite !== null,
        60_000,
      )
      expect(recovered).toMatchObject({ lastError: null, pending: 0 })
      expect(recovered.lastOffsite?.name).toBe('gallery-daily-20261128T030000000Z.tar.gz')
    } finally {
      await back.close()
    }
  }, 120_000)
})

describe('the retention in the bucket', () => {
  it('deletes the daily backups outside 7 daily, 4 weekly and 12 monthly after an upload, and nothing else', async () => {
    const prefix = 'retencion/'
    const put = (key: string) =>
      s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: Buffer.from('x') }))
    // Every day of the last 40, and the 1st and the 15th of the 16 months before: each rule has work.
    const days = new Set<string>()
    for (let back = 1; back <= 40; back++)
      days.add(new Date(Date.UTC(2026, 10, 28 - back)).toISOString().slice(0, 10))
    for (let month = 1; month <= 16; month++)
      for (const day of [1, 15]) days.add(new Date(Date.UTC(2026, 9 - month, day)).toISOString().slice(0, 10))
    const names = [...days].map((day) => `gallery-daily-${day.replace(/-/g, '')}T030000000Z.tar.gz.age`)
    await Promise.all(names.map((name) => put(`${prefix}${name}`)))
    const untouchable = [
      `${prefix}gallery-manual-20250101T000000000Z.tar.gz.age`,
      `${prefix}notas.txt`,
      `${prefix}otra/gallery-daily-20240101T030000000Z.tar.gz.age`,
      `otra-tienda/gallery-daily-20240101T030000000Z.tar.gz.age`,
    ]
    for (const key of untouchable) await put(key)

    const dataDir = await mkdtemp(path.join(workDir, 'd-'))
    const target = await server({ offsiteBackups: settingsFor(s3.env(prefix)), dataDir })
    const { adminCookie } = await signInConsoleCallers(target)
    const today = 'gallery-daily-20261128T030000000Z.tar.gz'
    await target.app.offsiteBackups.afterBackup(await localBackup(dataDir, today), 'daily')
    await until(
      () => status(target, adminCookie),
      (state) => state.lastOffsite !== null,
    )
    const all = [...names, `${today}.age`].flatMap((name) => parseRemoteName(name) ?? [])
    const expectedGone = new Set(
      outsideRetention(all, { daily: 7, weekly: 4, monthly: 12 }).map((b) => b.name),
    )
    const listed = async () =>
      ((await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map(
        (o) => o.Key ?? '',
      )
    const remaining = await until(
      listed,
      (keys) => !keys.some((key) => expectedGone.has(key.slice(prefix.length))),
    )
    const daily = remaining.filter((key) => key.startsWith(`${prefix}gallery-daily-`)).sort()
    expect(daily).toHaveLength(all.length - expectedGone.size)
    expect(expectedGone.size).toBeGreaterThan(30)
    expect(daily.at(-1)).toBe(`${prefix}${today}.age`)
    for (const key of untouchable) expect(remaining, key).toContain(key)
    const database = target.database
    // Each object is deleted, then its deletion written to the audit log: the last one may follow the listing.
    const deletions = await until(
      () => database.rows(sql`SELECT source, subject FROM audit_events WHERE action = 'backup.delete'`),
      (rows) => rows.length >= expectedGone.size,
    )
    expect(deletions).toHaveLength(expectedGone.size)
    expect(deletions.every((event) => event.source === 'store')).toBe(true)
  }, 120_000)
})

describe('“Copia de seguridad ahora”', () => {
  let database: DatabaseHandle
  it('makes a backup of the store and uploads it; the console follows it and the audit log names the admin', async () => {
    const dataDir = await mkdtemp(path.join(workDir, 'd-'))
    if (!onPostgres) await prepareStoreIn(dataDir, 'demo')
    database = onPostgres
      ? await createTestDatabase()
      : await openEmbeddedDatabase({ dataDir: path.join(dataDir, 'pglite') })
    const app = await buildApp(
      { ...testConfig, dataDir, offsiteBackups: settingsFor(s3.env('ahora/')) },
      database,
      { backupRetryBaseMs: 100 },
    )
    await app.ready()
    const target: TestServer = {
      app,
      database,
      url: '',
      close: async () => {
        await app.close()
        await database.close()
      },
    }
    servers.push(target)
    const { admin, adminCookie } = await signInConsoleCallers(target)
    const started = await app.inject({
      method: 'POST',
      url: '/v1/store/backups',
      headers: { cookie: adminCookie },
      payload: {},
    })
    expect(started.statusCode).toBe(202)
    expect(offsiteBackupStatusSchema.parse(started.json()).running).toBe(true)
    const finished = await until(
      () => status(target, adminCookie),
      (state) => !state.running && state.lastOffsite !== null,
      120_000,
    )
    expect(finished.lastOffsite?.name).toMatch(/^gallery-manual-\d{8}T\d{9}Z\.tar\.gz$/)
    expect(finished.lastLocal?.name).toBe(finished.lastOffsite?.name)
    const keys = (
      (await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'ahora/' }))).Contents ?? []
    ).map((o) => o.Key)
    expect(keys).toEqual([`ahora/${finished.lastOffsite?.name}.age`])
    const events = await database.rows(
      sql`SELECT source, actor, subject FROM audit_events WHERE action = 'backup.upload'`,
    )
    expect(events).toEqual([
      { source: 'console', actor: admin.email, subject: `backups/${finished.lastOffsite?.name}.age` },
    ])
  }, 180_000)
})
