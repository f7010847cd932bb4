import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void

let collect: Collect | null | undefined

/** V8's `gc`, taken from a context made after `--expose-gc` is set, so the server's globals keep none. */
function collector(): Collect | null {
  if (collect !== undefined) return collect
  try {
    setFlagsFromString('--expose-gc')
    const found: unknown = runInNewContext('gc')
    collect = typeof found === 'function' ? (found as Collect) : null
  } catch {
    collect = null
  }
  return collect
}

/**
 * Gives the memory of garbage back to the system (decision 034). Node 24's V8 keeps the pages of a heap
 * that shrank for reuse and returns them only on a last-resort collection: after loading the modules or
 * building the search index, 100–200 MB of them stayed resident for good. Called after such work, not
 * per request: it collects the whole heap at once (tens of milliseconds at 100,000 projects).
 */
export function releaseFreedMemory(): void {
  collector()?.({ type: 'major', execution: 'sync', flavor: 'last-resort' })
}
