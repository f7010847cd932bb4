import type { ChildProcess } from 'node:child_process'
import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { preparedDataDir, runAdmin, startStore, stopStore, THROUGH_SERVER } from '../support/store-process'

/**
 * The real processes on HOST and PUBLIC_ORIGIN (issue 10, item 1): open to the network without
 * PUBLIC_ORIGIN the server warns at start and sends no link; on loopback its links name its real port.
 */
let dataDir = ''
/** Servers still running when a test fails are stopped after it, not left holding the database. */
const servers = new Set<ChildProcess>()

/** At info level, where the log says an email was written. */
const info = (env: Record<string, string>) => ({ LOG_LEVEL: 'info', ...env })

const admin = (env: Record<string, string>, ...argv: string[]) => runAdmin(dataDir, argv, info(env))

async function withServer(
  env: Record<string, string>,
  use: (url: string, output: () => string) => Promise<void>,
) {
  const store = await startStore(dataDir, info(env))
  servers.add(store.child)
  store.child.on('exit', () => servers.delete(store.child))
  try {
    await use(store.url, store.output)
  } finally {
    await stopStore(store)
  }
}

const recover = (url: string, email: string) =>
  fetch(`${url}/v1/account/recovery`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, url: `${url}/reset-password` }),
  })

describe.skipIf(process.env.TEST_DB === 'postgres')('HOST and PUBLIC_ORIGIN', () => {
  beforeAll(async () => {
    dataDir = await preparedDataDir('empty', 'gallery-origin-')
  })
  afterAll(async () => {
    for (const child of servers) child.kill('SIGKILL')
    await rm(dataDir, { recursive: true, force: true })
  })

  it('open to the network without PUBLIC_ORIGIN: warns at start and refuses recovery and invitations', async () => {
    const open = { HOST: '0.0.0.0' }
    await withServer(open, async (url, output) => {
      // The warning goes to stderr before "running on" reaches stdout; the two pipes are read apart.
      await expect
        .poll(output, { timeout: 10_000 })
        .toMatch(/WARNING: PUBLIC_ORIGIN is not set, and HOST=0\.0\.0\.0[^\n]*\n.*\n/)
      const response = await recover(url, 'nobody@example.com')
      expect(response.status).toBe(503)
      expect(await response.json()).toMatchObject({ type: 'general_service_disabled' })
      const invited = await admin(open, 'users', 'create', '--email', 'ana@example.com', '--invite')
      expect(invited.code).toBe(1)
      expect(invited.err).toContain('PUBLIC_ORIGIN is not set')
      expect(invited.err).toContain(THROUGH_SERVER)
    })
    const alone = await admin(open, 'users', 'invite', 'ana@example.com')
    expect(alone.code).toBe(1)
    expect(alone.err).toContain('PUBLIC_ORIGIN is not set')
  }, 120_000)

  it('on loopback with PORT=0: an invitation through the running server links to the port it got', async () => {
    await withServer({ HOST: '127.0.0.1' }, async (url, output) => {
      expect(output()).not.toContain('WARNING: PUBLIC_ORIGIN')
      const invited = await admin({}, 'users', 'create', '--email', 'ana@example.com', '--invite')
      expect(invited.code).toBe(0)
      const [file] = await readdir(path.join(dataDir, 'mail'))
      const message = await readFile(path.join(dataDir, 'mail', file ?? ''), 'utf8')
      expect(message).toContain(`${url}/reset-password?`)
      expect(output()).toContain('email written to the mail folder')
      expect(output()).not.toMatch(/secret|ana@example\.com/)
    })
  }, 120_000)
})
