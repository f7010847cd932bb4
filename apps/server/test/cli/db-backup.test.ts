import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { create as createTar } from 'tar'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openBackupAside, readBackupArchive } from '../../src/operations/backups/backup-contents'
import { moveBackup } from '../../src/operations/backups/backup-files'
import { DAILY_BACKUPS_KEPT, makeDailyBackup } from '../../src/operations/backups/embedded-backup'
import { routeAdminRequest } from '../../src/cli/admin-route'
import { runAdminCli } from '../../src/cli/program'
import { loadConfig } from '../../src/platform/config'
import { openEmbeddedDatabase, openServerDatabase } from '../../src/platform/db/client'
import { databaseUrlFor } from '../support/template-database'
import { createMember } from '../support/factories'
import { prepareStoreIn } from '../support/store-process'
import { createAdminCli } from './admin-cli'

/** `npm run admin` as cli/main.ts runs it: each command opens the embedded database in DATA_DIR itself. */
let workDir = ''
let dataDir = ''

async function admin(...argv: string[]) {
  const config = loadConfig({ DATA_DIR: dataDir })
  let out = ''
  let err = ''
  const code = await runAdminCli(argv, {
    send: (request) =>
      routeAdminRequest(
        config,
        request.command === 'db restore' && request.file !== undefined
          ? { ...request, file: path.resolve(workDir, request.file) }
          : request,
        (line) => (err += line),
      ),
    readFile: (file) => readFile(path.resolve(workDir, file), 'utf8'),
    writeFile: (file, text) => writeFile(path.resolve(workDir, file), text),
    moveBackup: (from, to) => moveBackup(from, path.resolve(workDir, to)),
    readStdin: async () => '',
    stdout: (text) => (out += text),
    stderr: (text) => (err += text),
  })
  return { code, out, err }
}

/** Several commands on one opening of the store (each `admin` opens and closes it: slow). */
async function withStore<T>(run: (cli: ReturnType<typeof createAdminCli>) => Promise<T>): Promise<T> {
  const database = await openEmbeddedDatabase({ dataDir: path.join(dataDir, 'pglite') })
  try {
    return await run(createAdminCli(database))
  } finally {
    await database.close()
  }
}

/** What a restore must give back exactly: the members and the whole catalogue. */
const stateOf = async (cli: ReturnType<typeof createAdminCli>) => ({
  members: (await cli.run('users', 'list', '--json')).out,
  catalogue: (await cli.run('catalog', 'export')).out,
})
const storeState = () => withStore(stateOf)

const leftovers = async () =>
  (await readdir(dataDir)).filter((name) => /^pglite\.(incoming|ready|previous)$/.test(name))

