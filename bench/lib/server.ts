import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startChild, type Child } from './children'

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const SERVER_DIR = path.join(REPO_ROOT, 'apps/server')
/**
 * The server the bench starts: this checkout's, or another's `apps/server` (`BENCH_SERVER_DIR`, built
 * there, with the same database schema) to compare two builds on the same machine in one session
 * (bench/compare-builds.sh interleaves them). The catalogue is always seeded by this checkout's generator.
 */
const SERVED_DIR = process.env.BENCH_SERVER_DIR ? path.resolve(process.env.BENCH_SERVER_DIR) : SERVER_DIR
const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx')

/**
 * How the bench runs the server: from its build with node, as `npm start` does (decision 047), or from
 * its sources with tsx, as `npm start` did before (bench:startup compares the two).
 */
export type ServerRunner = 'build' | 'sources'

/**
 * The node flags of `npm start`'s server: apps/server/package.json's serve script, `node <flags>
 * dist/main.js` (--max-semi-space-size, decisions 030 and 055; --heap-growing-percent, decision 053; --liftoff-only, decision 034), so the bench runs the
 * server as it, and the sources with the same flags.
 */
function serveFlags(): string[] {
  const manifest: unknown = JSON.parse(readFileSync(path.join(SERVED_DIR, 'package.json'), 'utf8'))
  const serve =
    typeof manifest === 'object' && manifest !== null && 'scripts' in manifest
      ? (manifest.scripts as Record<string, unknown>).serve
      : undefined
  const words = typeof serve === 'string' ? serve.split(/\s+/) : []
  if (words[0] !== 'node' || words.at(-1) !== 'dist/main.js')
    throw new Error(`apps/server's serve script is not "node … dist/main.js": ${String(serve)}`)
  return words.slice(1, -1)
}

/** The command that starts the server, run in apps/server. */
export function serverCommand(runner: ServerRunner): { command: string; args: string[] } {
  const flags = serveFlags()
  return runner === 'build'
    ? { command: process.execPath, args: [...flags, 'dist/main.js'] }
    : { command: TSX, args: [...flags, 'src/main.ts'] }
}

let serverBuild: Promise<void> | undefined

/** `npm run build -w @pg/server` once per bench run (about a second), as `npm start` does before starting. */
export function buildServer(): Promise<void> {
  serverBuild ??= (async () => {
    const child = startChild('server build', TSX, ['scripts/build.ts'], {
      cwd: SERVED_DIR,
      env: process.env,
    })
    const code = await child.exited
    await child.stop()
    if (code !== 0) throw new Error(`The server build failed:\n  ${child.recentOutput().join('\n  ')}`)
  })()
  return serverBuild
}

/** The demo member the server creates on an empty users table when DEMO is on. */
export const BENCH_MEMBER = { email: 'bench@example.com', password: 'bench-password-123' }

/** Where the server keeps its data: a PostgreSQL database or an embedded PGlite directory. */
export type Store = { databaseUrl: string } | { dataDir: string }

const SERVER_START_TIMEOUT_MS = 180_000

/** The server's environment: only what the bench sets, so a developer's DATABASE_URL or DEMO never leaks in. */
export function serverEnvironment(store: Store, extra: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'NODE_OPTIONS']
  const environment: NodeJS.ProcessEnv = {}
  for (const name of inherited) {
    const value = process.env[name]
    if (value !== undefined) environment[name] = value
  }
  if ('databaseUrl' in store) environment.DATABASE_URL = store.databaseUrl
  else environment.DATA_DIR = store.dataDir
  // Another checkout's server (BENCH_SERVER_DIR) serves this checkout's web build, as this one does.
  if (SERVED_DIR !== SERVER_DIR) environment.WEB_DIR = path.join(REPO_ROOT, 'apps/web/dist')
  return { ...environment, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...extra }
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      probe.close(() => (port ? resolve(port) : reject(new Error('No free port found'))))
    })
  })
}

/** Runs the catalogue generator (it migrates first and upserts by id); resolves with its duration in s. */
export async function seedCatalog(store: Store, projects: number, timeoutMs: number): Promise<number> {
  const started = performance.now()
  const child = startChild('seed command', TSX, ['src/cli/seed-command.ts', '--projects', String(projects)], {
    cwd: SERVER_DIR,
    env: serverEnvironment(store, {}),
  })
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    void child.stop(1_000)
  }, timeoutMs)
  const code = await child.exited
  clearTimeout(timer)
  await child.stop()
  if (code !== 0) {
    const why = timedOut ? `was stopped after ${timeoutMs / 1000} s` : `failed (exit code ${code})`
    throw new Error(`The seed command ${why}:\n  ${child.recentOutput().join('\n  ')}`)
  }
  return (performance.now() - started) / 1000
}

export interface RunningServer {
  baseUrl: string
  child: Child
  startSeconds: number
}

/**
 * Starts the real server on a free loopback port with DEMO on, so it creates the bench member on an
 * empty users table (and the 720-project demo catalogue on an empty catalogue). From its build unless
 * `runner` says otherwise; the build is made first, once per run.
 */
export async function startServer(
  store: Store,
  extraEnv: Record<string, string> = {},
  runner: ServerRunner = 'build',
): Promise<RunningServer> {
  if (runner === 'build') await buildServer()
  const port = await freePort()
  const { command, args } = serverCommand(runner)
  const started = performance.now()
  // As `npm start` runs it (apps/server/package.json; decisions 030 and 047).
  const child = startChild('server', command, args, {
    cwd: SERVED_DIR,
    env: serverEnvironment(store, {
      HOST: '127.0.0.1',
      PORT: String(port),
      DEMO: '1',
      DEMO_EMAIL: BENCH_MEMBER.email,
      DEMO_PASSWORD: BENCH_MEMBER.password,
      ...extraEnv,
    }),
  })
  try {
    await child.waitForLine(/is running on/, SERVER_START_TIMEOUT_MS)
  } catch (error) {
    await child.stop(1_000)
    throw error
  }
  child.takeNewLines() // The start-up banner and demo credentials are not findings.
  return { baseUrl: `http://127.0.0.1:${port}`, child, startSeconds: (performance.now() - started) / 1000 }
}
