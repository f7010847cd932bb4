import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { purchaseSchema } from '@pg/shared/purchase'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StoreEnvironment } from '../../src/selling/downloads/store-settings'
import { createMember } from '../support/factories'
import { signIn } from '../support/inject'
import { createBundle, insertOrder } from '../support/purchases'
import { startTestServer, type TestServer } from '../support/test-app'
import { createAdminCli, STORE_ORIGIN } from './admin-cli'

/** `settings show|set|unset`: the owner's store settings, over the environment's, seen by the store at once. */
let server: TestServer
let envBundle: Awaited<ReturnType<typeof createBundle>>
let cliBundle: Awaited<ReturnType<typeof createBundle>>
let cli: ReturnType<typeof createAdminCli>
let purchase: () => Promise<ReturnType<typeof purchaseSchema.parse>>

beforeAll(async () => {
  envBundle = await createBundle()
  cliBundle = await createBundle({ name: 'owner-bundle.tar.gz', bytes: 1000 })
  // The store and the command read the same environment, as with the admin socket.
  const environment: StoreEnvironment = {
    downloadFile: envBundle.file,
    downloadLimit: 7,
    bonusUrls: { bonus1: 'https://env.example.com/bono-1', bonus2: undefined },
  }
  server = await startTestServer({ config: environment })
  cli = createAdminCli(server.database, () => STORE_ORIGIN, environment)
  const member = await createMember(server.database)
  await insertOrder(server.database, { userId: member.id })
  const { cookie } = await signIn(server, member)
  purchase = async () =>
    purchaseSchema.parse(
      (await server.app.inject({ method: 'GET', url: '/v1/store/purchase', headers: { cookie } })).json(),
    )
})
afterAll(async () => {
  await server.close()
  await envBundle.remove()
  await cliBundle.remove()
})

const row = (out: string, key: string) => out.split('\n').find((line) => line.startsWith(`${key} `)) ?? ''

describe('settings show', () => {
  it('says where each value comes from and what is missing for selling', async () => {
    const shown = await cli.run('settings', 'show')
    expect(shown).toMatchObject({ code: 0, err: '' })
    expect(row(shown.out, 'download-file')).toMatch(/environment \(DOWNLOAD_FILE\)$/)
    expect(row(shown.out, 'bonus-1-url')).toMatch(
      /https:\/\/env\.example\.com\/bono-1\s+environment \(BONUS_1_URL\)$/,
    )
    expect(row(shown.out, 'bonus-2-url')).toMatch(/-\s+unset/)
    expect(row(shown.out, 'download-limit')).toMatch(/7\s+environment \(DOWNLOAD_LIMIT\)$/)
    expect(shown.out).toContain('Missing for selling:\n  - bonus-2-url: no link')
    expect(shown.out).not.toContain('  - download-file')
  })

  it('prints JSON', async () => {
    const shown = await cli.run('settings', 'show', '--json')
    const parsed = JSON.parse(shown.out) as { settings: { key: string; source: string }[]; missing: string[] }
    expect(parsed.settings.map(({ key, source }) => [key, source])).toEqual([
      ['download-file', 'environment'],
      ['bonus-1-url', 'environment'],
      ['bonus-2-url', 'unset'],
      ['download-limit', 'environment'],
    ])
    expect(parsed.missing).toHaveLength(1)
  })
})

