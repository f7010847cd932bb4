import { spawn } from 'node:child_process'
import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { preparedDataDir, runAdmin, startStore, stopStore, THROUGH_SERVER } from '../support/store-process'

/**
 * Issue 10, item 16: after a crash the lock file names a pid that something else now has. The store
 * starts anyway; a store that really runs still keeps a second process out.
 */
let dataDir = ''
let lockFile = ''

beforeAll(async () => {
  dataDir = await preparedDataDir('empty', 'gallery-lock-')
  lockFile = path.join(dataDir, 'pglite.lock')
})
afterAll(() => rm(dataDir, { recursive: true, force: true }))

describe.skipIf(process.env.TEST_DB === 'postgres' || process.platform !== 'linux')(
  'a lock left by a crashed store',
  () => {
    it('is taken over when its pid now belongs to another process; a running store still refuses a second', async () => {
      // A lock as earlier versions wrote it (the pid alone), naming a live process that is not a store.
      const other = spawn('sleep', ['60'])
      try {
        await writeFile(lockFile, String(other.pid), { mode: 0o600 })
        const store = await startStore(dataDir)
        try {
          const second = startStore(dataDir)
          await expect(second, 'a second store on the same DATA_DIR').rejects.toThrow(
            /in use by another process/,
          )
        } finally {
          expect(await stopStore(store)).toBe(0)
        }
      } finally {
        other.kill()
      }

      // A lock as this version writes it, naming a live Node.js process (this test's) that did not write
      // it: same boot, another start time.
      const boot = (await readFile('/proc/sys/kernel/random/boot_id', 'utf8')).trim()
      await writeFile(lockFile, JSON.stringify({ pid: process.pid, boot, started: '1' }))
      const alone = await runAdmin(dataDir, ['users', 'list'])
      expect(alone.code, alone.err).toBe(0)
      expect(alone.err).not.toContain(THROUGH_SERVER)
    }, 120_000)
  },
)
