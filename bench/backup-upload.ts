/**
 * Off-site backup upload bench (issue 42): the time and the peak resident memory of the store's encrypted
 * upload of a backup to an S3-compatible bucket. `npm run bench:backup-upload` (BENCH_SIZES=720,100000 by
 * default). Budget: the peak RSS stays within 64 MB of the idle store's.
 *
 * For each catalogue size, on a fresh embedded database in bench/.work/ loaded with the demo catalogue, in
 * this process as the server runs it (PGlite in its worker thread): one local backup (`db backup`), then,
 * each right after 2 s of the idle store (after a full GC), measured the same way:
 *   - the reference: the same file uploaded as it is with lib-storage's `Upload` (8 MB parts, one in
 *     flight, the store's settings): what the S3 SDK alone costs;
 *   - the store's upload: `uploadEncrypted` with a passphrase (age's scrypt recipient, 2^15: 32 MB);
 *   - the same with an age X25519 identity, no scrypt: the passphrase's own cost is the difference.
 * The bucket is s3rver (the npm S3 server) in a child process on loopback, so its memory is not counted.
 * Memory: this process's RSS sampled every 10 ms, and the kernel's own peak (VmHWM, reset before each step
 * through /proc/self/clear_refs), whichever is higher; event loop: the largest gap of a 5 ms timer.
 */
import { randomBytes } from 'node:crypto'
import { createReadStream, readFileSync, writeFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { HeadObjectCommand } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { generateX25519Identity } from 'age-encryption'
import { backUpEmbeddedDatabase } from '../apps/server/src/operations/backups/embedded-backup'
import { backupKey, type BackupKey } from '../apps/server/src/operations/offsite-backups/backup-key'
import { openBucket, type Bucket } from '../apps/server/src/operations/offsite-backups/bucket'
import {
  uploadEncrypted,
  UPLOAD_PART_BYTES,
} from '../apps/server/src/operations/offsite-backups/encrypted-transfer'
import { seedDemoCatalog } from '../apps/server/src/catalogue/demo/demo-seed'
import { openEmbeddedDatabase } from '../apps/server/src/platform/db/client'
import { killAllChildren, startChild, type Child } from './lib/children'
import { REPO_ROOT } from './lib/server'

const SIZES = (process.env.BENCH_SIZES ?? '720,100000').split(',').map(Number)
const BUDGET_MB = 64
const IDLE_MS = 2_000
const WORK_DIR = path.join(REPO_ROOT, 'bench/.work')
const BUCKET = 'gallery-backups'
const PREFIX = 'bench/'
const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
const PASSPHRASE = 'una frase de paso larga'
const MB = 1_048_576
const log = (line: string) => process.stdout.write(`${line}\n`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A full GC before each idle baseline; `--expose-gc` is set here, so `tsx` needs no flag. */
const gc: (() => void) | undefined = (() => {
  const exposed = (globalThis as { gc?: () => void }).gc
  if (exposed) return exposed
  try {
    setFlagsFromString('--expose-gc')
    return runInNewContext('gc') as () => void
  } catch {
    return undefined
  }
})()

/** Resets the kernel's peak RSS of this process (VmHWM) to its RSS now; false without /proc. */
function resetPeakRss(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5')
    return true
  } catch {
    return false
  }
}

/** VmHWM of this process in bytes, or 0 without /proc. */
function kernelPeakRss(): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))
    return Number(match?.[1] ?? 0) * 1024
  } catch {
    return 0
  }
}

interface Step {
  label: string
  totalMs: number
  /** RSS when the step began: for an upload, right after 2 s of the idle store (the baseline). */
  startRss: number
  peakRss: number
  eventLoopMaxMs: number
}

async function measure(label: string, work: () => Promise<unknown>): Promise<Step> {
  // The longest gap between ticks of a 5 ms timer, less the 5 ms: how long the event loop was busy.
  let eventLoopMaxMs = 0
  let lastTick = performance.now()
  const ticker = setInterval(() => {
    const now = performance.now()
    eventLoopMaxMs = Math.max(eventLoopMaxMs, now - lastTick - 5)
    lastTick = now
  }, 5)
  resetPeakRss()
  const startRss = process.memoryUsage.rss()
  let sampled = startRss
  const sampler = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage.rss())), 10)
  const started = performance.now()
  try {
    await work()
  } finally {
    clearInterval(ticker)
    clearInterval(sampler)
  }
  const totalMs = performance.now() - started
  sampled = Math.max(sampled, process.memoryUsage.rss())
  return { label, totalMs, startRss, peakRss: Math.max(sampled, kernelPeakRss()), eventLoopMaxMs }
}

/** 2 s of the idle store right after a full GC; the step measured right after starts from its RSS. */
async function idle(): Promise<Step> {
  gc?.()
  await sleep(100)
  return measure(`idle store (${IDLE_MS / 1000} s, after a full GC)`, () => sleep(IDLE_MS))
}

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
const signed = (value: number, digits = 1) => `${value >= 0 ? '+' : ''}${number(value, digits)}`
const growthMb = (step: Step) => (step.peakRss - step.startRss) / MB
const LABEL_WIDTH = 62
const HEADER = [
  `| ${'while'.padEnd(LABEL_WIDTH)} | total ms | RSS at start MB | peak RSS MB | peak − idle MB | event loop max ms |`,
  `| ${'-'.repeat(LABEL_WIDTH)} | -------: | --------------: | ----------: | -------------: | ----------------: |`,
]