describe.skipIf(process.env.TEST_DB === 'postgres')('db backup and db restore (embedded database)', () => {
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'gallery-backup-'))
    dataDir = path.join(workDir, 'data')
    await prepareStoreIn(dataDir, 'demo')
  })
  afterAll(() => rm(workDir, { recursive: true, force: true }))

  it('backs up, and a restore gives back exactly the backed-up members and catalogue', async () => {
    await withStore((cli) =>
      cli.run('users', 'create', '--email', 'ana@example.com', '--password', 'una frase larga'),
    )
    const inFolder = await admin('db', 'backup')
    expect(inFolder).toMatchObject({ code: 0, err: '' })
    const [, written = ''] = /Backup written to (\S+) \(\d+\.\d MB\)/.exec(inFolder.out) ?? []
    expect(path.dirname(written)).toBe(path.join(dataDir, 'backups'))
    expect(path.basename(written)).toMatch(/^gallery-manual-\d{8}T\d{9}Z\.tar\.gz$/)
    expect((await stat(written)).mode & 0o777).toBe(0o600)
    expect((await stat(path.dirname(written))).mode & 0o777).toBe(0o700)

    expect(await admin('db', 'backup', 'copia.tar.gz')).toMatchObject({
      code: 0,
      out: 'Backup written to copia.tar.gz.\n',
    })
    expect((await stat(path.join(workDir, 'copia.tar.gz'))).mode & 0o777).toBe(0o600)
    await expect(moveBackup(written, path.join(workDir, 'copia.tar.gz'))).rejects.toThrow(/already exists/)

    const backedUp = await withStore(async (cli) => {
      const state = await stateOf(cli)
      await cli.run('users', 'create', '--email', 'bea@example.com', '--password', 'otra frase larga')
      await cli.run('users', 'disable', 'ana@example.com')
      cli.files.set(
        'changes.json',
        JSON.stringify([{ id: 'demo-0001', title: 'Cambiado' }, { title: 'Nuevo' }]),
      )
      expect((await cli.run('catalog', 'import', 'changes.json')).code).toBe(0)
      expect(await stateOf(cli)).not.toEqual(state)
      return state
    })

    const restored = await admin('db', 'restore', 'copia.tar.gz')
    expect(restored).toMatchObject({ code: 0, err: '' })
    expect(restored.out).toContain('720 projects, 1 member.')
    const [, replaced = ''] = /The data it replaced is kept in (\S+)\.\n/.exec(restored.out) ?? []
    expect(path.basename(replaced)).toMatch(/^gallery-before-restore-\d{8}T\d{9}Z\.tar\.gz$/)
    expect((await stat(replaced)).mode & 0o777).toBe(0o600)
    await expect(readBackupArchive(await readFile(replaced))).resolves.toBeInstanceOf(Buffer)
    expect(await storeState()).toEqual(backedUp)
    expect(await leftovers()).toEqual([])
    expect((await stat(path.join(dataDir, 'pglite'))).mode & 0o777).toBe(0o700)
  }, 180_000)

  it('refuses a damaged or foreign file with a clear message and changes nothing', async () => {
    const before = await storeState()
    const real = await readFile(path.join(workDir, 'copia.tar.gz'))
    await writeFile(path.join(workDir, 'not-gzip.tar.gz'), 'esto no es una copia')
    await writeFile(path.join(workDir, 'cut.tar.gz'), real.subarray(0, real.length / 2))
    await writeFile(path.join(workDir, 'gzip-not-tar.tar.gz'), gzipSync('hola'))
    await writeFile(path.join(workDir, 'notes.txt'), 'unas notas')
    await createTar({ gzip: true, cwd: workDir, file: path.join(workDir, 'other.tar.gz') }, ['notes.txt'])
    const foreign = await PGlite.create()
    await foreign.exec('CREATE TABLE projects (id text); CREATE TABLE users (id text)')
    await writeFile(
      path.join(workDir, 'foreign-db.tar.gz'),
      new Uint8Array(await (await foreign.dumpDataDir('gzip')).arrayBuffer()),
    )
    await foreign.close()

    for (const [file, reason] of [
      ['missing.tar.gz', /Cannot read .*missing\.tar\.gz: no such file/],
      ['not-gzip.tar.gz', /not a gzip file, or it is damaged/],
      ['cut.tar.gz', /not a gzip file, or it is damaged/],
      ['gzip-not-tar.tar.gz', /not a tar archive, or it is damaged/],
      ['other.tar.gz', /holds no embedded database/],
      ['foreign-db.tar.gz', /holds a database without the Projects Gallery schema/],
    ] as const) {
      const result = await admin('db', 'restore', file)
      expect(result, file).toMatchObject({ code: 1, out: '' })
      expect(result.err, file).toMatch(reason)
      expect(result.err, file).toContain('Nothing was changed.')
      expect(await leftovers(), file).toEqual([])
    }
    expect(await storeState()).toEqual(before)
  }, 180_000)

  it('keeps the last 7 daily backups, never the owner’s own, and clears files a crash left', async () => {
    await prepareStoreIn(path.join(workDir, 'rotation'), 'demo')
    const database = await openEmbeddedDatabase({ dataDir: path.join(workDir, 'rotation', 'pglite') })
    const folder = path.join(workDir, 'rotation', 'backups')
    await mkdir(folder, { recursive: true })
    const day = (offset: number) => new Date(Date.UTC(2026, 10, 20 + offset, 3))
    const old = Array.from(
      { length: 9 },
      (_, index) =>
        `gallery-daily-${day(index - 9)
          .toISOString()
          .replace(/[-:.]/g, '')}.tar.gz`,
    )
    for (const name of old) await writeFile(path.join(folder, name), 'old')
    await writeFile(path.join(folder, 'gallery-manual-20260101T000000000Z.tar.gz'), 'manual')
    await writeFile(path.join(folder, `.gallery-daily-20261101T000000000Z.tar.gz.${2 ** 22 + 1}.tmp`), 'cut')
    try {
      // Members signing up while the files are copied: the backup is still one consistent database.
      const signUps = (async () => {
        for (let index = 0; index < 5; index++)
          await createMember(database, { email: `durante-${index}@example.com` })
      })()
      const made = await makeDailyBackup(database, path.dirname(folder), day(0))
      await signUps
      expect(made?.file).toBe(path.join(folder, 'gallery-daily-20261120T030000000Z.tar.gz'))
      expect(await makeDailyBackup(database, path.dirname(folder), day(0.5))).toBeNull()
      const archive = await readBackupArchive(await readFile(made?.file ?? ''))
      const summary = await openBackupAside(path.join(workDir, 'rotation', 'check'), archive)
      expect(summary.projects).toBe(720)
      expect(summary.members).toBeLessThanOrEqual(5)
    } finally {
      await database.close()
    }
    expect((await readdir(folder)).sort()).toEqual(
      [
        ...old.slice(-(DAILY_BACKUPS_KEPT - 1)),
        'gallery-daily-20261120T030000000Z.tar.gz',
        'gallery-manual-20260101T000000000Z.tar.gz',
      ].sort(),
    )
    // A demo store made, backed up and opened aside: 39 s pinned to one busy core (issue 40).
  }, 120_000)
})

