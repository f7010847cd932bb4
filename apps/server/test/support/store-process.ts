import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdir, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { inject } from 'vitest'
import { serveFlags } from './server-build'
import { copyFolder } from './template-database'

/** The real processes an owner runs: `npm start` and `npm run admin`, on the embedded database. */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
/** `npm start`'s node flags, read once per test file. */
const SERVE_FLAGS = serveFlags()

/**
 * A new DATA_DIR (in a new temporary folder named after `prefix`) holding a copy of the run's prepared
 * embedded store: migrated and empty, or with the demo catalogue (no member). For the process tests that
 * are not about a first start: PGlite's initdb and the migrations are done once per run, not per test.
 */
export async function preparedDataDir(kind: PreparedStore, prefix: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix))
  await prepareStoreIn(dataDir, kind)
  return dataDir
}

export type PreparedStore = 'empty' | 'demo'

/** Copies the run's prepared embedded database into `dataDir` (which must have none yet). */
export async function prepareStoreIn(dataDir: string, kind: PreparedStore): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  await copyFolder(path.join(inject('storeTemplates'), kind, 'pglite'), path.join(dataDir, 'pglite'))
}

/** Variables given to a process over the defaults below; `undefined` leaves a variable out. */
export type ProcessEnv = Record<string, string | undefined>

const environment = (dataDir: string, env: ProcessEnv): ProcessEnv => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DEMO: 'off',
  ...env,
})

export interface RunningStore {
  child: ChildProcessWithoutNullStreams
  url: string
  output: () => string
}

/**
 * `npm start` on a free loopback port unless `env` says otherwise; resolves once it is listening. It
 * runs the run's build of the server with the serve script's node flags, as `npm start` does.
 */
export function startStore(dataDir: string, env: ProcessEnv = {}): Promise<RunningStore> {
  const main = path.join(inject('serverBuild'), 'main.js')
  const child = spawn(process.execPath, [...SERVE_FLAGS, main], {
    cwd: serverRoot,
    env: environment(dataDir, { PORT: '0', HOST: '127.0.0.1', ...env }),
  })
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // A server that never started is not left holding the data folder.
      child.kill('SIGKILL')
      reject(new Error(`Server did not start:\n${output}`))
    }, 60_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /running on (http:\/\/localhost:\d+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve({ child, url: match[1], output: () => output })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Server exited with ${code}:\n${output}`))
    })
  })
}

export function stopStore(store: RunningStore): Promise<number | null> {
  return new Promise((resolve) => {
    store.child.on('exit', (code) => resolve(code))
    store.child.kill('SIGINT')
  })
}

export interface AdminResult {
  code: number | null
  out: string
  err: string
}

export interface AdminProcess {
  child: ChildProcessWithoutNullStreams
  /** What it has printed so far. */
  output: () => { out: string; err: string }
  exited: Promise<AdminResult>
}

/**
 * `npm run admin -- <argv>` with relative files in DATA_DIR unless `env` names another INIT_CWD: the run's
 * build of the admin CLI (`dist/cli.js`), as the owner's `npm run admin` runs it.
 */
export function startAdmin(dataDir: string, argv: string[], env: ProcessEnv = {}): AdminProcess {
  const cli = path.join(inject('serverBuild'), 'cli.js')
  const child = spawn(process.execPath, [cli, ...argv], {
    cwd: serverRoot,
    env: environment(dataDir, { INIT_CWD: dataDir, ...env }),
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const exited = new Promise<AdminResult>((resolve) =>
    child.on('exit', (code) => resolve({ code, out, err })),
  )
  return { child, output: () => ({ out, err }), exited }
}

export const runAdmin = (dataDir: string, argv: string[], env: ProcessEnv = {}): Promise<AdminResult> =>
  startAdmin(dataDir, argv, env).exited

export const THROUGH_SERVER = '(run by the server that has the embedded database open)'
