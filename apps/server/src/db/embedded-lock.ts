import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'

export class DatabaseInUseError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return typeof error === 'object' && error !== null && 'code' in error && error.code === 'EPERM'
  }
}

/**
 * The embedded database may be opened by one process only: two writers would corrupt it. A lock file
 * holding the owner's pid guards it; a lock left by a process that died is taken over.
 */
export function lockEmbeddedDatabase(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const descriptor = openSync(file, 'wx', 0o600)
      writeSync(descriptor, String(process.pid))
      closeSync(descriptor)
      return () => rmSync(file, { force: true })
    } catch (error) {
      if (!(typeof error === 'object' && error !== null && 'code' in error && error.code === 'EEXIST'))
        throw error
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10)
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseInUseError(
          `The embedded database in ${file.replace(/\.lock$/, '')} is in use by another process (pid ${owner}). ` +
            'Stop it first, or give this one its own DATA_DIR, or use a PostgreSQL server (DATABASE_URL).',
        )
      }
      rmSync(file, { force: true })
    }
  }
  throw new DatabaseInUseError(`Could not lock ${file}`)
}