describe.runIf(process.env.TEST_DB === 'postgres')('db backup and db restore on PostgreSQL', () => {
  const baseUrl = process.env.TEST_DATABASE_URL ?? ''
  const created: string[] = []
  async function newDatabase() {
    const name = `gallery_backup_${randomBytes(5).toString('hex')}`
    const handle = await openServerDatabase(baseUrl, 1)
    await handle.rows(sql.raw(`CREATE DATABASE "${name}"`))
    await handle.close()
    created.push(name)
    return databaseUrlFor(baseUrl, name)
  }
  afterAll(async () => {
    const handle = await openServerDatabase(baseUrl, 1)
    for (const name of created) await handle.rows(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
    await handle.close()
  })

  it('packs the database into a backup without pg_dump, and restores it only into an empty database', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'gallery-pg-backup-'))
    try {
      const source = { DATABASE_URL: await newDatabase(), DATA_DIR: folder }
      const run = async (env: Record<string, string>, ...argv: string[]) => {
        const config = loadConfig(env)
        let out = ''
        let err = ''
        const code = await runAdminCli(argv, {
          send: (request) =>
            routeAdminRequest(
              config,
              request.command === 'db restore' && request.file !== undefined
                ? { ...request, file: path.resolve(folder, request.file) }
                : request,
              (line) => (err += line),
            ),
          readFile: (file) => readFile(path.resolve(folder, file), 'utf8'),
          writeFile: (file, text) => writeFile(path.resolve(folder, file), text),
          moveBackup: (from, to) => moveBackup(from, path.resolve(folder, to)),
          readStdin: async () => '',
          stdout: (text) => (out += text),
          stderr: (text) => (err += text),
        })
        return { code, out, err }
      }
      expect((await run(source, 'demo', 'seed', '--projects', '30')).code).toBe(0)
      expect(
        (await run(source, 'users', 'create', '--email', 'ana@example.com', '--password', 'una frase larga'))
          .code,
      ).toBe(0)
      const backup = await run(source, 'db', 'backup', 'copia.tar.gz')
      expect(backup, backup.err).toMatchObject({ code: 0, out: 'Backup written to copia.tar.gz.\n' })
      // The same kind of file as an embedded store's backup: it opens as one.
      await expect(
        readBackupArchive(await readFile(path.join(folder, 'copia.tar.gz'))),
      ).resolves.toBeInstanceOf(Buffer)

      const target = { DATABASE_URL: await newDatabase(), DATA_DIR: folder }
      const restored = await run(target, 'db', 'restore', 'copia.tar.gz')
      expect(restored.code, restored.err).toBe(0)
      expect(restored.out).toContain('30 projects, 1 member.')
      const again = await run(source, 'db', 'restore', 'copia.tar.gz')
      expect(again.code).toBe(1)
      expect(again.err).toContain('is not empty')
      const members = async (url: string) => {
        const handle = await openServerDatabase(url, 1)
        try {
          return await handle.rows(sql`SELECT email FROM users ORDER BY email`)
        } finally {
          await handle.close()
        }
      }
      expect(await members(target.DATABASE_URL)).toEqual(await members(source.DATABASE_URL))
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  }, 180_000)
})