function row(
  label: string,
  totalMs: number,
  startRss: number,
  peakRss: number,
  growth: string,
  stallMs: number,
) {
  return (
    `| ${label.padEnd(LABEL_WIDTH)} | ${number(totalMs).padStart(8)} | ${number(startRss / MB, 1).padStart(15)} ` +
    `| ${number(peakRss / MB, 1).padStart(11)} | ${growth.padStart(14)} | ${number(stallMs).padStart(17)} |`
  )
}
const stepRow = (step: Step, isIdle = false) =>
  row(
    step.label,
    step.totalMs,
    step.startRss,
    step.peakRss,
    isIdle ? '' : signed(growthMb(step)),
    step.eventLoopMaxMs,
  )

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** s3rver in a child process on a free loopback port (its memory is its own), storing under `directory`. */
async function startS3rver(directory: string): Promise<{ endpoint: string; child: Child }> {
  const script = `
    import S3rver from 's3rver'
    const server = new S3rver({
      port: 0, address: '127.0.0.1', silent: true, directory: process.env.S3RVER_DIRECTORY,
      configureBuckets: [{ name: process.env.S3RVER_BUCKET, configs: [] }],
    })
    const { port } = await server.run()
    process.stdout.write('s3rver listening on ' + port + '\\n')
    process.on('SIGTERM', () => server.close().then(() => process.exit(0)))
  `
  const child = startChild('s3rver', process.execPath, ['--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', S3RVER_DIRECTORY: directory, S3RVER_BUCKET: BUCKET },
  })
  try {
    await child.waitForLine(/s3rver listening on \d+/, 30_000)
  } catch (error) {
    await child.stop(1_000)
    throw error
  }
  const port = child
    .recentOutput()
    .map((line) => /s3rver listening on (\d+)/.exec(line)?.[1])
    .find(Boolean)
  return { endpoint: `http://127.0.0.1:${port}`, child }
}

/** The reference: the file as it is, with the store's lib-storage settings; resolves with the stored size. */
async function uploadPlain(bucket: Bucket, file: string, key: string): Promise<number> {
  const upload = new Upload({
    client: bucket.client,
    params: {
      Bucket: bucket.name,
      Key: `${bucket.prefix}${key}`,
      Body: createReadStream(file),
      ContentType: 'application/octet-stream',
    },
    partSize: UPLOAD_PART_BYTES,
    queueSize: 1,
    leavePartsOnError: false,
  })
  await upload.done()
  const head = await bucket.client.send(
    new HeadObjectCommand({ Bucket: bucket.name, Key: `${bucket.prefix}${key}` }),
  )
  return head.ContentLength ?? 0
}

/** What the passphrase alone costs: age's header (scrypt) and nothing else, the file empty. */
async function sealEmpty(key: BackupKey): Promise<number> {
  const sealed = await key.encrypt(new Blob([]).stream())
  let bytes = 0
  for await (const chunk of sealed) bytes += chunk.length
  return bytes
}

/** An object name the store accepts (`gallery-manual-<UTC time>.tar.gz.age`), one per upload. */
let uploads = 0
const objectName = () =>
  `gallery-manual-${new Date(Date.UTC(2026, 10, 28, 10, 0, 0, ++uploads)).toISOString().replace(/[-:.]/g, '')}.tar.gz.age`

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3))

interface Kind {
  label: string
  upload: (file: string) => Promise<number>
}

