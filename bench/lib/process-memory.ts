import { readdirSync, readFileSync } from 'node:fs'

/** Resident memory of the server, in MB: now and the peak since it started (Linux `/proc`). */
export interface MemorySample {
  rssMb: number
  peakRssMb: number
  /** The processes counted (the server runs under tsx, whose launcher is left out). */
  pids: number[]
}

function parentOf(pid: number): number | null {
  try {
    // "pid (comm) state ppid …": the command may contain spaces and parentheses, so parse after the last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return Number(fields[1])
  } catch {
    return null
  }
}

function descendantsOf(root: number): number[] {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry)
    if (!Number.isInteger(pid)) continue
    const parent = parentOf(pid)
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), pid])
  }
  const found: number[] = []
  const pending = [...(children.get(root) ?? [])]
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    found.push(pid)
    pending.push(...(children.get(pid) ?? []))
  }
  return found
}

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return Number(match?.[1] ?? 0)
  } catch {
    return 0
  }
}

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
  } catch {
    return ''
  }
}

/**
 * The memory of the processes under `root` (tsx's launcher starts node as its child, and that child is
 * the server), or of `root` itself when it has none; tsx's esbuild service (a child of the server
 * process that compiles its TypeScript) is not the server's and is left out. Null without `/proc`.
 */
export function serverMemory(root: number | undefined): MemorySample | null {
  if (root === undefined) return null
  try {
    const descendants = descendantsOf(root).filter((pid) => commandOf(pid) !== 'esbuild')
    const pids = descendants.length > 0 ? descendants : [root]
    const sum = (field: 'VmRSS' | 'VmHWM') => pids.reduce((total, pid) => total + statusKb(pid, field), 0)
    const rssKb = sum('VmRSS')
    if (rssKb === 0) return null
    return { rssMb: Math.round(rssKb / 1024), peakRssMb: Math.round(sum('VmHWM') / 1024), pids }
  } catch {
    return null
  }
}

/** The memory of `root` and every process under it (a launcher and its helpers included). */
export function processTreeMemory(root: number | undefined): MemorySample | null {
  if (root === undefined) return null
  try {
    const pids = [root, ...descendantsOf(root)]
    const sum = (field: 'VmRSS' | 'VmHWM') => pids.reduce((total, pid) => total + statusKb(pid, field), 0)
    const rssKb = sum('VmRSS')
    if (rssKb === 0) return null
    return { rssMb: Math.round(rssKb / 1024), peakRssMb: Math.round(sum('VmHWM') / 1024), pids }
  } catch {
    return null
  }
}
