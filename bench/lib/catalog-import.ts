import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { DEFAULT_DEMO_SEED, generateDemoCatalog } from '../../apps/server/src/catalogue/demo/demo-catalog'
import { startChild } from './children'
import { REPO_ROOT, serverEnvironment, type Store } from './server'

const SERVER_DIR = path.join(REPO_ROOT, 'apps/server')
const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx')
const IMPORT_TIMEOUT_MS = 15 * 60_000

/**
 * A catalogue file (JSON, as `catalog export` writes it) of `projects` new projects: the generator's
 * projects under ids the seeded catalogue does not have, in its categories and tags.
 */
export function writeImportFile(directory: string, projects: number): string {
  const catalog = generateDemoCatalog({ projects, seed: DEFAULT_DEMO_SEED + 1 })
  const file = path.join(directory, `import-${projects}-${Date.now()}.json`)
  writeFileSync(
    file,
    JSON.stringify({
      categories: catalog.categories,
      tags: catalog.tags,
      projects: catalog.projects.map((project, index) => ({
        ...project,
        id: `bench-import-${String(index + 1).padStart(7, '0')}`,
      })),
    }),
  )
  return file
}

export interface ImportOutcome {
  seconds: number
  exitCode: number | null
  /** What the admin CLI printed (its summary, or why it failed). */
  output: string[]
}

/**
 * `npm run admin -- catalog import <file>` as the owner runs it next to the running server: on the
 * embedded database the CLI finds it held by the server and sends the import through the admin socket;
 * on PostgreSQL it imports on the database directly.
 */
export async function importCatalog(store: Store, file: string): Promise<ImportOutcome> {
  const started = performance.now()
  const child = startChild('catalog import', TSX, ['src/cli/main.ts', 'catalog', 'import', file], {
    cwd: SERVER_DIR,
    env: serverEnvironment(store, {}),
  })
  const timer = setTimeout(() => void child.stop(1_000), IMPORT_TIMEOUT_MS)
  const exitCode = await child.exited
  clearTimeout(timer)
  await child.stop()
  return { seconds: (performance.now() - started) / 1000, exitCode, output: child.recentOutput() }
}
