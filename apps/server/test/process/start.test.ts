import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStore, stopStore, type ProcessEnv } from '../support/store-process'

/** `npm start` as a newcomer runs it: the real process on a fresh embedded database, then a restart. */
let dataDir = ''

/** No DEMO, as in a newcomer's shell: the embedded store makes its demo member. */
const start = (env: ProcessEnv) => startStore(dataDir, { DEMO: undefined, ...env })

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
    // Members-only (issue 28, item 8): the member's cookie goes with it, as a browser's does.
    const thumbnail = await fetch(`${first.url}/media/thumbnails/demo-0003.svg`, { headers: { cookie } })
    expect(thumbnail.headers.get('content-type')).toContain('image/svg+xml')
    expect(await stopStore(first)).toBe(0)

    const second = await start({})
    expect(second.output()).not.toContain('Demo member created')
    const again = await signIn(second.url, email, password)
    const kept = await fetch(`${second.url}/v1/account/prefs`, { headers: { cookie: again } })
    expect((await kept.json()) as unknown).toEqual({ favoriteProjects: ['demo-0003'] })
    await expect(start({}), 'a second process on the same DATA_DIR').rejects.toThrow(
      /in use by another process/,
    )
    expect(await stopStore(second)).toBe(0)
  }, 120_000)

  it('stops with a clear message on bad configuration', async () => {
    await expect(start({ PORT: 'abc', SESSION_TTL: 'forever' })).rejects.toThrow(
      /Invalid configuration[\s\S]*PORT[\s\S]*SESSION_TTL/,
    )
  })
})
