import { spawn, type ChildProcess } from 'node:child_process'

/**
 * Child processes (servers, seed runs) started by the bench. Each runs in its own process group so the
 * whole tree (tsx starts a second node process) is signalled by the group id, and every one still alive
 * is killed when the bench exits, however it exits.
 */
export interface Child {
  name: string
  process: ChildProcess
  /** The last lines printed (stdout and stderr), for error messages. */
  recentOutput: () => string[]
  /** Lines printed since the last call; the server logs at `warn`, so any line is worth reporting. */
  takeNewLines: () => string[]
  waitForLine: (pattern: RegExp, timeoutMs: number) => Promise<void>
  exited: Promise<number | null>
  stop: (graceMs?: number) => Promise<void>
}

const running = new Set<Child>()
const RECENT_LINES = 40

function signalGroup(child: ChildProcess, signal: NodeJS.Signals, evenIfExited = false): void {
  if (child.pid === undefined) return
  if (!evenIfExited && (child.exitCode !== null || child.signalCode !== null)) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    // Already gone.
  }
}

export function startChild(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Child {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const recent: string[] = []
  let fresh: string[] = []
  const listeners = new Set<(line: string) => void>()
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue
      recent.push(line)
      if (recent.length > RECENT_LINES) recent.shift()
      fresh.push(line)
      if (fresh.length > 1000) fresh.shift()
      for (const listener of listeners) listener(line)
    }
  }
  child.stdout?.on('data', onData)
  child.stderr?.on('data', onData)
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => resolve(code))
    child.on('error', () => resolve(null))
  })

  const handle: Child = {
    name,
    process: child,
    exited,
    recentOutput: () => [...recent],
    takeNewLines: () => {
      const lines = fresh
      fresh = []
      return lines
    },
    waitForLine: (pattern, timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          clearTimeout(timer)
          listeners.delete(listener)
          if (error) reject(error)
          else resolve()
        }
        const failure = (reason: string) =>
          new Error(`${name} ${reason}. Last output:\n  ${recent.join('\n  ') || '(none)'}`)
        const listener = (line: string) => {
          if (pattern.test(line)) done()
        }
        const timer = setTimeout(
          () => done(failure(`printed no "${pattern.source}" within ${timeoutMs} ms`)),
          timeoutMs,
        )
        listeners.add(listener)
        void exited.then((code) => done(failure(`exited (code ${code}) before printing "${pattern.source}"`)))
      }),
    stop: async (graceMs = 10_000) => {
      signalGroup(child, 'SIGTERM')
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs)
      await exited
      clearTimeout(timer)
      // The group may outlive its leader (tsx's own child): make sure nothing is left.
      signalGroup(child, 'SIGKILL', true)
      running.delete(handle)
    },
  }
  running.add(handle)
  void exited.then(() => running.delete(handle))
  return handle
}

/** Synchronous, for exit handlers: kills every child process group still running. */
export function killAllChildren(): void {
  for (const child of running) {
    if (child.process.pid === undefined) continue
    try {
      process.kill(-child.process.pid, 'SIGKILL')
    } catch {
      // Already gone.
    }
  }
  running.clear()
}
