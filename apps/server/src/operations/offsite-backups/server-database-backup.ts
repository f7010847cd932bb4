import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { openEmbeddedDatabase, type DatabaseHandle } from '../../platform/db/client'
import {
  backupName,
  backupsFolder,
  fileSize,
  makePrivateFolder,
  removeAbandonedTemporaryFiles,
  temporaryPath,
  writeFileAtomically,
  writeTarball,
  type BackupKind,
} from '../backups/backup-files'
import type { Backup } from '../backups/embedded-backup'
import { copyDatabase, sameRows } from '../db-copy/database-copy'

/**
 * A backup of a PostgreSQL store (DATABASE_URL) in the embedded backup's own format, with no pg_dump:
 * the database is copied, in one consistent snapshot, into a new embedded database beside the backups
 * (`db copy-to`'s machinery, decision 045), each table's rows and checksum compared, and that closed
 * database packed as a backup is. `db restore` restores it on either database (decision 074).
 */
export async function backUpServerDatabase(
  database: DatabaseHandle,
  dataDir: string,
  kind: Extract<BackupKind, 'daily' | 'manual'>,
  now = new Date(),
): Promise<Backup> {
  const folder = backupsFolder(dataDir)
  await makePrivateFolder(folder)
  await removeAbandonedTemporaryFiles(folder)
  const staging = temporaryPath(folder, 'gallery-staging-postgres')
  const live = path.join(staging, 'pglite')
  try {
    await mkdir(staging, { mode: 0o700 })
    const copy = await openEmbeddedDatabase({ dataDir: live })
    try {
      await copy.migrate()
      const reports = await copyDatabase({ source: database, target: copy })
      const differing = reports.filter((report) => !sameRows(report)).map((report) => report.table)
      if (differing.length > 0)
        throw new Error(`the copy differs from the database in ${differing.join(', ')}`)
    } finally {
      await copy.close()
    }
    const file = path.join(folder, backupName(kind, now))
    await writeFileAtomically(file, (temporary) => writeTarball(live, temporary))
    return { file, bytes: await fileSize(file) }
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}
