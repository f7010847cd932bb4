import { existsSync } from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'
import type { OffsiteBackupStatus } from '@pg/shared/offsite-backups'
import type { OffsiteBackupConfig } from '../../platform/config'
import type { DatabaseHandle } from '../../platform/db/client'
import { recordAuditEvent, type AuditActor } from '../../platform/audit/audit-log'
import { backupsFolder, listLocalBackups, rotateBackups } from '../backups/backup-files'
import { backUpEmbeddedDatabase, DAILY_BACKUPS_KEPT, type Backup } from '../backups/embedded-backup'
import { backupKey, type BackupKey } from './backup-key'
import { localName, outsideRetention, remoteName, type RemoteBackup } from './backup-objects'
import { createBackupUploadsRepository, type BackupUploadRow } from './backup-uploads-repository'
import { deleteRemoteBackup, listRemoteBackups, openBucket, type Bucket } from './bucket'
import { uploadEncrypted } from './encrypted-transfer'
import { backUpServerDatabase } from './server-database-backup'
import { describeUploadFailure, NO_KEY, type UploadFailure } from './upload-failures'

/** What the store says about its off-site backups in its log (the server's logger, the CLI's terminal). */
export interface OffsiteLog {
  info: (fields: Record<string, unknown>, message: string) => void
  warn: (fields: Record<string, unknown>, message: string) => void
}

export interface OffsiteBackupsOptions {
  config: OffsiteBackupConfig | undefined
  database: DatabaseHandle
  dataDir: string
  log?: OffsiteLog
  now?: () => Date
  /** The first retry's wait, doubled after each failure up to `retryMaxMs` (1 min and 1 h). */
  retryBaseMs?: number
  retryMaxMs?: number
}

export type UploadOutcome =
  | { uploaded: true; name: string; bytes: number }
  | { uploaded: false; name: string; failure: UploadFailure; nextAttemptAt: Date | null }

const silent: OffsiteLog = { info: () => undefined, warn: () => undefined }

/**
 * The store's off-site backups (issue 42, decision 074): each backup made (the daily one, the owner's) is
 * queued in `backup_uploads`, encrypted with the owner's key and uploaded to their bucket, retried with
 * backoff while it fails; after an upload the bucket's daily backups outside the retention are deleted.
 * Uploads run one at a time, off the requests' way (streams, libuv's threads).
 */
