import { chmod, lstat, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdmin, startStore, stopStore } from '../support/store-process'

/**
 * Issue 10, item 4: the database (its WAL holds password hashes), the mail outbox (reset links), the
 * admin socket and the lock are the store's user's alone, also in a DATA_DIR an earlier version left open.
 */
const ORIGIN = 'http://shop.example.test'
const EMAIL = 'duena@example.com'
const PASSWORD = 'una clave larga de la dueña'
let root = ''
let dataDir = ''
let outside = ''

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'gallery-private-'))
  dataDir = path.join(root, 'data')
  outside = path.join(root, 'not-the-store.txt')
  await writeFile(outside, 'somebody else’s file', { mode: 0o644 })
  await chmod(outside, 0o644)
})
afterAll(() => rm(root, { recursive: true, force: true }))

/** Every folder under DATA_DIR (and itself) not 0700, every file or socket not 0600; links are skipped. */
async function notPrivate(dir: string): Promise<string[]> {
  const found: string[] = []
  const mode = (await stat(dir)).mode & 0o777
  if (mode !== 0o700) found.push(`${path.relative(dataDir, dir) || '.'} ${mode.toString(8)}`)
  for (const name of await readdir(dir)) {
    const entry = path.join(dir, name)
    const stats = await lstat(entry)
    if (stats.isSymbolicLink()) continue
    if (stats.isDirectory()) found.push(...(await notPrivate(entry)))
    else if ((stats.mode & 0o777) !== 0o600)
      found.push(`${path.relative(dataDir, entry)} ${(stats.mode & 0o777).toString(8)}`)
  }
  return found
}

/** What an earlier version left: folders 0755, files 0666 (PGlite's own) or 0644. */
async function openUp(dir: string): Promise<void> {
  await chmod(dir, 0o755)
  for (const name of await readdir(dir)) {
    const entry = path.join(dir, name)
    const stats = await lstat(entry)
    if (stats.isSymbolicLink()) continue
    if (stats.isDirectory()) await openUp(entry)
    else await chmod(entry, name.endsWith('.eml') ? 0o644 : 0o666)
  }
}

async function outbox(): Promise<string[]> {
  return (await readdir(path.join(dataDir, 'mail')).catch(() => [])).filter((name) => name.endsWith('.eml'))
}

async function useTheStore() {
  const store = await startStore(dataDir, { PUBLIC_ORIGIN: ORIGIN })
  try {
    const signIn = await fetch(`${store.url}/v1/account/sessions/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    })
    expect(signIn.status).toBe(201)
    const mailed = (await outbox()).length
    const recovery = await fetch(`${store.url}/v1/account/recovery`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, url: `${ORIGIN}/reset-password` }),
    })
    expect(recovery.status).toBe(201)
    // The email is written in the background.
    for (let tries = 0; (await outbox()).length === mailed && tries < 100; tries++) await sleep(100)
    expect((await outbox()).length).toBe(mailed + 1)
    const socket = await stat(path.join(dataDir, 'admin', 'admin.sock'))
    expect(socket.isSocket() && (socket.mode & 0o777).toString(8)).toBe('600')
  } finally {
    expect(await stopStore(store)).toBe(0)
  }
}

describe.skipIf(process.env.TEST_DB === 'postgres')('DATA_DIR is private to the store’s user', () => {
  it('on a fresh DATA_DIR and on one an earlier version left readable by everyone', async () => {
    const created = await runAdmin(dataDir, ['users', 'create', '--email', EMAIL, '--password', PASSWORD])
    expect(created.code, created.err).toBe(0)
    await useTheStore()
    expect(await outbox()).toHaveLength(1)
    expect(await notPrivate(dataDir)).toEqual([])

    // As an earlier version left it, with a link to a file that is not the store's.
    await openUp(dataDir)
    await symlink(outside, path.join(dataDir, 'mail', 'linked.txt'))
    expect(await notPrivate(dataDir)).not.toEqual([])
    const invited = await runAdmin(dataDir, ['users', 'invite', EMAIL], { PUBLIC_ORIGIN: ORIGIN })
    expect(invited.code, invited.err).toBe(0)
    expect(await outbox()).toHaveLength(2)
    expect(await notPrivate(dataDir)).toEqual([])

    await openUp(dataDir)
    await useTheStore()
    expect(await notPrivate(dataDir)).toEqual([])
    expect((await stat(outside)).mode & 0o777).toBe(0o644)
  }, 150_000)
})
