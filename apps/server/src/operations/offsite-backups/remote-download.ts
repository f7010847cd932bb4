import { rm } from 'node:fs/promises'
import type { OffsiteBackupConfig } from '../../platform/config'
import {
  backupsFolder,
  makePrivateFolder,
  removeAbandonedTemporaryFiles,
  temporaryPath,
} from '../backups/backup-files'
import { backupKey, BackupKeyError } from './backup-key'
import { localName, parseRemoteName } from './backup-objects'
import { listRemoteBackups, openBucket } from './bucket'
import { downloadDecrypted, IncompleteBackupError } from './encrypted-transfer'
import { describeUploadFailure } from './upload-failures'

/** Why a backup cannot be brought back from the bucket, said to the owner as it is; nothing changed. */
export class RemoteBackupError extends Error {}

export interface DownloadedBackup {
  /** The decrypted backup, a temporary file in DATA_DIR/backups: the caller removes it. */
  file: string
  name: string
  bytes: number
}

/** Why off-site backups cannot be read with these settings, or null. */
export function remoteSettingsProblem(config: OffsiteBackupConfig | undefined): string | null {
  if (!config)
    return 'Off-site backups are not configured: set BACKUP_S3_BUCKET (and the other BACKUP_S3_* settings, README: Off-site backups).'
  if (!config.key)
    return 'BACKUP_PASSPHRASE is not set: the backups in the bucket are encrypted with it, and cannot be read without it.'
  return null
}

/**
 * Downloads a backup from the bucket (a name, or the newest) and decrypts it into a temporary file beside
 * the local backups. age authenticates every chunk and marks the last: a wrong key, a changed byte or an
 * object cut short is refused here, and the partial file removed.
 */
export async function downloadRemoteBackup(options: {
  config: OffsiteBackupConfig | undefined
  dataDir: string
  name: string | 'latest'
}): Promise<DownloadedBackup> {
  const problem = remoteSettingsProblem(options.config)
  if (problem || !options.config?.key) throw new RemoteBackupError(problem ?? '')
  const config = options.config
  const key = backupKey(config.key ?? '')
  if (key.kind === 'recipient')
    throw new RemoteBackupError(
      'BACKUP_PASSPHRASE holds an age recipient (age1…), which only encrypts: to restore, set it to the identity that goes with it (AGE-SECRET-KEY-1…).',
    )
  const bucket = openBucket(config)
  const where = `s3://${config.bucket}/${config.prefix}`
  try {
    let name = options.name
    try {
      const remote = await listRemoteBackups(bucket)
      if (name === 'latest') {
        const newest = remote.at(-1)
        if (!newest) throw new RemoteBackupError(`There is no backup of this store in ${where}.`)
        name = newest.name
      } else if (!remote.some((backup) => backup.name === name)) {
        const hint = parseRemoteName(name)
          ? ''
          : ' (names look like gallery-daily-20261128T101000000Z.tar.gz.age)'
        throw new RemoteBackupError(
          `There is no backup named ${name} in ${where}${hint}: db backups list --remote lists them.`,
        )
      }
    } catch (error) {
      if (error instanceof RemoteBackupError) throw error
      throw new RemoteBackupError(`Cannot list ${where}: ${describeUploadFailure(error, where).detail}`)
    }
    const folder = backupsFolder(options.dataDir)
    await makePrivateFolder(folder)
    await removeAbandonedTemporaryFiles(folder)
    const file = temporaryPath(folder, `download-${localName(name)}`)
    try {
      const bytes = await downloadDecrypted({ bucket, key, name, file })
      return { file, name, bytes }
    } catch (error) {
      await rm(file, { force: true })
      throw new RemoteBackupError(`${name} cannot be restored: ${decryptionReason(error, where)}`)
    }
  } finally {
    bucket.close()
  }
}

function decryptionReason(error: unknown, where: string): string {
  const message = error instanceof Error ? error.message : String(error)
  if (error instanceof BackupKeyError) return message
  if (error instanceof IncompleteBackupError)
    return `it is incomplete: it was cut short in the bucket or on the way (${message})`
  if (/no identity matched/i.test(message))
    return 'it was not encrypted with this BACKUP_PASSPHRASE (a wrong passphrase or key)'
  if (/scrypt work factor/i.test(message)) return 'its encryption header is not one the store wrote'
  if (/header|stanza|intro|MAC/i.test(message))
    return 'its encryption header is damaged, or it was not encrypted with this BACKUP_PASSPHRASE'
  if (/final|last chunk|truncat/i.test(message))
    return `it is incomplete: it was cut short in the bucket or on the way (${message})`
  if (/decrypt|tag|invalid|chunk/i.test(message))
    return `it was changed after the store wrote it: a byte differs, so it is not used (${message})`
  return describeUploadFailure(error, where).detail
}
