import { existsSync } from 'node:fs'
import { chmod, mkdir, open, readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { DatabaseInUseError, lockEmbeddedDatabase } from '../../platform/db/embedded-lock'
import {
  backupName,
  backupsFolder,
  makePrivateFolder,
  syncFolder,
  writeFileAtomically,
  writeTarball,
} from './backup-files'
import { openBackupAside, type BackupSummary } from './backup-contents'
import { aside, finishInterruptedRestore } from '../../platform/db/interrupted-restore'
import { pauseForTests } from './pause-for-tests'

/** Every file of the folder private and on disk before the folder takes the live one's place. */
async function makePrivateAndSync(folder: string): Promise<void> {
  await chmod(folder, 0o700)
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name)
    if (entry.isDirectory()) await makePrivateAndSync(file)
    else if (entry.isFile()) {
      await chmod(file, 0o600)
      const handle = await open(file, 'r')
      await handle.sync()
      await handle.close()
    }
  }
  await syncFolder(folder)
}

export type RestoreOutcome = { restored: BackupSummary; replaced: string | undefined } | { inUse: string }

/**
 * The data a restore replaced, kept as a backup (`gallery-before-restore-….tar.gz`) so a restore can be
 * undone: the folder of a closed database, which opens like a backup.
 */
async function keepReplacedData(previous: string, dataDir: string): Promise<string> {
  const folder = backupsFolder(dataDir)
  await makePrivateFolder(folder)
  const file = path.join(folder, backupName('before-restore', new Date()))
  await writeFileAtomically(file, (temporary) => writeTarball(previous, temporary))
  return file
}

/**
 * Replaces the embedded database in `live` (`DATA_DIR/pglite`) with the one in a backup's archive,
 * already checked by `readBackupArchive`. Needs the database closed: `inUse` says who holds it.
 * Throws `UnusableBackupError` (nothing changed) when the database in the archive is not ours.
 */
export async function restoreEmbeddedDatabase(live: string, archive: Buffer): Promise<RestoreOutcome> {
  const dataDir = path.dirname(live)
  const { incoming, ready, previous } = aside(live)
  await makePrivateFolder(dataDir)
  let unlock: () => void
  try {
    unlock = lockEmbeddedDatabase(`${live}.lock`)
  } catch (error) {
    if (error instanceof DatabaseInUseError) return { inUse: error.message }
    throw error
  }
  try {
    finishInterruptedRestore(live)
    await mkdir(incoming, { mode: 0o700 })
    let summary: BackupSummary
    try {
      summary = await openBackupAside(incoming, archive)
      await pauseForTests('restore:extracted')
      await makePrivateAndSync(incoming)
    } catch (error) {
      await rm(incoming, { recursive: true, force: true })
      throw error
    }
    await rename(incoming, ready)
    await syncFolder(dataDir)
    if (existsSync(live)) {
      await rename(live, previous)
      await syncFolder(dataDir)
    }
    await pauseForTests('restore:old-moved-aside')
    await rename(ready, live)
    await syncFolder(dataDir)
    await pauseForTests('restore:new-in-place')
    const replaced = existsSync(path.join(previous, 'PG_VERSION'))
      ? await keepReplacedData(previous, dataDir)
      : undefined
    await rm(previous, { recursive: true, force: true })
    return { restored: summary, replaced }
  } finally {
    unlock()
  }
}
