import { chmod, lstat, readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { isMissingFile } from '../lib/file-errors'

/** What the store itself writes in DATA_DIR; the owner's own files there are left as they are. */
const STORE_ENTRIES = ['pglite', 'pglite.lock', 'mail', 'admin', 'backups']

/**
 * Folders 0700, files and sockets 0600, from `entry` down. Symbolic links are neither followed nor
 * changed, and what belongs to another user is left alone. Entries that vanish meanwhile (the database
 * removes files while it runs) are skipped.
 */
export async function makePrivate(entry: string): Promise<void> {
  let stats
  try {
    stats = await lstat(entry)
  } catch (error) {
    if (isMissingFile(error)) return
    throw error
  }
  if (stats.isSymbolicLink() || (process.getuid && stats.uid !== process.getuid())) return
  const wanted = stats.isDirectory() ? 0o700 : 0o600
  try {
    if ((stats.mode & 0o7777) !== wanted) await chmod(entry, wanted)
    if (!stats.isDirectory()) return
    for (const name of await readdir(entry)) await makePrivate(path.join(entry, name))
  } catch (error) {
    if (!isMissingFile(error)) throw error
  }
}

/**
 * DATA_DIR holds password hashes (the database and its WAL), reset links (the mail outbox) and the
 * admin socket: only the store's user may read it (decision 022). Also repairs a DATA_DIR that an
 * earlier version left readable by everyone.
 */
export async function makeDataDirPrivate(dataDir: string): Promise<void> {
  let stats
  try {
    // DATA_DIR itself may be a link the owner made (to a volume, say); what lies in it is not followed.
    stats = await stat(dataDir)
  } catch (error) {
    if (isMissingFile(error)) return
    throw error
  }
  if (!stats.isDirectory() || (process.getuid && stats.uid !== process.getuid())) return
  if ((stats.mode & 0o7777) !== 0o700) await chmod(dataDir, 0o700)
  for (const name of STORE_ENTRIES) await makePrivate(path.join(dataDir, name))
}
