import { Agent as HttpAgent } from 'node:http'
import { Agent as HttpsAgent } from 'node:https'
import { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3'
import { NodeHttpHandler } from '@smithy/node-http-handler'
import type { OffsiteBackupConfig } from '../../platform/config'
import { publicAddressLookup } from '../../platform/security/outgoing-address'
import { parseRemoteName, type RemoteBackup } from './backup-objects'

/** How long a connection may take to open, and a request may wait for the next bytes. */
export const BUCKET_TIMEOUTS = { connectionMs: 10_000, idleMs: 60_000 }

/** The owner's bucket: its client and where this store's backups live in it. */
export interface Bucket {
  client: S3Client
  name: string
  prefix: string
  /** `s3://bucket/prefix/ (host)`: where backups go, safe to show. */
  shown: string
  close: () => void
}

/**
 * The S3 client of the owner's bucket, with the store's rules for what leaves it: a private or metadata
 * address is refused unless BACKUP_S3_ALLOW_PRIVATE says it is the owner's own (a MinIO beside the store),
 * connections and silent requests time out, redirects are not followed (the SDK follows none), and the
 * SDK retries a failed request twice with backoff.
 */
export function openBucket(config: OffsiteBackupConfig): Bucket {
  const lookup = config.allowPrivateEndpoint ? undefined : publicAddressLookup
  const agentOptions = { keepAlive: true, maxSockets: 4, ...(lookup ? { lookup } : {}) }
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    maxAttempts: 3,
    // Checksums only where S3 requires them: every S3-compatible service accepts those.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: new NodeHttpHandler({
      connectionTimeout: BUCKET_TIMEOUTS.connectionMs,
      requestTimeout: BUCKET_TIMEOUTS.idleMs,
      httpAgent: new HttpAgent(agentOptions),
      httpsAgent: new HttpsAgent(agentOptions),
    }),
  })
  const host = config.endpoint ? new URL(config.endpoint).host : 'AWS S3'
  return {
    client,
    name: config.bucket,
    prefix: config.prefix,
    shown: `s3://${config.bucket}/${config.prefix} (${host})`,
    close: () => client.destroy(),
  }
}

/** This store's backups in the bucket (only names it writes, directly under its prefix), oldest first. */
export async function listRemoteBackups(bucket: Bucket): Promise<RemoteBackup[]> {
  const found: RemoteBackup[] = []
  let token: string | undefined
  do {
    const page = await bucket.client.send(
      new ListObjectsV2Command({
        Bucket: bucket.name,
        Prefix: bucket.prefix,
        Delimiter: '/',
        ...(token ? { ContinuationToken: token } : {}),
      }),
    )
    for (const object of page.Contents ?? []) {
      const parsed = parseRemoteName((object.Key ?? '').slice(bucket.prefix.length))
      if (parsed)
        found.push({ ...parsed, bytes: object.Size ?? 0, uploadedAt: object.LastModified ?? undefined })
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token)
  return found.sort((a, b) => a.madeAt.getTime() - b.madeAt.getTime() || a.name.localeCompare(b.name))
}

const keyOf = (bucket: Bucket, name: string) => {
  if (!parseRemoteName(name)) throw new Error(`${name} is not a backup of this store`)
  return `${bucket.prefix}${name}`
}

/** The size of a backup in the bucket, or null when there is none of that name. */
export async function remoteSize(bucket: Bucket, name: string): Promise<number | null> {
  try {
    const head = await bucket.client.send(
      new HeadObjectCommand({ Bucket: bucket.name, Key: keyOf(bucket, name) }),
    )
    return head.ContentLength ?? 0
  } catch (error) {
    if (error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey')) return null
    throw error
  }
}

/** The object's bytes as a Node stream, its size and its metadata. */
export async function readRemoteBackup(
  bucket: Bucket,
  name: string,
): Promise<{ body: Readable; bytes: number; metadata: Record<string, string> }> {
  const object = await bucket.client.send(
    new GetObjectCommand({ Bucket: bucket.name, Key: keyOf(bucket, name) }),
  )
  // In Node the SDK's body is the response itself, a Readable.
  if (!(object.Body instanceof Readable)) throw new Error(`${name} has no content`)
  return { body: object.Body, bytes: object.ContentLength ?? 0, metadata: object.Metadata ?? {} }
}

export async function deleteRemoteBackup(bucket: Bucket, name: string): Promise<void> {
  await bucket.client.send(new DeleteObjectCommand({ Bucket: bucket.name, Key: keyOf(bucket, name) }))
}
