/**
 * `npm run admin` and `npm run seed`: the admin CLI and the catalogue generator run from the server's
 * build (`dist/cli.js`, `dist/seed.js`), as the server does (decision 059). The build is made first
 * when there is none or when a source file is newer than it (a checkout's `git pull`), so an owner
 * never runs yesterday's CLI against today's database.
 *
 *   node scripts/run-built.mjs <cli|seed> [arguments…]
 *
 * Plain JavaScript for Node: it needs neither tsx nor esbuild unless a build is due.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const [entry, ...args] = process.argv.slice(2)
if (entry !== 'cli' && entry !== 'seed') {
  console.error('usage: node scripts/run-built.mjs <cli|seed> [arguments…]')
  process.exit(2)
}
const built = path.join(serverDir, 'dist', `${entry}.js`)

/** The newest modification time of the files under `folder` (0 when it does not exist). */
function newest(folder) {
  let latest = 0
  let entries
  try {
    entries = readdirSync(folder, { recursive: true, withFileTypes: true })
  } catch {
    return 0
  }
  for (const file of entries) {
    if (file.isFile()) latest = Math.max(latest, statSync(path.join(file.parentPath, file.name)).mtimeMs)
  }
  return latest
}

function builtAt() {
  try {
    return statSync(built).mtimeMs
  } catch {
    return 0
  }
}

const sources = Math.max(
  newest(path.join(serverDir, 'src')),
  newest(path.join(serverDir, '../../packages/shared/src')),
)
if (builtAt() < sources) {
  console.error(
    builtAt() === 0 ? 'Building the server first…' : 'The sources changed: building the server first…',
  )
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: serverDir, stdio: ['ignore', 2, 2] })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
// INIT_CWD (npm's) stays as it is: the CLI reads relative file names from where the owner typed them.
const run = spawnSync(process.execPath, [built, ...args], { stdio: 'inherit' })
process.exit(run.status ?? (run.signal ? 1 : 0))
