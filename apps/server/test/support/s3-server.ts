import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'

/**
 * A real S3 server for the tests (s3rver, the npm S3 server) on a free loopback port, with one bucket,
 * and the official AWS SDK's client to look into it as the owner would (issue 42).
 */
export interface TestS3 {
  endpoint: string
  bucket: string
  /** The official SDK, for what the tests put, change or read in the bucket themselves. */
  client: S3Client
  /** The store's settings for this bucket, under `prefix`, encrypted with `passphrase`. */
  env: (prefix: string, passphrase?: string) => Record<string, string>
  close: () => Promise<void>
}

export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export async function startS3Server(bucket = 'gallery-backups'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'gallery-s3-'))
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_KEYS,
  })
  return {
    endpoint,
    bucket,
    client,
    env: (prefix, passphrase = 'una frase de paso larga y secreta') => ({
      BACKUP_S3_ENDPOINT: endpoint,
      BACKUP_S3_REGION: 'us-east-1',
      BACKUP_S3_BUCKET: bucket,
      BACKUP_S3_PREFIX: prefix,
      BACKUP_S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      BACKUP_S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
      BACKUP_S3_FORCE_PATH_STYLE: '1',
      // The test's S3 server is on loopback: the owner says it is theirs.
      BACKUP_S3_ALLOW_PRIVATE: '1',
      BACKUP_PASSPHRASE: passphrase,
    }),
    close: async () => {
      client.destroy()
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
