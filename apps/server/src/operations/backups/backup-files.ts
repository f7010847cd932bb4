import { constants, createWriteStream } from 'node:fs'
import { chmod, copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { create as createTar } from 'tar'
import { isMissingFile } from '../../platform/lib/file-errors'

/** Where backups go: `DATA_DIR/backups`, private to the store's user like everything under DATA_DIR. */
export const backupsFolder = (dataDir: string) => path.join(dataDir, 'backups')

/**
 * `daily` ones are made by the running server and rotated; the owner's (`manual`) and the copy of the
 * data a restore replaced (`before-restore`) are never deleted.
 */
export type BackupKind = 'daily' | 'manual' | 'before-restore'

const BACKUP_NAME = /^gallery-(daily|manual|before-restore)-(\d{8}T\d{9}Z)\.tar\.gz$/
const TEMPORARY_NAME = /^\.gallery-.*\.(\d+)\.tmp$/

/** `gallery-daily-20261123T133700123Z.tar.gz`: sorts by time, and says when without opening it. */
export const backupName = (kind: BackupKind, at: Date) =>
  `gallery-${kind}-${at.toISOString().replace(/[-:.]/g, '')}.tar.gz`

/** The backups of a kind in the folder, oldest first. */
export async function listBackups(folder: string, kind: BackupKind): Promise<string[]> {
  const names = await readdir(folder).catch((error: unknown) => {
    if (isMissingFile(error)) return []
    throw error
  })
  return names.filter((name) => BACKUP_NAME.exec(name)?.[1] === kind).sort()
}

export async function makePrivateFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: 0o700 })
  await chmod(folder, 0o700)
}

/** Makes a rename or a new file in the folder survive a power cut. */
export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, constants.O_RDONLY | constants.O_DIRECTORY)
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** The temporary name of a file or folder this process is writing in `folder`. */
export const temporaryPath = (folder: string, name: string) =>
  path.join(folder, `.${name}.${process.pid}.tmp`)

/**
 * Writes through a temporary file that is synced, then renamed: a crash at any moment leaves the whole
 * file or none under its name (at most a `.….tmp` file, removed by the next backup).
 */
export async function writeFileAtomically(
  file: string,
  write: (temporary: string) => Promise<void>,
): Promise<void> {
  const folder = path.dirname(file)
  const temporary = temporaryPath(folder, path.basename(file))
  try {
    await write(temporary)
    await chmod(temporary, 0o600)
    const handle = await open(temporary, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
  await rename(temporary, file)
  await syncFolder(folder)
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM'
  }
}

/** Temporary files and folders of backups cut short by a crash (their process is gone). */
export async function removeAbandonedTemporaryFiles(folder: string): Promise<void> {
  for (const name of await readdir(folder)) {
    const pid = Number(TEMPORARY_NAME.exec(name)?.[1] ?? Number.NaN)
    if (Number.isInteger(pid) && pid !== process.pid && !isAlive(pid)) {
      await rm(path.join(folder, name), { recursive: true, force: true })
    }
  }
}

/** Keeps the newest `keep` backups of the kind, deletes the older ones; returns the deleted names. */
export async function rotateBackups(folder: string, kind: BackupKind, keep: number): Promise<string[]> {
  const names = await listBackups(folder, kind)
  const old = names.slice(0, Math.max(0, names.length - keep))
  for (const name of old) await rm(path.join(folder, name), { force: true })
  return old
}

export const fileSize = async (file: string) => (await stat(file)).size

/**
 * Moves a finished backup to where the owner asked, never over an existing file; across file systems
 * by a synced copy under a temporary name, so the target is whole or absent.
 */
export async function moveBackup(from: string, to: string): Promise<void> {
  if (
    await stat(to).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`${to} already exists`)
  await mkdir(path.dirname(to), { recursive: true, mode: 0o700 })
  try {
    await rename(from, to)
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EXDEV')) throw error
    await writeFileAtomically(to, (temporary) => copyFile(from, temporary))
    await rm(from)
  }
  await syncFolder(path.dirname(to))
}

/**
 * The folder's contents as a gzipped tarball: node-tar packs (read 1 MB at a time), Node's zlib compresses
 * on libuv's threads, so the event loop stays free for requests.
 */
export async function writeTarball(folder: string, file: string): Promise<void> {
  const pack = createTar({ portable: true, cwd: folder, maxReadSize: 1 << 20 }, await readdir(folder))
  await pipeline(pack, createGzip(), createWriteStream(file, { flags: 'wx', mode: 0o600 }))
}

/** When a backup was made, from its name (`gallery-daily-20261123T133700123Z.tar.gz`), or null. */
export function backupTime(name: string): Date | null {
  const match = /(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(BACKUP_NAME.exec(name)?.[2] ?? '')
  if (!match) return null
  const [year, month, day, hour, minute, second, millisecond] = match.slice(1).map(Number)
  const at = new Date(
    Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0, millisecond ?? 0),
  )
  return Number.isNaN(at.getTime()) ? null : at
}

/** Every backup in DATA_DIR/backups (daily, the owner's, before a restore), oldest first, with sizes. */
export async function listLocalBackups(
  dataDir: string,
): Promise<{ name: string; madeAt: string; bytes: number }[]> {
  const folder = backupsFolder(dataDir)
  const found: { name: string; madeAt: string; bytes: number }[] = []
  for (const kind of ['daily', 'manual', 'before-restore'] as const) {
    for (const name of await listBackups(folder, kind)) {
      const at = backupTime(name)
      const bytes = await fileSize(path.join(folder, name)).catch(() => null)
      if (at && bytes !== null) found.push({ name, madeAt: at.toISOString(), bytes })
    }
  }
  return found.sort((a, b) => a.madeAt.localeCompare(b.madeAt) || a.name.localeCompare(b.name))
}
