import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { errorCode } from '../lib/file-errors'

export class DatabaseInUseError extends Error {}

/**
 * Who holds the lock. A pid alone proves nothing after a crash: the pid is reused by whatever starts
 * next. With the boot id and the process's start time (Linux) the holder is this very process or none.
 */
interface LockOwner {
  pid: number
  boot?: string
  started?: string
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function startTimeOf(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`)
  // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ')
  return fields?.[22 - 3]
}

const bootId = () => readText('/proc/sys/kernel/random/boot_id')?.trim()

function ownIdentity(): LockOwner {
  const boot = bootId()
  const started = startTimeOf(process.pid)
  return { pid: process.pid, ...(boot && started ? { boot, started } : {}) }
}

function parseOwner(text: string): LockOwner | null {
  // Versions before decision 022 wrote the pid alone.
  if (/^\d+$/.test(text.trim())) return { pid: Number(text.trim()) }
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed !== 'object' || parsed === null || !('pid' in parsed)) return null
    const { pid } = parsed
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return null
    const boot = 'boot' in parsed && typeof parsed.boot === 'string' ? parsed.boot : undefined
    const started = 'started' in parsed && typeof parsed.started === 'string' ? parsed.started : undefined
    return { pid, ...(boot && started ? { boot, started } : {}) }
  } catch {
    return null
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return typeof error === 'object' && error !== null && 'code' in error && error.code === 'EPERM'
  }
}

/** Whether the process the lock names is still the one that wrote it (decision 022). */
function stillHolds(owner: LockOwner): boolean {
  if (owner.pid === process.pid || !isAlive(owner.pid)) return false
  const procfs = bootId() !== undefined
  if (!procfs) return true
  if (owner.boot && owner.started) {
    if (owner.boot !== bootId()) return false
    // A live process we may not look into (another user's, /proc mounted hidepid) is taken at its word.
    const started = startTimeOf(owner.pid)
    return started === undefined || started === owner.started
  }
  // A lock of an earlier version: only a Node.js process can be a store still running it.
  const program = readText(`/proc/${owner.pid}/cmdline`)?.split('\0')[0]
  return program === undefined || /^node/.test(path.basename(program))
}

/**
 * The embedded database may be opened by one process only: two writers would corrupt it. A lock file
 * names the owner; a lock left by a process that is gone (crashed, or its pid now someone else's) is
 * taken over.
 */
export function lockEmbeddedDatabase(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(ownIdentity()), { flag: 'wx', mode: 0o600 })
      return () => rmSync(file, { force: true })
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error
      const text = readText(file)
      // Removed meanwhile by the process that held it: try again.
      if (text === undefined) continue
      const owner = parseOwner(text)
      if (owner && stillHolds(owner)) {
        throw new DatabaseInUseError(
          `The embedded database in ${file.replace(/\.lock$/, '')} is in use by another process (pid ${owner.pid}). ` +
            'Stop it first, or give this one its own DATA_DIR, or use a PostgreSQL server (DATABASE_URL).',
        )
      }
      rmSync(file, { force: true })
    }
  }
  throw new DatabaseInUseError(`Could not lock ${file}`)
}
