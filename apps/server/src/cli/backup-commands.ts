import { mkdtemp, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '../platform/config'
import { openDatabase, openEmbeddedDatabase } from '../platform/db/client'
import { recordAuditEvent } from '../platform/audit/audit-log'
import { backUpEmbeddedDatabase } from '../operations/backups/embedded-backup'
import {
  openBackupAside,
  readBackupArchive,
  UnusableBackupError,
  type BackupSummary,
} from '../operations/backups/backup-contents'
import { backupsFolder, listLocalBackups, makePrivateFolder } from '../operations/backups/backup-files'
import { restoreEmbeddedDatabase } from '../operations/backups/embedded-restore'
import { backUpServerDatabase } from '../operations/offsite-backups/server-database-backup'
import {
  downloadRemoteBackup,
  RemoteBackupError,
  remoteSettingsProblem,
} from '../operations/offsite-backups/remote-download'
import { listRemoteBackups, openBucket } from '../operations/offsite-backups/bucket'
import { describeUploadFailure } from '../operations/offsite-backups/upload-failures'
import { withoutPassword } from '../operations/db-copy/copy-target'
import type { AdminContext } from './admin-context'
import { done, refused, type AdminRequest, type AdminResult } from './admin-request'
import { copyInto } from './copy-commands'
import { counted, formatTable } from './text-table'
import { unreadableReason } from '../platform/lib/file-errors'

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`

/** `db backup [--upload]`: run by whoever holds the database, the CLI or the running server. */
export async function runBackupCommand(
  context: AdminContext,
  request: Extract<AdminRequest, { command: 'db backup' }>,
): Promise<AdminResult> {
  const { database, dataDir, offsite } = context
  if (!dataDir) return refused('This process has no data folder to write a backup in.\n')
  if (request.upload) {
    if (!offsite?.configured)
      return refused(
        'Off-site backups are not configured: set BACKUP_S3_BUCKET, the other BACKUP_S3_* settings and ' +
          'BACKUP_PASSPHRASE (README: Off-site backups). Nothing was written.\n',
      )
    if (offsite.problem) return refused(`${offsite.problem.detail} Nothing was written.\n`)
    const { backup, upload } = await offsite.backUpNow({ source: 'cli' })
    const written = `Backup written to ${backup.file} (${megabytes(backup.bytes)}).\n`
    if (!upload) return refused(`${written}It cannot be uploaded (not a backup name the bucket takes).\n`)
    if (upload.uploaded)
      return {
        ...done(
          `${written}Uploaded, encrypted, to ${offsite.destination}: ${upload.name} (${megabytes(upload.bytes)}), complete in the bucket.\n`,
        ),
        backupFile: backup.file,
      }
    return {
      ...refused(
        `${written}Not uploaded: ${upload.failure.detail}\n` +
          (upload.nextAttemptAt
            ? `The running store tries again (next at ${upload.nextAttemptAt.toISOString()}), or run db backup --upload again.\n`
            : ''),
        '',
      ),
      backupFile: backup.file,
    }
  }
  const backup =
    database.kind === 'pglite'
      ? await backUpEmbeddedDatabase(database, dataDir, 'manual')
      : await backUpServerDatabase(database, dataDir, 'manual')
  return {
    ...done(`Backup written to ${backup.file} (${megabytes(backup.bytes)}).\n`),
    backupFile: backup.file,
  }
}

export const restoreNeedsStoppedStore = (holder: string) =>
  `${holder}\ndb restore replaces the whole database, so it runs with the store stopped: stop it ` +
  '(Ctrl-C, or SIGTERM), run db restore again, then start it. Nothing was changed.\n'

/** The restore in the restored database's own audit log: who brought it back and from where. */
async function auditRestore(config: Config, subject: string, summary: BackupSummary) {
  const database = await openDatabase(config)
  try {
    await database.migrate()
    await recordAuditEvent(
      database.db,
      { source: 'cli' },
      {
        action: 'backup.restore',
        subject,
        after: { projects: summary.projects, members: summary.members },
      },
    )
  } finally {
    await database.close()
  }
}

/**
 * A backup into an empty PostgreSQL database (DATABASE_URL): opened aside as the embedded database it
 * is, brought up to this version's schema, then copied with `db copy-to`'s machinery (every table's
 * rows and checksum compared). A database that holds anything is refused, so nothing is replaced.
 */
async function restoreIntoServerDatabase(
  config: Config,
  archive: Buffer,
  shown: string,
  note: (line: string) => void,
): Promise<AdminResult> {
  const url = config.databaseUrl ?? ''
  await makePrivateFolder(backupsFolder(config.dataDir))
  const folder = await mkdtemp(path.join(backupsFolder(config.dataDir), '.gallery-restore-'))
  try {
    const live = path.join(folder, 'pglite')
    const summary = await openBackupAside(live, archive)
    const source = await openEmbeddedDatabase({ dataDir: live })
    let result: AdminResult
    try {
      await source.migrate()
      result = await copyInto({
        source,
        sourceName: `the backup ${shown}`,
        target: url,
        note,
        secretUrls: [url],
      })
    } finally {
      await source.close()
    }
    if (result.exitCode !== 0) return result
    await auditRestore(config, `backups/${path.basename(shown)}`, summary)
    return done(
      `Restored ${shown} into ${withoutPassword(url)}: ${counted(summary.projects, 'project')}, ${counted(summary.members, 'member')}.\n` +
        'Start the store to use it.\n',
    )
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/** Restores a backup's bytes, on the embedded database or into an empty PostgreSQL one. */
async function restoreContent(
  config: Config,
  content: Buffer,
  shown: string,
  note: (line: string) => void,
): Promise<AdminResult> {
  try {
    const archive = await readBackupArchive(content)
    if (config.databaseUrl) return await restoreIntoServerDatabase(config, archive, shown, note)
    const outcome = await restoreEmbeddedDatabase(path.join(config.dataDir, 'pglite'), archive)
    if ('inUse' in outcome) return refused(restoreNeedsStoppedStore(outcome.inUse))
    const { projects, members } = outcome.restored
    await auditRestore(config, `backups/${path.basename(shown)}`, outcome.restored)
    return done(
      `Restored ${shown}: ${counted(projects, 'project')}, ${counted(members, 'member')}. ` +
        'Start the store to use it.\n' +
        (outcome.replaced ? `The data it replaced is kept in ${outcome.replaced}.\n` : ''),
    )
  } catch (error) {
    if (error instanceof UnusableBackupError)
      return refused(`${shown} cannot be restored: ${error.message}. Nothing was changed.\n`)
    throw error
  }
}

/**
 * `db restore FILE` and `db restore --remote NAME|--latest`: always run by the CLI itself (decision 018).
 * The backup is checked, then restored beside the current database, which is replaced only once the
 * restored one has opened and been checked; into PostgreSQL, only into an empty database.
 */
export async function runRestoreCommand(
  config: Config,
  request: Extract<AdminRequest, { command: 'db restore' }>,
  note: (line: string) => void,
): Promise<AdminResult> {
  if (request.file !== undefined) {
    let content: Buffer
    try {
      content = await readFile(request.file)
    } catch (error) {
      return refused(`Cannot read ${request.file}: ${unreadableReason(error)}. Nothing was changed.\n`)
    }
    return restoreContent(config, content, request.file, note)
  }
  let downloaded: Awaited<ReturnType<typeof downloadRemoteBackup>>
  try {
    note(
      `Downloading ${request.remote === 'latest' ? 'the newest backup' : request.remote} from the bucket…\n`,
    )
    downloaded = await downloadRemoteBackup({
      config: config.offsiteBackups,
      dataDir: config.dataDir,
      name: request.remote ?? 'latest',
    })
  } catch (error) {
    if (error instanceof RemoteBackupError) return refused(`${error.message} Nothing was changed.\n`)
    throw error
  }
  try {
    note(`Downloaded and decrypted ${downloaded.name} (${megabytes(downloaded.bytes)}); checking it…\n`)
    return await restoreContent(config, await readFile(downloaded.file), downloaded.name, note)
  } finally {
    await rm(downloaded.file, { force: true })
  }
}

/** `db backups list [--remote] [--json]`: run by the CLI itself (it reads files and the bucket). */
export async function runListBackupsCommand(
  config: Config,
  request: Extract<AdminRequest, { command: 'db backups list' }>,
): Promise<AdminResult> {
  let rows: { name: string; madeAt: string; bytes: number }[]
  let where: string
  if (request.remote) {
    const problem = remoteSettingsProblem(config.offsiteBackups)
    const settings = config.offsiteBackups
    if (!settings) return refused(`${problem ?? ''}\n`)
    const bucket = openBucket(settings)
    where = bucket.shown
    try {
      rows = (await listRemoteBackups(bucket)).map((backup) => ({
        name: backup.name,
        madeAt: backup.madeAt.toISOString(),
        bytes: backup.bytes,
      }))
    } catch (error) {
      return refused(`Cannot list ${where}: ${describeUploadFailure(error, where).detail}\n`)
    } finally {
      bucket.close()
    }
  } else {
    where = backupsFolder(config.dataDir)
    rows = await listLocalBackups(config.dataDir)
  }
  if (request.json) return done(`${JSON.stringify(rows, null, 2)}\n`)
  if (rows.length === 0) return done(`No backups in ${where}.\n`)
  return done(
    `${formatTable([
      ['name', 'made (UTC)', 'size'],
      ...rows.map((row) => [row.name, row.madeAt.slice(0, 19).replace('T', ' '), megabytes(row.bytes)]),
    ])}\n${rows.length} backup${rows.length === 1 ? '' : 's'} in ${where}, oldest first.\n`,
  )
}
