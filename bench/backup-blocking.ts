/**
 * Backup blocking bench (issue 10, item 25): how long the running server's backup of the embedded
 * database stops everything else. `npm run bench:backup` (BENCH_SIZES=720,100000 by default).
 *
 * For each catalogue size, on a fresh embedded database in bench/.work/, in this process as the server
 * runs it: the longest event-loop stall (gaps of a 5 ms timer) and the longest wait of a `SELECT 1` sent
 * every 20 ms (PGlite answers nothing while it copies its files), during `db backup` and, as the
 * reference measured in the same run, during a JSON `catalog export` of the same catalogue (what the
 * owner already runs while the store serves), during PGlite's own dumpDataDir (the other way to copy
 * the database, which holds PGlite's query lock throughout) and while idle.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { backUpEmbeddedDatabase } from '../apps/server/src/operations/backups/embedded-backup'
import { createCatalogService } from '../apps/server/src/catalogue/editing/catalog-service'
import { createFileReader } from '../apps/server/src/uploaded-files/file-worker-client'
import { seedDemoCatalog } from '../apps/server/src/catalogue/demo/demo-seed'
import { openEmbeddedDatabase, type DatabaseHandle } from '../apps/server/src/platform/db/client'
import { REPO_ROOT } from './lib/server'

const SIZES = (process.env.BENCH_SIZES ?? '720,100000').split(',').map(Number)
const log = (line: string) => process.stdout.write(`${line}\n`)

interface Blocking {
  totalMs: number
  eventLoopMaxMs: number
  queryWaitMaxMs: number
}

async function measure(database: DatabaseHandle, work: () => Promise<unknown>): Promise<Blocking> {
  // The longest gap between ticks of a 5 ms timer, less the 5 ms: how long the event loop was busy.
  let eventLoopMaxMs = 0
  let lastTick = performance.now()
  const ticker = setInterval(() => {
    const now = performance.now()
    eventLoopMaxMs = Math.max(eventLoopMaxMs, now - lastTick - 5)
    lastTick = now
  }, 5)
  let queryWaitMaxMs = 0
  let done = false
  const probe = (async () => {
    while (!done) {
      const sent = performance.now()
      await database.rows(sql`SELECT 1`)
      queryWaitMaxMs = Math.max(queryWaitMaxMs, performance.now() - sent)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  const started = performance.now()
  await work()
  const totalMs = performance.now() - started
  done = true
  await probe
  clearInterval(ticker)
  return { totalMs, eventLoopMaxMs, queryWaitMaxMs }
}

const row = (label: string, { totalMs, eventLoopMaxMs, queryWaitMaxMs }: Blocking) =>
  `| ${label.padEnd(40)} | ${totalMs.toFixed(0).padStart(8)} | ${eventLoopMaxMs.toFixed(0).padStart(14)} | ${queryWaitMaxMs.toFixed(0).padStart(15)} |`

async function main() {
  await mkdir(path.join(REPO_ROOT, 'bench/.work'), { recursive: true })
  for (const projects of SIZES) {
    const dataDir = await mkdtemp(path.join(REPO_ROOT, 'bench/.work/backup-'))
    const database = await openEmbeddedDatabase({ dataDir: path.join(dataDir, 'pglite') })
    try {
      await database.migrate()
      const seeded = performance.now()
      await seedDemoCatalog(database, { projects })
      log(`\n${projects} projects (seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s)`)
      log(`| ${'while'.padEnd(40)} | total ms | event loop max | SELECT 1 wait max |`)
      log(`| ${'-'.repeat(40)} | -------: | -------------: | --------------: |`)
      log(row('idle (1 s)', await measure(database, () => new Promise((r) => setTimeout(r, 1000)))))
      const catalog = createCatalogService(database, createFileReader())
      log(row('catalog export (JSON), reference', await measure(database, () => catalog.export('json'))))
      log(
        row("PGlite's dumpDataDir('gzip'), reference", await measure(database, () => database.dumpDataDir())),
      )
      let bytes = 0
      const backup = await measure(database, async () => {
        bytes = (await backUpEmbeddedDatabase(database, dataDir, 'manual')).bytes
      })
      log(row(`db backup (${(bytes / 1_048_576).toFixed(1)} MB)`, backup))
    } finally {
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exitCode = 1
})
