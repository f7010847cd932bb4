import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The real processes on HOST and PUBLIC_ORIGIN (issue 10, item 1): open to the network without
 * PUBLIC_ORIGIN the server warns at start and sends no link; on loopback its links name its real port.
 */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
let dataDir = ''
/** Servers still running when a test fails are stopped after it, not left holding the database. */
const servers = new Set<ChildProcess>()

const environment = (env: Record<string, string>) => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  DATA_DIR: dataDir,
  DEMO: '0',
  LOG_LEVEL: 'info',
  ...env,
})

function admin(env: Record<string, string>, ...argv: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...argv], {
    cwd: serverRoot,
    env: environment(env),
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out, err })),
  )
}

async function withServer(
  env: Record<string, string>,
  use: (url: string, output: () => string) => Promise<void>,
) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: environment({ PORT: '0', ...env }),
  })
  servers.add(child)
  child.on('exit', () => servers.delete(child))
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${output}`)), 60_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /running on (http:\/\/localhost:\d+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1])
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('exit', (code) => reject(new Error(`Server exited with ${code}:\n${output}`)))
  })
  try {
    await use(url, () => output)
  } finally {
    await new Promise((resolve) => {
      child.on('exit', resolve)
      child.kill('SIGINT')
    })
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
    dataDir = await mkdtemp(path.join(tmpdir(), 'gallery-origin-'))
  })
  afterAll(async () => {
    for (const child of servers) child.kill('SIGKILL')
    await rm(dataDir, { recursive: true, force: true })
  })

  it('open to the network without PUBLIC_ORIGIN: warns at start and refuses recovery and invitations', async () => {
    const open = { HOST: '0.0.0.0' }
    await withServer(open, async (url, output) => {
      expect(output()).toMatch(/WARNING: PUBLIC_ORIGIN is not set, and HOST=0\.0\.0\.0[^\n]*\n.*\n/)
      const response = await recover(url, 'nobody@example.com')
      expect(response.status).toBe(503)
      expect(await response.json()).toMatchObject({ type: 'general_service_disabled' })
      const invited = await admin(open, 'users', 'create', '--email', 'ana@example.com', '--invite')
      expect(invited.code).toBe(1)
      expect(invited.err).toContain('PUBLIC_ORIGIN is not set')
      expect(invited.err).toContain('(run by the server that has the embedded database open)')
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
