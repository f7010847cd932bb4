import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The real processes an owner runs: `npm start` and `npm run admin`, on the embedded database. */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const environment = (dataDir: string, env: Record<string, string>) => ({
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

export function startStore(dataDir: string, env: Record<string, string> = {}): Promise<RunningStore> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...environment(dataDir, env), PORT: '0', HOST: '127.0.0.1' },
  })
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${output}`)), 60_000)
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

export function runAdmin(
  dataDir: string,
  argv: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...argv], {
    cwd: serverRoot,
    env: { ...environment(dataDir, env), INIT_CWD: dataDir },
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })))
}

export const THROUGH_SERVER = '(run by the server that has the embedded database open)'
