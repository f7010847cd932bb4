import { rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { preparedDataDir, runAdmin, startStore, stopStore, THROUGH_SERVER } from '../support/store-process'

/** The real processes: `npm start` holding the embedded database, and `npm run admin` beside it. */
let dataDir = ''

const admin = (...argv: string[]) => runAdmin(dataDir, argv)

async function signIn(url: string, email: string, password: string) {
  const response = await fetch(`${url}/v1/account/sessions/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  return { status: response.status, cookie: response.headers.getSetCookie()[0]?.split(';')[0] ?? '' }
}

describe.skipIf(process.env.TEST_DB === 'postgres')(
  'the admin CLI while the store runs on the embedded database',
  () => {
    beforeAll(async () => {
      // A migrated store: what is tested is the admin channel, not a first start.
      dataDir = await preparedDataDir('empty', 'gallery-admin-')
      await writeFile(
        path.join(dataDir, 'catalog.json'),
        JSON.stringify([
          { id: 'live-1', title: 'Cargado en marcha', category: 'En vivo', tags: ['Directo'] },
        ]),
      )
    })
    afterAll(() => rm(dataDir, { recursive: true, force: true }))

    it('runs commands through the running server, one at a time, then on its own once the server stops', async () => {
      const first = await admin(
        'users',
        'create',
        '--email',
        'antes@example.com',
        '--password',
        'antes de arrancar',
      )
      expect(first).toMatchObject({ code: 0 })
      expect(first.err).not.toContain(THROUGH_SERVER)

      const server = await startStore(dataDir)
      try {
        const socket = await stat(path.join(dataDir, 'admin', 'admin.sock'))
        expect(socket.mode & 0o777).toBe(0o600)
        expect((await stat(path.join(dataDir, 'admin'))).mode & 0o777).toBe(0o700)

        const [created, imported] = await Promise.all([
          admin('users', 'create', '--email', 'durante@example.com', '--password', 'con la tienda en marcha'),
          admin('catalog', 'import', 'catalog.json'),
        ])
        expect(created).toMatchObject({ code: 0, err: `${THROUGH_SERVER}\n` })
        expect(imported.code).toBe(0)
        expect(imported.out).toContain('1 project (1 new, 0 updated, 0 unchanged)')

        const { status, cookie } = await signIn(server.url, 'durante@example.com', 'con la tienda en marcha')
        expect(status).toBe(201)
        const listed = await fetch(`${server.url}/v1/databases/gallery/collections/projects/documents`, {
          headers: { cookie },
        })
        expect(((await listed.json()) as { total: number }).total).toBe(1)

        const disabled = await admin('users', 'disable', 'durante@example.com')
        expect(disabled.out).toContain('1 session ended')
        const after = await fetch(`${server.url}/v1/account`, { headers: { cookie } })
        expect(after.status).toBe(401)
        expect((await admin('users', 'list')).out).toMatch(/durante@example\.com\s+disabled/)

        // A backup is taken by the server; a restore needs it stopped and changes nothing meanwhile.
        const backup = await admin('db', 'backup', 'en-marcha.tar.gz')
        expect(backup).toMatchObject({ code: 0, out: 'Backup written to en-marcha.tar.gz.\n' })
        expect(backup.err).toContain(THROUGH_SERVER)
        const restore = await admin('db', 'restore', 'en-marcha.tar.gz')
        expect(restore).toMatchObject({ code: 1, out: '' })
        expect(restore.err).toMatch(/in use by another process[\s\S]*stop it[\s\S]*Nothing was changed/)
        expect((await admin('users', 'list')).out).toMatch(/durante@example\.com\s+disabled/)
      } finally {
        await stopStore(server)
      }
      await expect(stat(path.join(dataDir, 'admin', 'admin.sock'))).rejects.toThrow(/ENOENT/)
      const alone = await admin('catalog', 'stats', '--json')
      expect(alone.err).not.toContain(THROUGH_SERVER)
      expect(JSON.parse(alone.out)).toMatchObject({ projects: 1, members: 2, enabledMembers: 1 })
    }, 120_000)
  },
)
