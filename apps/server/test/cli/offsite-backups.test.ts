import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routeAdminRequest } from '../../src/cli/admin-route'
import { runAdminCli } from '../../src/cli/program'
import { loadConfig } from '../../src/platform/config'
import { openEmbeddedDatabase, openServerDatabase, type DatabaseHandle } from '../../src/platform/db/client'
import { analyticsCounts, memberCollections, users } from '../../src/platform/db/schema'
import { tableChecksums } from '../../src/operations/db-copy/database-copy'
import { prepareStoreIn } from '../support/store-process'
import { databaseUrlFor } from '../support/template-database'
import { startS3Server, type TestS3 } from '../support/s3-server'

/**
 * Off-site backups (issue 42) against a real S3 server (s3rver) read with the official AWS SDK: `db backup
 * --upload`, `db backups list --remote`, and `db restore --remote` on a new machine (a fresh DATA_DIR, or
 * an empty PostgreSQL database) giving back every table; a wrong key, a changed byte and a cut-short
 * object refused with nothing replaced. On the project's database: embedded, or PostgreSQL.
 */
const onPostgres = process.env.TEST_DB === 'postgres'
const baseUrl = process.env.TEST_DATABASE_URL ?? ''
const PASSPHRASE = 'caballo correcto pila grapa'

let s3: TestS3
let workDir = ''
const databases: string[] = []

/** `npm run admin` as cli/main.ts runs it, with these settings. */
async function admin(env: Record<string, string>, ...argv: string[]) {
  const config = loadConfig(env)
  let out = ''
  let err = ''
  const code = await runAdminCli(argv, {
    send: (request) => routeAdminRequest(config, request, (line) => (err += line)),
    readFile: (file) => readFile(path.resolve(workDir, file), 'utf8'),
    writeFile: (file, text) => writeFile(path.resolve(workDir, file), text),
    readStdin: async () => '',
    stdout: (text) => (out += text),
    stderr: (text) => (err += text),
  })
  return { code, out, err }
}

/** A new, empty database on the test server, dropped after the file. */
async function newDatabase(): Promise<string> {
  const name = `gallery_offsite_${randomBytes(5).toString('hex')}`
  const handle = await openServerDatabase(baseUrl, 1)
  await handle.rows(sql.raw(`CREATE DATABASE "${name}"`))
  await handle.close()
  databases.push(name)
  return databaseUrlFor(baseUrl, name)
}

/** A store's settings on this machine: its DATA_DIR, its database, the bucket under `prefix`. */
interface Machine {
  env: Record<string, string>
  open: () => Promise<DatabaseHandle>
}

async function newMachine(prefix: string, passphrase = PASSPHRASE): Promise<Machine> {
  const dataDir = await mkdtemp(path.join(workDir, 'data-'))
  const url = onPostgres ? await newDatabase() : undefined
  return {
    env: { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}), ...s3.env(prefix, passphrase) },
    open: () =>
      url ? openServerDatabase(url, 2) : openEmbeddedDatabase({ dataDir: path.join(dataDir, 'pglite') }),
  }
}

async function checksums(machine: Machine) {
  const database = await machine.open()
  try {
    return await tableChecksums(database)
  } finally {
    await database.close()
  }
}

const objects = async (prefix: string) =>
  (
    (await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))).Contents ?? []
  ).map((object) => ({ key: object.Key ?? '', bytes: object.Size ?? 0 }))

const objectBytes = async (key: string) => {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))
  return Buffer.from((await object.Body?.transformToByteArray()) ?? [])
}

/** An object put as the store would (its metadata), whatever its bytes. */
const putObject = (key: string, body: Buffer, metadata: Record<string, string> = {}) =>
  s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body, Metadata: metadata }))

const metadataOf = async (key: string) =>
  (await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))).Metadata ?? {}

