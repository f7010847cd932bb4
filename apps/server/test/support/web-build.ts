import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
const webRoot = path.join(repo, 'apps/web')

/** The newest modification time of the files under `place` (a file or a folder; 0 when there is none). */
function newestIn(place: string): number {
  if (!existsSync(place)) return 0
  const stat = statSync(place)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(place, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs)
  return newest
}

/** `apps/web/dist` when it was built with its server entry from the sources as they are, else null. */
function currentWebBuild(): string | null {
  const dist = path.join(webRoot, 'dist')
  const entry = path.join(dist, '.server', 'entry-server.js')
  if (!existsSync(entry)) return null
  const sources = Math.max(
    ...['src', 'scripts', 'public', 'index.html', 'vite.config.ts'].map((name) =>
      newestIn(path.join(webRoot, name)),
    ),
    newestIn(path.join(repo, 'packages/shared/src')),
  )
  return statSync(entry).mtimeMs >= sources ? dist : null
}

/**
 * The real web build with its server entry (decision 073), for the tests that draw the storefront with
 * the app's own components: `apps/web/dist` when `npm run build` made it from the sources as they are
 * (as `npm test` does first), else a build of this test file's own in the server's cache folder (about
 * 15 s), which `remove` deletes.
 */
export async function realWebBuild(label: string): Promise<{ webDir: string; remove: () => Promise<void> }> {
  const current = currentWebBuild()
  if (current) return { webDir: current, remove: async () => undefined }
  const cache = path.join(repo, 'apps/server/node_modules/.cache')
  await mkdir(cache, { recursive: true })
  const outDir = path.join(cache, `web-build-${process.pid}-${label}`)
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--outDir', outDir], {
    cwd: webRoot,
    env: { PATH: process.env.PATH ?? '' },
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  if (code !== 0) throw new Error(`The web build failed:\n${output}`)
  return { webDir: outDir, remove: () => rm(outDir, { recursive: true, force: true }) }
}
