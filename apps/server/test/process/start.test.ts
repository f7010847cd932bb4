import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** `npm start` as a newcomer runs it: the real process on a fresh embedded database, then a restart. */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
let dataDir = ''

interface Started {
  child: ChildProcessWithoutNullStreams
  output: () => string
  url: string
}

function start(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
  })
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${output}`)), 60_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /running on (http:\/\/localhost:\d+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve({ child, output: () => output, url: match[1] })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('exit', (code) => reject(new Error(`Server exited with ${code}:\n${output}`)))
  })
}

function stop(started: Started): Promise<number | null> {
  return new Promise((resolve) => {
    started.child.on('exit', (code) => resolve(code))
    started.child.kill('SIGINT')
  })
}

async function signIn(url: string, email: string, password: string) {
  const response = await fetch(`${url}/v1/account/sessions/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  expect(response.status).toBe(201)
  return response.headers.getSetCookie()[0]?.split(';')[0] ?? ''
}

describe.skipIf(process.env.TEST_DB === 'postgres')('npm start', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gallery-start-'))
  })
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  it('seeds an empty store, prints the demo member, shuts down cleanly and keeps the data', async () => {
    const first = await start({})
    const printed = /email:\s+(\S+)\s+password:\s+(\S+)/.exec(first.output())
    expect(printed, first.output()).not.toBeNull()
    const [, email = '', password = ''] = printed ?? []
    expect(password.length).toBeGreaterThanOrEqual(16)
    const cookie = await signIn(first.url, email, password)
    const projects = await fetch(
      `${first.url}/v1/databases/gallery/collections/projects/documents?total=true`,
      { headers: { cookie } },
    )
    expect((await projects.json()) as unknown).toMatchObject({ total: 720 })
    const prefs = await fetch(`${first.url}/v1/account/prefs`, {
      method: 'PATCH',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ prefs: { favoriteProjects: ['demo-0003'] } }),
    })
    expect(prefs.status).toBe(200)
    const thumbnail = await fetch(`${first.url}/media/thumbnails/demo-0003.svg`)
    expect(thumbnail.headers.get('content-type')).toContain('image/svg+xml')
    expect(await stop(first)).toBe(0)

    const second = await start({})
    expect(second.output()).not.toContain('Demo member created')
    const again = await signIn(second.url, email, password)
    const kept = await fetch(`${second.url}/v1/account/prefs`, { headers: { cookie: again } })
    expect((await kept.json()) as unknown).toEqual({ favoriteProjects: ['demo-0003'] })
    await expect(start({}), 'a second process on the same DATA_DIR').rejects.toThrow(
      /in use by another process/,
    )
    expect(await stop(second)).toBe(0)
  }, 120_000)

  it('stops with a clear message on bad configuration', async () => {
    await expect(start({ PORT: 'abc', SESSION_TTL: 'forever' })).rejects.toThrow(
      /Invalid configuration[\s\S]*PORT[\s\S]*SESSION_TTL/,
    )
  })
})
