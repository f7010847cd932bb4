import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../../platform/db/client'
import { pauseForTests } from './pause-for-tests'
import {
  backupName,
  backupsFolder,
  fileSize,
  listBackups,
  makePrivateFolder,
  removeAbandonedTemporaryFiles,
  rotateBackups,
  temporaryPath,
  writeFileAtomically,
  writeTarball,
  type BackupKind,
} from './backup-files'
import { isMissingFile } from '../../platform/lib/file-errors'

/** How many daily backups the running server keeps. */
export const DAILY_BACKUPS_KEPT = 7

export interface Backup {
  file: string
  bytes: number
}

/** Copies a folder of the running database; a file PostgreSQL removed meanwhile is not needed. */
async function copyFolder(from: string, to: string, skip: (name: string) => boolean = () => false) {
  await mkdir(to, { mode: 0o700 })
  const entries = await readdir(from, { withFileTypes: true }).catch((error: unknown) => {
    if (isMissingFile(error)) return []
    throw error
  })
  for (const entry of entries) {
    if (skip(entry.name)) continue
    const source = path.join(from, entry.name)
    const target = path.join(to, entry.name)
    if (entry.isDirectory()) await copyFolder(source, target)
    else if (entry.isFile()) {
      await copyFile(source, target).catch((error: unknown) => {
        if (!isMissingFile(error)) throw error
      })
    }
  }
}

const WAL_SEGMENT = /^[0-9A-F]{24}$/

/**
 * PostgreSQL's own online backup of the running embedded database: `pg_backup_start`, a copy of its
 * files made while it keeps answering queries, `pg_backup_stop`, then the write-ahead log segments from
 * the backup's start to its end and the backup label. Opened, the copy replays that log and is the
 * database as it was at pg_backup_stop. PGlite is busy only for the checkpoint at the start (decision 018).
 */
async function copyRunningDatabase(database: DatabaseHandle, live: string, copy: string) {
  await database.rows(sql`SELECT pg_backup_start('projects-gallery', true)`)
  let stopped: Record<string, unknown> | undefined
  try {
    const notCopiedNow = new Set(['pg_wal', 'postmaster.pid', 'postmaster.opts', 'backup_label'])
    await copyFolder(live, copy, (name) => notCopiedNow.has(name))
    await pauseForTests('backup:copying')
  } finally {
    const rows = await database.rows(
      sql`SELECT labelfile, pg_walfile_name(lsn) AS last_segment FROM pg_backup_stop(false)`,
    )
    stopped = rows[0]
  }
  const label = String(stopped?.labelfile ?? '')
  const first = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(label)?.[1]
  const last = String(stopped?.last_segment ?? '')
  if (!first || !WAL_SEGMENT.test(last)) throw new Error('pg_backup_stop did not name the backup’s WAL')
  // Only the segments the backup needs: the others are old ones kept for reuse, full of stale log.
  const notNeeded = (name: string) => WAL_SEGMENT.test(name) && (name < first || name > last)
  await copyFolder(path.join(live, 'pg_wal'), path.join(copy, 'pg_wal'), notNeeded)
  await writeFile(path.join(copy, 'backup_label'), label, { mode: 0o600 })
}

/** One backup at a time in a process: a PostgreSQL online backup belongs to PGlite's single session. */
let previousBackup: Promise<unknown> = Promise.resolve()

/**
 * A backup of the embedded database (`DATA_DIR/pglite`, opened as `database`) as a gzipped tarball in
 * `DATA_DIR/backups`, written and compressed off the event loop; `db restore` and PGlite read it.
 */
export function backUpEmbeddedDatabase(
  database: DatabaseHandle,
  dataDir: string,
  kind: BackupKind,
  now = new Date(),
): Promise<Backup> {
  const run = previousBackup.then(async () => {
    const folder = backupsFolder(dataDir)
    await makePrivateFolder(folder)
    await removeAbandonedTemporaryFiles(folder)
    const copy = temporaryPath(folder, 'gallery-staging')
    try {
      await copyRunningDatabase(database, path.join(dataDir, 'pglite'), copy)
      const file = path.join(folder, backupName(kind, now))
      await writeFileAtomically(file, async (temporary) => {
        await writeTarball(copy, temporary)
        await pauseForTests('backup:written')
      })
      return { file, bytes: await fileSize(file) }
    } finally {
      await rm(copy, { recursive: true, force: true })
    }
  })
  previousBackup = run.catch(() => undefined)
  return run
}

/**
 * The daily backup: made when none of today's (UTC) exists, then only the newest seven are kept.
 * Returns the new backup, or null when today's was made already.
 */
export async function makeDailyBackup(
  database: DatabaseHandle,
  dataDir: string,
  now = new Date(),
): Promise<Backup | null> {
  const today = backupName('daily', now).slice(0, 'gallery-daily-YYYYMMDD'.length)
  const existing = await listBackups(backupsFolder(dataDir), 'daily')
  if (existing.some((name) => name.startsWith(today))) return null
  const backup = await backUpEmbeddedDatabase(database, dataDir, 'daily', now)
  await rotateBackups(backupsFolder(dataDir), 'daily', DAILY_BACKUPS_KEPT)
  return backup
}

/** The first look 10 minutes after start (not during it), then every hour; a backup once a day. */
const FIRST_CHECK_MS = 10 * 60_000
const CHECK_EVERY_MS = 60 * 60_000

/**
 * Runs the daily backup while the server runs; the timers never keep the process alive. Stopping waits
 * for a backup in progress, so the database is not closed under it.
 */
export function startDailyBackups(options: {
  /** Makes today's backup unless it exists (null then). */
  makeDailyBackup: () => Promise<Backup | null>
  onBackup: (backup: Backup, milliseconds: number) => void
  onError: (error: unknown) => void
}): () => Promise<void> {
  let running: Promise<void> | undefined
  const check = () => {
    if (running) return
    const started = performance.now()
    running = options
      .makeDailyBackup()
      .then((backup) => {
        if (backup) options.onBackup(backup, Math.round(performance.now() - started))
      })
      .catch(options.onError)
      .finally(() => (running = undefined))
  }
  let interval: NodeJS.Timeout | undefined
  const first = setTimeout(() => {
    check()
    interval = setInterval(check, CHECK_EVERY_MS)
    interval.unref()
  }, FIRST_CHECK_MS)
  first.unref()
  return async () => {
    clearTimeout(first)
    clearInterval(interval)
    await running
  }
}
