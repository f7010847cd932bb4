import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { ListObjectsV2Command, ListMultipartUploadsCommand } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openEmbeddedDatabase } from '../../src/platform/db/client'
import { auditEvents } from '../../src/platform/db/schema'
import { startS3Server, type TestS3 } from '../support/s3-server'
import { preparedDataDir, startAdmin, startStore, stopStore } from '../support/store-process'

/**
 * kill -9 of `npm run admin -- db backup --upload` once the first 8 MB part is in the bucket (issue 42):
 * S3 shows an object only when its multipart upload completes, so no half object is counted as a
 * backup; the backup stays queued, and the store's next run uploads it.
 */
let s3: TestS3
let dataDir = ''
const prefix = 'matar/'

const objects = async () =>
  (
    (await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))).Contents ?? []
  ).map((object) => object.Key ?? '')

describe.skipIf(process.env.TEST_DB === 'postgres')('kill -9 during an upload', () => {
  beforeAll(async () => {
    s3 = await startS3Server()
    dataDir = await preparedDataDir('empty', 'gallery-upload-kill-')
    // 12 MB that do not compress: the backup takes two 8 MB parts.
    const database = await openEmbeddedDatabase({ dataDir: path.join(dataDir, 'pglite') })
    try {
      for (let row = 0; row < 24; row++)
        await database.db.insert(auditEvents).values({
          id: `filler-${row}`,
          source: 'cli',
          actor: 'cli',
          action: 'filler',
          subject: 'filler',
          after: { filler: randomBytes(384 * 1024).toString('base64') },
        })
    } finally {
      await database.close()
    }
  }, 120_000)
  afterAll(async () => {
    await s3?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('leaves no object, and the next run of the store uploads the backup', async () => {
    const env = s3.env(prefix)
    const run = startAdmin(dataDir, ['db', 'backup', '--upload'], {
      ...env,
      GALLERY_TEST_PAUSE_AT: 'upload:part',
    })
    await new Promise<void>((resolve, reject) => {
      run.child.stderr.on('data', () => {
        if (run.output().err.includes('paused at upload:part')) resolve()
      })
      void run.exited.then((result) =>
        reject(new Error(`exited before the pause: ${JSON.stringify(result)}`)),
      )
    })
    // The first part is in the bucket, inside an upload that never completes.
    const uploads = await s3.client
      .send(new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: prefix }))
      .catch(() => null)
    if (uploads) expect(uploads.Uploads?.length ?? 0).toBeLessThanOrEqual(1)
    run.child.kill('SIGKILL')
    await run.exited
    expect(await objects()).toEqual([])

    const store = await startStore(dataDir, env)
    try {
      // The test's S3 server (s3rver) writes a completed multipart object's parts into its file one after
      // the other, and lists it meanwhile (real S3 does not): wait for the whole object, not its first bytes.
      const deadline = Date.now() + 60_000
      let listed: { Key?: string; Size?: number }[] = []
      while (Date.now() < deadline) {
        listed =
          (await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))).Contents ??
          []
        if (listed.some((object) => (object.Size ?? 0) > 8 * 1024 * 1024)) break
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      expect(listed.map((object) => object.Key)).toHaveLength(1)
      expect(listed[0]?.Key).toMatch(/^matar\/gallery-manual-\d{8}T\d{9}Z\.tar\.gz\.age$/)
      expect(listed[0]?.Size ?? 0).toBeGreaterThan(8 * 1024 * 1024)
    } finally {
      await stopStore(store)
    }
  }, 180_000)
})
