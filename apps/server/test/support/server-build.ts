import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** The newest modification time of the files under `folder` (0 when there is none). */
function newestIn(folder: string): number {
  let newest = 0
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs)
  }
  return newest
}

/**
 * `apps/server/dist` when it was built from the sources as they are (`npm test` builds it first, for
 * the end-to-end tests too), else null. Nothing rebuilds it while the tests run: `npm test` builds
 * before it starts them.
 */
export function currentServerBuild(): string | null {
  const dist = path.join(serverRoot, 'dist')
  let builtAt: number
  try {
    builtAt = statSync(path.join(dist, 'main.js')).mtimeMs
  } catch {
    return null
  }
  const sources = Math.max(
    newestIn(path.join(serverRoot, 'src')),
    newestIn(path.join(serverRoot, 'scripts')),
    newestIn(path.join(serverRoot, '../../packages/shared/src')),
  )
  return builtAt >= sources ? dist : null
}

/**
 * The server built once per test run and database kind (`npm run build -w @pg/server` into a folder of
 * its own inside apps/server, where the build finds the packages as dist/ does), for the tests that
 * start it as a process: `npm start` runs the build (decision 047), and a start takes about half as
 * long as one from the sources through tsx.
 */
export async function buildServerForTests(label: string): Promise<string> {
  const cache = path.join(serverRoot, 'node_modules/.cache')
  await mkdir(cache, { recursive: true })
  const outDir = path.join(cache, `server-build-${process.pid}-${label}`)
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--outDir', outDir], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '' },
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  if (code !== 0) throw new Error(`The server build failed:\n${output}`)
  return outDir
}

/** The node flags of `npm start`: apps/server/package.json's serve script, `node <flags> dist/main.js`. */
export function serveFlags(): string[] {
  const manifest = z
    .object({ scripts: z.object({ serve: z.string() }) })
    .parse(JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')))
  const words = manifest.scripts.serve.split(/\s+/)
  if (words[0] !== 'node' || words.at(-1) !== 'dist/main.js')
    throw new Error(`apps/server's serve script is not "node … dist/main.js": ${manifest.scripts.serve}`)
  return words.slice(1, -1)
}
