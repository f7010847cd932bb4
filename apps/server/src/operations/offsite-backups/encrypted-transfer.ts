import { createReadStream, createWriteStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Readable, Transform } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { pipeline } from 'node:stream/promises'
import { Upload } from '@aws-sdk/lib-storage'
import { pauseForTests, pausesAt } from '../backups/pause-for-tests'
import type { BackupKey } from './backup-key'
import { readRemoteBackup, remoteSize, type Bucket } from './bucket'

/**
 * Parts of 8 MB, one in flight: what an upload holds in memory whatever the backup's size (lib-storage
 * buffers a part before sending it), well above S3's 5 MB minimum and within its 10,000 parts up to 80 GB.
 */
export const UPLOAD_PART_BYTES = 8 * 1024 * 1024

/** The object's metadata that says how many bytes the store wrote (`x-amz-meta-gallery-bytes`). */
const SEALED_BYTES = 'gallery-bytes'

/** Bytes a stream lets through, counted on the way. */
function counter(onBytes: (bytes: number) => void) {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      onBytes(chunk.length)
      callback(null, chunk)
    },
  })
}

/**
 * Uploads a backup file to the bucket as `name`, encrypted with the owner's key on the way (age: 64 KiB
 * chunks, each authenticated): read, encrypted and sent as a stream, one part at a time, so memory stays
 * flat whatever the backup's size. A multipart upload that fails is aborted (lib-storage); one cut short
 * by a killed process leaves no object, since S3 shows an object only once all its parts are complete.
 * Resolves with the object's size once the bucket says the whole object is there.
 */
export async function uploadEncrypted(options: {
  bucket: Bucket
  key: BackupKey
  file: string
  name: string
  signal?: AbortSignal
}): Promise<number> {
  const { bucket, key, file, name } = options
  const plainBytes = (await stat(file)).size
  const sealed = await key.encrypt(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>)
  // The whole object's size, known before it is sent (age's chunks have a fixed overhead): kept with the
  // object so a download can tell an object cut short from one changed.
  const sealedBytes = sealed.size(plainBytes)
  let sent = 0
  let firstPartSent: () => void = () => undefined
  const firstPart = new Promise<void>((resolve) => (firstPartSent = resolve))
  const body = Readable.fromWeb(sealed as NodeReadableStream<Uint8Array>).pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        const before = sent
        sent += chunk.length
        // The kill -9 test stops here: the first part in the bucket, the second held back, no object.
        if (before >= UPLOAD_PART_BYTES && pausesAt('upload:part')) {
          void firstPart.then(() => pauseForTests('upload:part'))
          return
        }
        callback(null, chunk)
      },
    }),
  )
  const upload = new Upload({
    client: bucket.client,
    params: {
      Bucket: bucket.name,
      Key: `${bucket.prefix}${name}`,
      Body: body,
      ContentType: 'application/octet-stream',
      Metadata: { [SEALED_BYTES]: String(sealedBytes) },
    },
    partSize: UPLOAD_PART_BYTES,
    queueSize: 1,
    leavePartsOnError: false,
    ...(options.signal ? { abortController: abortControllerOf(options.signal) } : {}),
  })
  upload.on('httpUploadProgress', () => firstPartSent())
  await upload.done()
  const stored = await remoteSize(bucket, name)
  if (stored !== sent || sent !== sealedBytes)
    throw new Error(`the bucket holds ${stored ?? 'no'} bytes of ${name} where ${sent} were sent`)
  return stored
}

function abortControllerOf(signal: AbortSignal): AbortController {
  const controller = new AbortController()
  signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true })
  return controller
}

/**
 * Downloads a backup from the bucket and decrypts it into `file` (created, never overwritten). age's
 * chunks are authenticated and the last one is marked, so a wrong key, a changed byte or a cut-short
 * object fails here: the caller removes the file. Resolves with the decrypted size.
 */
export async function downloadDecrypted(options: {
  bucket: Bucket
  key: BackupKey
  name: string
  file: string
}): Promise<number> {
  const { body, bytes, metadata } = await readRemoteBackup(options.bucket, options.name)
  const written = Number(metadata[SEALED_BYTES] ?? Number.NaN)
  if (Number.isInteger(written) && written !== bytes)
    throw new IncompleteBackupError(`the bucket holds ${bytes} of the ${written} bytes the store wrote`)
  // A failure below (a wrong key, a changed byte) ends the download: its socket's error is expected.
  body.on('error', () => undefined)
  let received = 0
  const counted = body.pipe(counter((chunk) => (received += chunk)))
  try {
    const plain = await options.key.decrypt(Readable.toWeb(counted) as ReadableStream<Uint8Array>)
    let decrypted = 0
    await pipeline(
      Readable.fromWeb(plain as NodeReadableStream<Uint8Array>),
      counter((chunk) => (decrypted += chunk)),
      createWriteStream(options.file, { flags: 'wx', mode: 0o600 }),
    )
    if (received !== bytes) throw new IncompleteBackupError(`received ${received} of its ${bytes} bytes`)
    return decrypted
  } catch (error) {
    if (received < bytes && !body.readableEnded && isConnectionError(error))
      throw new IncompleteBackupError(`the download stopped after ${received} of ${bytes} bytes`)
    throw error
  } finally {
    body.destroy()
  }
}

/** An object shorter than the store wrote it, or a download cut short. */
export class IncompleteBackupError extends Error {}

const isConnectionError = (error: unknown) =>
  error instanceof Error &&
  /aborted|ECONNRESET|socket|premature/i.test(
    `${error.message} ${String((error as { code?: unknown }).code)}`,
  )