async function benchSize(
  projects: number,
  bucket: Bucket,
  keys: { passphrase: BackupKey; identity: BackupKey },
) {
  const dataDir = await mkdtemp(path.join(WORK_DIR, 'backup-upload-'))
  const database = await openEmbeddedDatabase({ dataDir: path.join(dataDir, 'pglite') })
  try {
    await database.migrate()
    const seeded = performance.now()
    await seedDemoCatalog(database, { projects })
    log(`\n## ${number(projects)} projects (seeded in ${number((performance.now() - seeded) / 1000)} s)\n`)

    // Warm-up, not measured: a 1 MB file each way, so the SDK's lazily loaded code is not counted below.
    const small = path.join(dataDir, 'warm-up.bin')
    await writeFile(small, randomBytes(MB))
    await uploadPlain(bucket, small, 'warm-up.bin')
    for (const key of [keys.passphrase, keys.identity])
      await uploadEncrypted({ bucket, key, file: small, name: objectName() })

    const firstIdle = await idle()
    const made = await (async () => {
      let result = { file: '', bytes: 0 }
      const step = await measure('db backup, local (for information)', async () => {
        result = await backUpEmbeddedDatabase(database, dataDir, 'manual')
      })
      return { ...result, step }
    })()
    const kinds: Kind[] = [
      {
        label: `plain upload, lib-storage alone (reference)`,
        upload: (file) => uploadPlain(bucket, file, `reference-${projects}.tar.gz`),
      },
      {
        label: '**encrypted upload, passphrase** (the store; scrypt 2^15)',
        upload: (file) => uploadEncrypted({ bucket, key: keys.passphrase, file, name: objectName() }),
      },
      {
        label: 'encrypted upload, age X25519 identity (no scrypt)',
        upload: (file) => uploadEncrypted({ bucket, key: keys.identity, file, name: objectName() }),
      },
      {
        label: 'scrypt 2^15 alone (passphrase, empty file, no upload)',
        upload: () => sealEmpty(keys.passphrase),
      },
    ]
    const runs = new Map<Kind, Step[]>(kinds.map((kind) => [kind, []]))
    const stored = new Map<Kind, number>()
    const detail: string[] = []
    for (let round = 1; round <= ROUNDS; round++) {
      // Every other round in the reverse order: none is always the first after the backup.
      for (const kind of round % 2 ? kinds : [...kinds].reverse()) {
        const before = await idle()
        const step = await measure(kind.label, async () => stored.set(kind, await kind.upload(made.file)))
        runs.get(kind)?.push(step)
        detail.push(stepRow({ ...before, label: `round ${round}: idle store (2 s, after a full GC)` }, true))
        detail.push(stepRow({ ...step, label: `round ${round}: ${kind.label.replaceAll('**', '')}` }))
      }
    }

    log(
      `Backup: ${number(made.bytes)} bytes (${number(made.bytes / MB, 1)} MB); in the bucket: ` +
        kinds
          .slice(0, 3)
          .map((kind) => number(stored.get(kind) ?? 0))
          .join(', ') +
        ' bytes (plain, passphrase, identity).\n',
    )
    log(
      `Each upload ${ROUNDS} times, each time right after 2 s of the idle store; "RSS at start" is the ` +
        `idle store's RSS right before it, the baseline of "peak − idle". Total: the median of the ${ROUNDS}; ` +
        `RSS: the run that grew the most; event loop: the longest stall of the ${ROUNDS}.\n`,
    )
    log(HEADER.join('\n'))
    log(stepRow(firstIdle, true))
    log(stepRow(made.step))
    for (const kind of kinds) {
      const steps = runs.get(kind) ?? []
      const worst = steps.reduce((a, b) => (growthMb(b) > growthMb(a) ? b : a))
      log(
        row(
          kind.label,
          median(steps.map((step) => step.totalMs)),
          worst.startRss,
          worst.peakRss,
          signed(growthMb(worst)),
          Math.max(...steps.map((step) => step.eventLoopMaxMs)),
        ),
      )
    }
    log(`\nEvery run, in order:\n`)
    log(HEADER.join('\n'))
    for (const line of detail) log(line)

    const worstOf = (kind: Kind | undefined) =>
      Math.max(...(kind ? (runs.get(kind) ?? []) : []).map(growthMb))
    const [reference, store, identity] = [worstOf(kinds[0]), worstOf(kinds[1]), worstOf(kinds[2])]
    log(
      `\nbudget: peak RSS within ${BUDGET_MB} MB of the idle store's: ${store <= BUDGET_MB ? 'met' : 'NOT met'} ` +
        `(${signed(store)} MB at worst, the store's encrypted upload with a passphrase, ${number(projects)} ` +
        `projects; with an age identity ${signed(identity)} MB; the plain reference ${signed(reference)} MB)`,
    )
  } finally {
    await database.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

async function main() {
  await mkdir(WORK_DIR, { recursive: true })
  const s3Directory = await mkdtemp(path.join(WORK_DIR, 's3rver-'))
  const s3 = await startS3rver(s3Directory)
  const bucket = openBucket({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: BUCKET,
    prefix: PREFIX,
    credentials: S3RVER_KEYS,
    forcePathStyle: true,
    // s3rver is on loopback: the owner's own, as BACKUP_S3_ALLOW_PRIVATE=1 says.
    allowPrivateEndpoint: true,
    key: undefined,
    keep: { daily: 7, weekly: 4, monthly: 12 },
  })
  try {
    log('# Off-site backup upload (issue 42): `npm run bench:backup-upload`\n')
    log(
      `Node ${process.version}, ${process.env.BENCH_SIZES ? `BENCH_SIZES=${process.env.BENCH_SIZES}` : 'default sizes'}; ` +
        `parts of ${UPLOAD_PART_BYTES / MB} MB, one in flight; s3rver in its own process; ` +
        `full GC before each idle baseline: ${gc ? 'yes' : 'not available'}; ` +
        `peak RSS from the kernel (VmHWM reset before each step): ${resetPeakRss() ? 'yes' : 'no, 10 ms samples only'}.`,
    )
    const keys = {
      passphrase: backupKey(PASSPHRASE),
      identity: backupKey(await generateX25519Identity()),
    }
    for (const projects of SIZES) await benchSize(projects, bucket, keys)
  } finally {
    bucket.close()
    await s3.child.stop(5_000)
    await rm(s3Directory, { recursive: true, force: true })
  }
}

process.on('exit', killAllChildren)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    killAllChildren()
    process.exit(130)
  })

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exitCode = 1
})