describe('settings set and unset', () => {
  it('wins over the environment at once, in the running store, and unset gives it back', async () => {
    expect((await cli.run('settings', 'set', 'bonus-1-url', 'https://cli.example.com/n8n')).code).toBe(0)
    expect((await cli.run('settings', 'set', 'bonus-2-url', 'http://cli.example.com/ia')).code).toBe(0)
    expect((await cli.run('settings', 'set', 'download-limit', '2')).code).toBe(0)
    const set = await cli.run('settings', 'set', 'download-file', cliBundle.file)
    expect(set).toMatchObject({ code: 0, err: '' })
    expect(set.out).toContain('wins over DOWNLOAD_FILE')

    const shown = await cli.run('settings', 'show')
    for (const key of ['download-file', 'bonus-1-url', 'bonus-2-url', 'download-limit']) {
      expect(row(shown.out, key)).toMatch(/CLI setting$/)
    }
    expect(shown.out).toContain('Ready to sell')

    const mine = await purchase()
    expect(mine.bonuses).toEqual([
      { id: 'bonus1', url: 'https://cli.example.com/n8n' },
      { id: 'bonus2', url: 'http://cli.example.com/ia' },
    ])
    expect(mine.orders[0]?.download).toMatchObject({ available: true, limit: 2 })

    const unset = await cli.run('settings', 'unset', 'download-limit')
    expect(unset).toMatchObject({
      code: 0,
      out: 'download-limit unset; now: 7, from environment (DOWNLOAD_LIMIT).\n',
    })
    expect((await cli.run('settings', 'unset', 'bonus-1-url')).code).toBe(0)
    const again = await cli.run('settings', 'unset', 'bonus-1-url')
    expect(again).toMatchObject({ code: 0 })
    expect(again.out).toContain('was not set with the CLI; nothing changed')
    const after = await purchase()
    expect(after.bonuses[0]).toEqual({ id: 'bonus1', url: 'https://env.example.com/bono-1' })
    expect(after.orders[0]?.download.limit).toBe(7)
  })

  it('delivers the file set with the CLI under the product’s name', async () => {
    expect((await cli.run('settings', 'set', 'download-file', cliBundle.file)).code).toBe(0)
    const [order] = (await purchase()).orders
    const member = await createMember(server.database)
    const mine = await insertOrder(server.database, { userId: member.id })
    const { cookie } = await signIn(server, member)
    const link = await server.app.inject({
      method: 'POST',
      url: `/v1/store/purchase/orders/${mine.id}/download`,
      headers: { cookie },
    })
    const file = await server.app.inject({ method: 'GET', url: link.json<{ url: string }>().url })
    expect(order?.download.available).toBe(true)
    expect(file.rawPayload.equals(cliBundle.content)).toBe(true)
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="projects-gallery-700-apps.tar.gz"',
    )
  })

  it('refuses a download file the store cannot read (exit 1) and keeps the one in force', async () => {
    const folder = path.join(cliBundle.folder, 'a-folder')
    await mkdir(folder, { recursive: true })
    const missing = await cli.run(
      'settings',
      'set',
      'download-file',
      path.join(cliBundle.folder, 'nothing.zip'),
    )
    expect(missing).toMatchObject({ code: 1, out: '' })
    expect(missing.err).toMatch(/nothing\.zip: no such file; buyers could not download it/)
    const directory = await cli.run('settings', 'set', 'download-file', folder)
    expect(directory).toMatchObject({ code: 1 })
    expect(directory.err).toContain('not a regular file')
    expect((await purchase()).orders[0]?.download.available).toBe(true)
  })

  it('refuses malformed values and unknown keys as bad input (exit 2)', async () => {
    const cases: [string, string, RegExp][] = [
      ['download-file', 'relative/bundle.zip', /download-file must be an absolute path/],
      ['download-limit', '0', /download-limit must be a whole number from 1 to 1000/],
      ['download-limit', '1001', /from 1 to 1000/],
      ['download-limit', 'ten', /from 1 to 1000/],
      ['bonus-1-url', 'javascript:alert(1)', /bonus-1-url must be an http:\/\/ or https:\/\/ link/],
      ['bonus-2-url', 'ftp://example.com/file', /http:\/\/ or https:\/\//],
      ['support-email', 'x@example.com', /'support-email' is invalid.*Allowed choices/s],
    ]
    for (const [key, value, message] of cases) {
      const result = await cli.run('settings', 'set', key, value)
      expect(result.code, `${key} ${value}`).toBe(2)
      expect(result.err).toMatch(message)
    }
    expect((await cli.run('settings', 'unset', 'nope')).code).toBe(2)
    expect((await cli.run('settings', 'set', 'download-limit')).code).toBe(2)
  })
})

it('explains every setting in --help', async () => {
  const help = await cli.run('settings', '--help')
  expect(help.code).toBe(0)
  for (const key of [
    'download-file',
    'bonus-1-url',
    'bonus-2-url',
    'download-limit',
    'show',
    'set',
    'unset',
  ]) {
    expect(help.out).toContain(key)
  }
  const setHelp = await cli.run('settings', 'set', '--help')
  expect(setHelp.out).toContain('DOWNLOAD_FILE')
})
