import { rmSync } from 'node:fs'
import path from 'node:path'
import { signIn } from './gallery-api'
import { measure, type LoadSettings } from './load'
import { sizeLabel, type BenchOptions, type DatabaseKind } from './options'
import { benchDatabaseUrl, dropBenchDatabase, recreateBenchDatabase, vacuumAnalyze } from './postgres'
import type { CaseResult, ScenarioResult } from './report'
import { buildScenarios, checkScenario, discoverFixtures } from './scenarios'
import { BENCH_MEMBER, REPO_ROOT, seedCatalog, startServer, type Store } from './server'

export const WORK_DIR = path.join(REPO_ROOT, 'bench/.work')
const SEED_TIMEOUT_MS = 20 * 60_000
/** Server lines kept per scenario in the results (the count of lines is what matters). */
const LOG_LINES_KEPT = 20

const seconds = (value: number) => `${value.toFixed(1)} s`

/** Removals of the stores in use, so an interrupted run can still clean up after itself. */
const pendingRemovals = new Set<() => Promise<void>>()

export async function removeStoresInUse(): Promise<void> {
  await Promise.allSettled([...pendingRemovals].map((remove) => remove()))
  pendingRemovals.clear()
}

/** A store of the given kind, empty, and how to remove it afterwards. */
async function prepareStore(
  database: DatabaseKind,
  size: number,
  options: BenchOptions,
): Promise<{ store: Store; remove: () => Promise<void> }> {
  if (database === 'postgres') {
    await recreateBenchDatabase(options.adminUrl, size)
    return {
      store: { databaseUrl: benchDatabaseUrl(options.adminUrl, size) },
      remove: () => dropBenchDatabase(options.adminUrl, size),
    }
  }
  const dataDir = path.join(WORK_DIR, `pglite-${sizeLabel(size)}-${Date.now()}`)
  return {
    store: { dataDir },
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  }
}

/**
 * One database kind at one catalogue size: a fresh store, seeded with `size` projects by the catalogue
 * generator, the real server started on it (DEMO on, so it creates the bench member), one sign-in,
 * then every scenario under load.
 */
export async function runCase(
  database: DatabaseKind,
  size: number,
  options: BenchOptions,
  log: (line: string) => void,
): Promise<CaseResult> {
  const result: CaseResult = { database, projects: size, status: 'measured', scenarios: [] }
  const prefix = `[${database} ${sizeLabel(size)}]`
  const settings: LoadSettings = {
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    warmupSeconds: options.warmupSeconds,
  }
  const { store, remove } = await prepareStore(database, size, options)
  if (!options.keep) pendingRemovals.add(remove)
  try {
    log(`${prefix} seeding ${size.toLocaleString('en-US')} projects…`)
    result.seedSeconds = Number((await seedCatalog(store, size, SEED_TIMEOUT_MS)).toFixed(1))
    log(`${prefix} seeded in ${seconds(result.seedSeconds)}`)
    if ('databaseUrl' in store) {
      const autovacuum = await vacuumAnalyze(store.databaseUrl)
      result.maintenance = `VACUUM ANALYZE after seeding (autovacuum is ${autovacuum} on this server)`
      log(`${prefix} ${result.maintenance}`)
    }
    const server = await startServer(store)
    result.serverStartSeconds = Number(server.startSeconds.toFixed(1))
    try {
      const cookie = await signIn(server.baseUrl, BENCH_MEMBER.email, BENCH_MEMBER.password)
      const fixtures = await discoverFixtures(server.baseUrl, cookie)
      result.fixtures = fixtures
      log(
        `${prefix} server up in ${seconds(server.startSeconds)}, signed in; category ${fixtures.categoryId}, tag ${fixtures.tagId}`,
      )
      for (const scenario of buildScenarios(fixtures)) {
        const check = await checkScenario(server.baseUrl, cookie, scenario)
        server.child.takeNewLines()
        const measurement = await measure(
          `${server.baseUrl}${scenario.path}`,
          cookie,
          settings,
          scenario.paths,
        )
        const serverLog = server.child.takeNewLines()
        result.scenarios.push({
          key: scenario.key,
          label: scenario.label,
          path: scenario.path,
          check,
          ...measurement,
          serverLog: serverLog.slice(0, LOG_LINES_KEPT),
        } satisfies ScenarioResult)
        log(
          `${prefix} ${scenario.label}: ${Math.round(measurement.requestsPerSecond)} req/s, ` +
            `p50 ${measurement.latencyP50Ms} ms, p99 ${measurement.latencyP99Ms} ms` +
            ` (${check.documents} documents of ${check.total}, ${check.bytes} bytes)` +
            (measurement.non2xx || measurement.errors
              ? ` — ${measurement.non2xx} non-2xx ${JSON.stringify(measurement.statusCodes)}, ${measurement.errors} errors`
              : '') +
            (serverLog.length ? ` — server printed ${serverLog.length} lines, first: ${serverLog[0]}` : ''),
        )
        if (server.child.process.exitCode !== null || server.child.process.signalCode !== null) {
          throw new Error(
            `The server exited during "${scenario.label}":\n  ${server.child.recentOutput().join('\n  ')}`,
          )
        }
      }
    } finally {
      await server.child.stop()
    }
  } catch (error) {
    result.status = 'failed'
    result.reason = error instanceof Error ? error.message : String(error)
    log(`${prefix} FAILED: ${result.reason}`)
  } finally {
    if (options.keep) log(`${prefix} kept: ${'databaseUrl' in store ? store.databaseUrl : store.dataDir}`)
    else {
      pendingRemovals.delete(remove)
      await remove()
    }
  }
  return result
}
