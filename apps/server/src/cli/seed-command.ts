import { parseArgs } from 'node:util'
import { loadConfig } from '../platform/config'
import { openDatabase } from '../platform/db/client'
import { DEFAULT_DEMO_PROJECTS, DEFAULT_DEMO_SEED } from '../catalogue/demo/demo-catalog'
import { seedDemoCatalog } from '../catalogue/demo/demo-seed'

/**
 * Loads a generated catalogue into the configured database (DATABASE_URL, else the embedded one in
 * DATA_DIR): `npm run seed -w @pg/server -- --projects 100000`. Upserts by id, so it can run twice.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      projects: { type: 'string', default: String(DEFAULT_DEMO_PROJECTS) },
      seed: { type: 'string', default: String(DEFAULT_DEMO_SEED) },
    },
  })
  const projects = Number.parseInt(values.projects, 10)
  const seed = Number.parseInt(values.seed, 10)
  if (!Number.isInteger(projects) || projects < 1 || projects > 1_000_000) {
    throw new Error('--projects must be a whole number between 1 and 1000000')
  }
  if (!Number.isInteger(seed)) throw new Error('--seed must be a whole number')
  const config = loadConfig()
  const database = await openDatabase(config)
  await database.migrate()
  const started = Date.now()
  const catalog = await seedDemoCatalog(database, { projects, seed })
  await database.close()
  process.stdout.write(
    `Seeded ${catalog.projects.length} projects in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  )
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
