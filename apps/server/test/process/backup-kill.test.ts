import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { moveBackup } from '../../src/operations/backups/backup-files'
import { backUpEmbeddedDatabase } from '../../src/operations/backups/embedded-backup'
import { openEmbeddedDatabase } from '../../src/platform/db/client'
import { createMember } from '../support/factories'
import { prepareStoreIn, startAdmin } from '../support/store-process'

/** kill -9 of `npm run admin -- db backup|restore` at a chosen step (GALLERY_TEST_PAUSE_AT), then a look. */
let workDir = ''
let dataDir = ''

/** Runs the command until it stops at `step`, then kills it with SIGKILL. */
async function killAt(step: string, ...argv: string[]) {
  // Relative files (antes.tar.gz) are read from workDir, beside DATA_DIR.
  const run = startAdmin(dataDir, argv, { INIT_CWD: workDir, GALLERY_TEST_PAUSE_AT: step })
  await new Promise<void>((resolve, reject) => {
    run.child.stderr.on('data', () => {
      if (run.output().err.includes(`paused at ${step}`)) resolve()
    })
    void run.exited.then(() => reject(new Error(`exited before ${step}: ${JSON.stringify(run.output())}`)))
  })
  run.child.kill('SIGKILL')
  await run.exited
}

/** Opening the store settles a restore cut short, as the server's and the CLI's start do. */
async function memberEmails(): Promise<string[]> {
  const database = await openEmbeddedDatabase({ dataDir: path.join(dataDir, 'pglite') })
  try {
    const rows = await database.rows(sql`SELECT email FROM users ORDER BY email`)
    return rows.map((row) => String(row.email))
  } finally {
    await database.close()
  }
}

async function addMember(email: string) {
  const database = await openEmbeddedDatabase({ dataDir: path.join(dataDir, 'pglite') })
  await createMember(database, { email })
  await database.close()
}

const leftovers = async () =>
  (await readdir(dataDir)).filter((name) => /^pglite\.(incoming|ready|previous)$/.test(name))

describe.skipIf(process.env.TEST_DB === 'postgres')('kill -9 during db backup and db restore', () => {
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'gallery-kill-'))
    dataDir = path.join(workDir, 'data')
    await prepareStoreIn(dataDir, 'demo')
    const database = await openEmbeddedDatabase({ dataDir: path.join(dataDir, 'pglite') })
    await createMember(database, { email: 'antes@example.com' })
    const backup = await backUpEmbeddedDatabase(database, dataDir, 'manual')
    await moveBackup(backup.file, path.join(workDir, 'antes.tar.gz'))
    await createMember(database, { email: 'despues@example.com' })
    await database.close()
  })
  afterAll(() => rm(workDir, { recursive: true, force: true }))

  it('a backup killed while it copies leaves no file under a backup’s name and the database whole', async () => {
    await killAt('backup:copying', 'db', 'backup')
    const names = await readdir(path.join(dataDir, 'backups'))
    expect(names.filter((name) => name.endsWith('.tar.gz'))).toEqual([])
    expect(names.filter((name) => name.endsWith('.tmp'))).toHaveLength(1)
    expect(await memberEmails()).toEqual(['antes@example.com', 'despues@example.com'])
  }, 120_000)

  it('a restore killed before the swap keeps the current data', async () => {
    await killAt('restore:extracted', 'db', 'restore', 'antes.tar.gz')
    expect(await memberEmails()).toEqual(['antes@example.com', 'despues@example.com'])
    expect(await leftovers()).toEqual([])
  }, 120_000)

  it('a restore killed between the two renames of the swap ends with the restored data', async () => {
    await killAt('restore:old-moved-aside', 'db', 'restore', 'antes.tar.gz')
    expect(await readdir(dataDir)).not.toContain('pglite')
    expect(await memberEmails()).toEqual(['antes@example.com'])
    expect(await leftovers()).toEqual([])
  }, 120_000)

  it('a restore killed after the swap ends with the restored data', async () => {
    await addMember('otra@example.com')
    await killAt('restore:new-in-place', 'db', 'restore', 'antes.tar.gz')
    expect(await memberEmails()).toEqual(['antes@example.com'])
    expect(await leftovers()).toEqual([])
  }, 120_000)
})