describe('off-site backups against a real S3 server', () => {
  let source: Machine
  let uploaded = ''
  let uploadedKey = ''
  const prefix = 'tienda/'

  beforeAll(async () => {
    s3 = await startS3Server()
    workDir = await mkdtemp(path.join(tmpdir(), 'gallery-offsite-'))
    source = await newMachine(prefix)
    // A small catalogue: the backup's size does not change what is tested, only how long it takes.
    if (!onPostgres) await prepareStoreIn(source.env.DATA_DIR ?? '', 'empty')
    const seeded = await admin(source.env, 'demo', 'seed', '--projects', '60')
    expect(seeded.code, seeded.err).toBe(0)
    // Members, an order, a collection and analytics: every kind of table a restore must give back.
    expect(
      (
        await admin(
          source.env,
          'users',
          'create',
          '--email',
          'ana@example.com',
          '--password',
          'una frase larga',
        )
      ).code,
    ).toBe(0)
    expect((await admin(source.env, 'orders', 'grant', 'bea@example.com', '--name', 'Bea')).code).toBe(0)
    const database = await source.open()
    try {
      const [ana] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(sql`email = 'ana@example.com'`)
      await database.db
        .insert(memberCollections)
        .values({ id: 'favoritas', ownerId: ana?.id ?? '', name: 'Favoritas', projectIds: ['demo-0001'] })
      await database.db
        .insert(analyticsCounts)
        .values({ day: '2026-11-27', metric: 'views', key: '/', count: 42 })
    } finally {
      await database.close()
    }
  }, 240_000)

  afterAll(async () => {
    await s3?.close()
    if (workDir) await rm(workDir, { recursive: true, force: true })
    if (databases.length > 0) {
      const handle = await openServerDatabase(baseUrl, 1)
      for (const name of databases)
        await handle.rows(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
      await handle.close()
    }
  })

  it('uploads a backup encrypted, and exits 0 once the object is whole in the bucket', async () => {
    const result = await admin(source.env, 'db', 'backup', '--upload')
    expect(result.err).toBe('')
    expect(result.code).toBe(0)
    expect(result.out).toMatch(/Backup written to .*gallery-manual-\d{8}T\d{9}Z\.tar\.gz \(\d+\.\d MB\)/)
    expect(result.out).toContain(`Uploaded, encrypted, to s3://${s3.bucket}/${prefix}`)
    expect(result.out).toContain('complete in the bucket')
    const stored = await objects(prefix)
    expect(stored).toHaveLength(1)
    uploadedKey = stored[0]?.key ?? ''
    uploaded = uploadedKey.slice(prefix.length)
    expect(uploaded).toMatch(/^gallery-manual-\d{8}T\d{9}Z\.tar\.gz\.age$/)
    // An age file encrypted with a passphrase: its header, then nothing of the tarball in clear.
    const bytes = await objectBytes(uploadedKey)
    expect(bytes.subarray(0, 32).toString()).toBe('age-encryption.org/v1\n-> scrypt ')
    expect(bytes.includes(Buffer.from('PG_VERSION'))).toBe(false)
    expect(bytes.includes(Buffer.from('ana@example.com'))).toBe(false)
    // Nothing of the passphrase or the keys in what the command printed.
    expect(result.out + result.err).not.toContain(PASSPHRASE)
    expect(result.out + result.err).not.toContain('S3RVER')
  }, 120_000)

  it("lists the bucket's backups with their dates and sizes", async () => {
    const listed = await admin(source.env, 'db', 'backups', 'list', '--remote', '--json')
    expect(listed.code, listed.err).toBe(0)
    const [stored] = await objects(prefix)
    expect(JSON.parse(listed.out)).toEqual([
      { name: uploaded, madeAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), bytes: stored?.bytes },
    ])
    const table = await admin(source.env, 'db', 'backups', 'list', '--remote')
    expect(table.out).toContain(uploaded)
    expect(table.out).toContain(`1 backup in s3://${s3.bucket}/${prefix}`)
  })

  it('restores the newest backup on a new machine: the same rows and checksum in every table', async () => {
    const fresh = await newMachine(prefix)
    const restored = await admin(fresh.env, 'db', 'restore', '--remote', '--latest')
    expect(restored.code, restored.err).toBe(0)
    expect(restored.out).toMatch(/Restored .*\d+ projects?, 2 members/)
    const before = await checksums(source)
    const after = await checksums(fresh)
    for (const table of ['users', 'orders', 'projects', 'member_collections', 'analytics_counts']) {
      expect(before.get(table)?.rows, table).toBeGreaterThan(0)
    }
    // The backup's upload was recorded (in backup_uploads and the audit log) after it was made, so the
    // backup holds neither; the new machine's log has the restore instead.
    const withoutLogs = (tables: typeof before) =>
      Object.fromEntries([...tables].filter(([table]) => !['audit_events', 'backup_uploads'].includes(table)))
    expect(withoutLogs(after)).toEqual(withoutLogs(before))
    const database = await fresh.open()
    try {
      const events = await database.rows(
        sql`SELECT action, source, subject FROM audit_events ORDER BY created_at`,
      )
      expect(events.at(-1)).toEqual({
        action: 'backup.restore',
        source: 'cli',
        subject: `backups/${uploaded}`,
      })
      expect(events.map((event) => event.action)).not.toContain('backup.upload')
    } finally {
      await database.close()
    }
    // Again: into PostgreSQL only an empty database is written (an embedded database is replaced, the old
    // data kept, as db-backup.test.ts shows for a file).
    if (onPostgres) {
      const again = await admin(fresh.env, 'db', 'restore', '--remote', uploaded)
      expect(again.code).toBe(1)
      expect(again.err).toContain('is not empty')
    }
  }, 240_000)

  it('refuses a wrong passphrase, a changed byte and a cut-short object, and replaces nothing', async () => {
    const target = await newMachine(prefix)
    const restored = await admin(target.env, 'db', 'restore', '--remote', uploaded)
    expect(restored.code, restored.err).toBe(0)
    const state = await checksums(target)

    const wrongKey = { ...target.env, BACKUP_PASSPHRASE: 'otra frase de paso distinta' }
    const wrong = await admin(wrongKey, 'db', 'restore', '--remote', '--latest')
    expect(wrong.code).toBe(1)
    expect(wrong.err).toContain('it was not encrypted with this BACKUP_PASSPHRASE')
    expect(wrong.err).toContain('Nothing was changed.')
    expect(wrong.err).not.toContain('otra frase de paso distinta')

    const bytes = await objectBytes(uploadedKey)
    const flipped = Buffer.from(bytes)
    const at = Math.floor(bytes.length / 2)
    flipped[at] = (flipped[at] ?? 0) ^ 0x01
    await putObject(
      `${prefix}gallery-manual-29990101T000000000Z.tar.gz.age`,
      flipped,
      await metadataOf(uploadedKey),
    )
    const changed = await admin(
      target.env,
      'db',
      'restore',
      '--remote',
      'gallery-manual-29990101T000000000Z.tar.gz.age',
    )
    expect(changed.code).toBe(1)
    expect(changed.err).toContain('it was changed after the store wrote it')
    expect(changed.err).toContain('Nothing was changed.')

    await putObject(
      `${prefix}gallery-manual-29990102T000000000Z.tar.gz.age`,
      bytes.subarray(0, bytes.length - 1000),
      await metadataOf(uploadedKey),
    )
    const cut = await admin(target.env, 'db', 'restore', '--remote', '--latest')
    expect(cut.code).toBe(1)
    expect(cut.err).toMatch(
      /gallery-manual-29990102T000000000Z\.tar\.gz\.age cannot be restored: it is incomplete/,
    )

    const missing = await admin(
      target.env,
      'db',
      'restore',
      '--remote',
      'gallery-daily-20000101T000000000Z.tar.gz.age',
    )
    expect(missing).toMatchObject({ code: 1 })
    expect(missing.err).toContain('There is no backup named gallery-daily-20000101T000000000Z.tar.gz.age')

    expect(await checksums(target)).toEqual(state)
    // No decrypted leftovers beside the backups.
    const { readdir } = await import('node:fs/promises')
    const left = await readdir(path.join(target.env.DATA_DIR ?? '', 'backups')).catch(() => [])
    expect(left.filter((name) => name.endsWith('.tmp'))).toEqual([])
  }, 240_000)

  it('refuses an upload without a key, with a clear message, writing nothing', async () => {
    const withoutKey = Object.fromEntries(
      Object.entries(source.env).filter(([name]) => name !== 'BACKUP_PASSPHRASE'),
    )
    const before = await objects(prefix)
    const refused = await admin(withoutKey, 'db', 'backup', '--upload')
    expect(refused.code).toBe(1)
    expect(refused.err).toContain('BACKUP_PASSPHRASE is not set')
    expect(refused.err).toContain('never leaves this machine unencrypted')
    expect(await objects(prefix)).toEqual(before)
  })
})
