import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '../platform/config'
import { backUpEmbeddedDatabase } from '../operations/backups/embedded-backup'
import { readBackupArchive, UnusableBackupError } from '../operations/backups/backup-contents'
import { restoreEmbeddedDatabase } from '../operations/backups/embedded-restore'
import type { AdminContext } from './admin-context'
import { done, refused, type AdminResult } from './admin-request'
import { unreadableReason } from '../platform/lib/file-errors'

/** With DATABASE_URL the data lives on the PostgreSQL server, whose own tools back it up. */
export const POSTGRES_BACKUPS =
  'With DATABASE_URL the data lives on your PostgreSQL server: back it up with pg_dump ' +
  '(pg_dump --format=custom --file=gallery.dump "$DATABASE_URL") and restore it with pg_restore ' +
  '(pg_restore --clean --if-exists --dbname="$DATABASE_URL" gallery.dump).\n'

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`

/** `db backup`: run by whoever holds the embedded database, the CLI or the running server. */
export async function runBackupCommand({ database, dataDir }: AdminContext): Promise<AdminResult> {
  if (database.kind === 'postgres') return refused(POSTGRES_BACKUPS)
  if (!dataDir) return refused('This process has no data folder to write a backup in.\n')
  const backup = await backUpEmbeddedDatabase(database, dataDir, 'manual')
  return {
    ...done(`Backup written to ${backup.file} (${megabytes(backup.bytes)}).\n`),
    backupFile: backup.file,
  }
}

export const restoreNeedsStoppedStore = (holder: string) =>
  `${holder}\ndb restore replaces the whole database, so it runs with the store stopped: stop it ` +
  '(Ctrl-C, or SIGTERM), run db restore again, then start it. Nothing was changed.\n'

/**
 * `db restore FILE`: always run by the CLI itself (decision 018). The file is checked, then restored
 * beside the current database, which is replaced only once the restored one has opened and been checked.
 */
export async function restoreFromFile(config: Config, file: string): Promise<AdminResult> {
  if (config.databaseUrl) return refused(POSTGRES_BACKUPS)
  const live = path.join(config.dataDir, 'pglite')
  let content: Buffer
  try {
    content = await readFile(file)
  } catch (error) {
    return refused(`Cannot read ${file}: ${unreadableReason(error)}. Nothing was changed.\n`)
  }
  try {
    const archive = await readBackupArchive(content)
    const outcome = await restoreEmbeddedDatabase(live, archive)
    if ('inUse' in outcome) return refused(restoreNeedsStoppedStore(outcome.inUse))
    const { projects, members } = outcome.restored
    return done(
      `Restored ${file}: ${projects} project${projects === 1 ? '' : 's'}, ${members} member${members === 1 ? '' : 's'}. ` +
        'Start the store to use it.\n' +
        (outcome.replaced ? `The data it replaced is kept in ${outcome.replaced}.\n` : ''),
    )
  } catch (error) {
    if (error instanceof UnusableBackupError)
      return refused(`${file} cannot be restored: ${error.message}. Nothing was changed.\n`)
    throw error
  }
}
