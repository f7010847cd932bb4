import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { preparedDataDir, runAdmin, startStore, stopStore, THROUGH_SERVER } from '../support/store-process'

/** The real processes: `npm run admin -- orders …` on its own, then beside `npm start`. */
let dataDir = ''
const env = { PUBLIC_ORIGIN: 'http://shop.example.test' }
const admin = (...argv: string[]) => runAdmin(dataDir, argv, env)

/** The emails written to the mail folder (no SMTP_URL) so far, as text. */
async function mailFolder(): Promise<string[]> {
  const folder = path.join(dataDir, 'mail')
  const files = await readdir(folder).catch(() => [])
  return Promise.all(files.map((file) => readFile(path.join(folder, file), 'utf8')))
}

async function emailTo(address: string): Promise<string> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const found = (await mailFolder()).find((text) => text.includes(`To: ${address}`))
    if (found) return found
    if (Date.now() > deadline) throw new Error(`No email to ${address}`)
    await sleep(200)
  }
}

beforeAll(async () => {
  dataDir = await preparedDataDir('empty', 'gallery-orders-')
})
afterAll(() => rm(dataDir, { recursive: true, force: true }))

it.skipIf(process.env.TEST_DB === 'postgres')(
  'grants and refunds on its own (sending the welcome before it exits) and through the running store',
  async () => {
    const alone = await admin('orders', 'grant', 'sola@example.com', '--name', 'Sola')
    expect(alone).toMatchObject({ code: 0 })
    expect(alone.out).toContain('to sola@example.com. New member created')
    expect(alone.err).not.toContain(THROUGH_SERVER)
    expect(alone.err).toMatch(/Email to sola@example\.com written to /)
    expect(await emailTo('sola@example.com')).toContain('http://shop.example.test/')

    const store = await startStore(dataDir, env)
    try {
      const granted = await admin('orders', 'grant', 'durante@example.com', '--lang', 'en')
      expect(granted).toMatchObject({ code: 0, err: `${THROUGH_SERVER}\n` })
      await emailTo('durante@example.com')
      const id = /^Granted order (\S+) /.exec(granted.out)?.[1] ?? ''

      const refunded = await admin('orders', 'refund', id)
      expect(refunded).toMatchObject({ code: 0, err: `${THROUGH_SERVER}\n` })
      expect(refunded.out).toContain('access of durante@example.com ended; 0 sessions ended')
      const listed = await admin('orders', 'list', '--status', 'refunded')
      expect(listed.out).toMatch(
        new RegExp(`^${id}\\s+\\S+\\s+refunded\\s+manual\\s+durante@example\\.com`, 'm'),
      )
      expect(listed.out).toContain('1 order.')
    } finally {
      await stopStore(store)
    }
  },
  120_000,
)