export function createOffsiteBackups(options: OffsiteBackupsOptions) {
  const { config, database, dataDir } = options
  const log = options.log ?? silent
  const now = options.now ?? (() => new Date())
  const retryBaseMs = options.retryBaseMs ?? 60_000
  const retryMaxMs = options.retryMaxMs ?? 3_600_000
  const uploads = createBackupUploadsRepository(database.db)
  /** Several instances on one PostgreSQL each upload the files in their own DATA_DIR. */
  const host = `${hostname()}:${path.resolve(dataDir)}`
  const key: BackupKey | undefined = config?.key ? backupKey(config.key) : undefined
  let bucket: Bucket | undefined
  const openedBucket = () => {
    if (!config) throw new Error('BACKUP_S3_BUCKET is not set')
    bucket ??= openBucket(config)
    return bucket
  }
  const where = config ? `s3://${config.bucket}/${config.prefix}` : ''
  const destination = config
    ? `${where} (${config.endpoint ? new URL(config.endpoint).host : 'AWS S3'})`
    : null

  let chain: Promise<unknown> = Promise.resolve()
  /** One upload (or backup) at a time in this process. */
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work)
    chain = run.catch(() => undefined)
    return run
  }
  let running = 0
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  const backoff = (attempts: number) => Math.min(retryMaxMs, retryBaseMs * 2 ** Math.max(0, attempts - 1))

  async function applyRetention(actor: AuditActor): Promise<void> {
    if (!config) return
    const target = openedBucket()
    const remote = await listRemoteBackups(target)
    for (const old of outsideRetention(remote, config.keep)) {
      await deleteRemoteBackup(target, old.name)
      await recordAuditEvent(database.db, actor, {
        action: 'backup.delete',
        subject: `backups/${old.name}`,
        before: { bytes: old.bytes, madeAt: old.madeAt.toISOString(), bucket: where },
        after: { reason: 'retention', keep: config.keep },
      })
      log.info({ name: old.name }, 'off-site backup deleted (retention)')
    }
  }

  /** One attempt at a queued backup's upload. */
  async function attempt(row: BackupUploadRow, actor: AuditActor): Promise<UploadOutcome> {
    const at = now()
    const fail = async (failure: UploadFailure, retry: boolean): Promise<UploadOutcome> => {
      const attempts = row.attempts + 1
      const next = retry ? new Date(at.getTime() + backoff(attempts)) : null
      await uploads.failed(row.name, failure, at, next)
      log.warn(
        { name: row.name, attempts, reason: failure.reason, nextAttemptAt: next?.toISOString() ?? null },
        `off-site backup not uploaded: ${failure.detail}`,
      )
      return { uploaded: false, name: row.name, failure, nextAttemptAt: next }
    }
    if (!key) return fail(NO_KEY, true)
    if (!existsSync(row.file))
      return fail(
        { reason: 'fileMissing', detail: `${row.file} is no longer on this machine: it cannot be uploaded.` },
        false,
      )
    let bytes: number
    try {
      bytes = await uploadEncrypted({ bucket: openedBucket(), key, file: row.file, name: row.name })
    } catch (error) {
      return fail(describeUploadFailure(error, where), true)
    }
    const uploadedAt = now()
    await uploads.uploaded(row.name, bytes, uploadedAt)
    await recordAuditEvent(database.db, actor, {
      action: 'backup.upload',
      subject: `backups/${row.name}`,
      after: { kind: row.kind, bytes, bucket: where, attempts: row.attempts + 1 },
    })
    log.info({ name: row.name, bytes, attempts: row.attempts + 1 }, 'backup uploaded off-site')
    await applyRetention(actor).catch((error: unknown) =>
      log.warn(
        { reason: describeUploadFailure(error, where).detail },
        'the retention of off-site backups failed',
      ),
    )
    return { uploaded: true, name: row.name, bytes }
  }

  /** Uploads every backup of this machine whose next attempt is due, then waits for the next one. */
  async function uploadDue(actor: AuditActor = { source: 'store' }): Promise<void> {
    await serially(async () => {
      for (const row of await uploads.due(host, now())) {
        if (stopped) return
        running++
        try {
          await attempt(row, actor)
        } finally {
          running--
        }
      }
    })
    await scheduleNext()
  }

  async function scheduleNext(): Promise<void> {
    if (stopped || !config) return
    clearTimeout(timer)
    const due = await uploads.nextDue(host)
    if (!due) return
    const wait = Math.max(0, Math.min(due.getTime() - now().getTime(), retryMaxMs))
    timer = setTimeout(
      () => void uploadDue().catch((error: unknown) => log.warn({ err: error }, 'off-site backups')),
      wait,
    )
    timer.unref()
  }

  /** Queues a backup written in DATA_DIR/backups for upload (the same one twice: once). */
  async function queue(backup: Backup, kind: 'daily' | 'manual', madeAt: Date): Promise<string | null> {
    const name = remoteName(path.basename(backup.file))
    if (!name) return null
    await uploads.add({ name, kind, file: backup.file, host, localBytes: backup.bytes, madeAt })
    return name
  }

  /** A backup of the store's database in DATA_DIR/backups, embedded or PostgreSQL. */
  function makeBackup(kind: 'daily' | 'manual', at: Date): Promise<Backup> {
    return database.kind === 'pglite'
      ? backUpEmbeddedDatabase(database, dataDir, kind, at)
      : backUpServerDatabase(database, dataDir, kind, at)
  }

  return {
    configured: config !== undefined,
    destination,
    /** Why no upload can run as configured: the key is missing. */
    problem: config && !key ? NO_KEY : null,
    keyKind: key?.kind,
    bucket: openedBucket,

    /** Resumes this machine's queued uploads (after a restart: the queue is the table). */
    start(): void {
      if (!config) return
      void uploadDue().catch((error: unknown) => log.warn({ err: error }, 'off-site backups'))
    },

    /** A backup the daily schedule wrote: queued and uploaded (retried until it is). */
    async afterBackup(backup: Backup, kind: 'daily' | 'manual', actor: AuditActor = { source: 'store' }) {
      if (!config) return
      await queue(backup, kind, now())
      void uploadDue(actor).catch((error: unknown) => log.warn({ err: error }, 'off-site backups'))
    },

    /**
     * A backup now and its upload, awaited: `db backup --upload` and the console's button. A failed upload
     * stays queued and is retried with backoff.
     */
    async backUpNow(actor: AuditActor): Promise<{ backup: Backup; upload: UploadOutcome | null }> {
      running++
      try {
        const at = now()
        const backup = await serially(() => makeBackup('manual', at))
        if (!config) return { backup, upload: null }
        const name = await queue(backup, 'manual', at)
        if (!name) return { backup, upload: null }
        const outcome = await serially(async () => {
          const row = await uploads.get(name)
          if (!row) throw new Error(`${name} is not queued`)
          return attempt(row, actor)
        })
        await scheduleNext()
        return { backup, upload: outcome }
      } finally {
        running--
      }
    },

    /** The daily backup of a PostgreSQL store (the embedded one has its own): made once a day. */
    async dailyServerBackup(): Promise<Backup | null> {
      const at = now()
      const today = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
      if (await uploads.dailySince(today)) return null
      const backup = await serially(() => backUpServerDatabase(database, dataDir, 'daily', at))
      await rotateBackups(backupsFolder(dataDir), 'daily', DAILY_BACKUPS_KEPT)
      await queue(backup, 'daily', at)
      void uploadDue().catch((error: unknown) => log.warn({ err: error }, 'off-site backups'))
      return backup
    },

    /** The bucket's backups of this store, oldest first. */
    listRemote: (): Promise<RemoteBackup[]> => listRemoteBackups(openedBucket()),

    async status(): Promise<OffsiteBackupStatus> {
      const local = await newestLocal(dataDir)
      const newest = await uploads.newest()
      const lastLocal =
        newest && (!local || newest.madeAt.getTime() > local.at.getTime())
          ? {
              name: newest.name.replace(/\.age$/, ''),
              at: newest.madeAt.toISOString(),
              bytes: newest.localBytes,
            }
          : local
            ? { name: local.name, at: local.at.toISOString(), bytes: local.bytes }
            : null
      const last = await uploads.lastUploaded()
      const failure = await uploads.lastFailure()
      const unresolved =
        failure && (!last || failure.madeAt.getTime() > last.madeAt.getTime()) ? failure : undefined
      return {
        configured: config !== undefined,
        destination,
        problem: config && !key ? 'noKey' : null,
        lastLocal,
        lastOffsite:
          last && last.uploadedAt
            ? {
                name: localName(last.name),
                at: last.madeAt.toISOString(),
                bytes: last.bytes ?? 0,
                uploadedAt: last.uploadedAt.toISOString(),
              }
            : null,
        pending: await uploads.pending(),
        lastError:
          unresolved && unresolved.lastAttemptAt
            ? {
                name: localName(unresolved.name),
                at: unresolved.lastAttemptAt.toISOString(),
                reason: (unresolved.lastReason ?? 'other') as NonNullable<
                  OffsiteBackupStatus['lastError']
                >['reason'],
                detail: unresolved.lastError ?? '',
                attempts: unresolved.attempts,
                nextAttemptAt:
                  unresolved.status === 'pending' ? unresolved.nextAttemptAt.toISOString() : null,
              }
            : null,
        running: running > 0,
      }
    },

    /** Stops the retries and waits for an upload under way. */
    async stop(): Promise<void> {
      stopped = true
      clearTimeout(timer)
      await chain
      bucket?.close()
    },
  }
}
export type OffsiteBackups = ReturnType<typeof createOffsiteBackups>

/** The newest backup in DATA_DIR/backups (daily or the owner's), with its size. */
async function newestLocal(dataDir: string): Promise<{ name: string; at: Date; bytes: number } | null> {
  const newest = (await listLocalBackups(dataDir))
    .filter((backup) => !backup.name.includes('before-restore'))
    .at(-1)
  return newest ? { name: newest.name, at: new Date(newest.madeAt), bytes: newest.bytes } : null
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The store's off-site backups (issue 42): the console's button and status, the daily upload. */
    offsiteBackups: OffsiteBackups
  }
}
