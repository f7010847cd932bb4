import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { recordAnswer, startBareServer, type RecordedAnswer } from './bare-reference'
import { importCatalog, writeImportFile } from './catalog-import'
import { signIn } from './gallery-api'
import { runInstances } from './instances'
import { measure, startOpenLoad, type LoadSettings, type Measurement } from './load'
import { sizeLabel, type BenchOptions, type DatabaseKind } from './options'
import { benchDatabaseUrl, dropBenchDatabase, recreateBenchDatabase, vacuumAnalyze } from './postgres'
import { serverMemory } from './process-memory'
import type { CaseResult, ScenarioResult } from './report'
import {
  cachedScenarios,
  checkScenario,
  discoverFixtures,
  memberCollectionsScenario,
  variedSearchScenarios,
  CACHED_TARGET_KEYS,
  type Scenario,
} from './scenarios'
import { COLLECTION_MEMBERS, COLLECTIONS_PER_MEMBER, seedMemberCollections } from './member-collections-seed'
import { BENCH_MEMBER, REPO_ROOT, seedCatalog, startServer, type RunningServer, type Store } from './server'

export const WORK_DIR = path.join(REPO_ROOT, 'bench/.work')
/** 20 minutes per 100,000 projects, at least 20 minutes. */
const seedTimeoutMs = (size: number) => Math.max(20, Math.ceil(size / 100_000) * 20) * 60_000
/** Server lines kept per scenario in the results (the count of lines is what matters). */
const LOG_LINES_KEPT = 20

const seconds = (value: number) => `${value.toFixed(1)} s`
const round = (value: number, digits: number) => Number(value.toFixed(digits))

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

/** What one case needs to run its groups: the server, the session, and how to report. */
interface CaseContext {
  server: RunningServer
  cookie: string
  result: CaseResult
  options: BenchOptions
  log: (line: string) => void
  prefix: string
}

const describe = (run: Measurement) =>
  `${Math.round(run.requestsPerSecond)} req/s, p50 ${run.latencyP50Ms} ms, p99 ${run.latencyP99Ms} ms` +
  (run.non2xx || run.errors
    ? ` — ${run.non2xx} non-2xx ${JSON.stringify(run.statusCodes)}, ${run.errors} errors (${run.timeouts} timeouts)`
    : '')

function assertAlive({ server }: CaseContext, what: string): void {
  if (server.child.process.exitCode !== null || server.child.process.signalCode !== null) {
    throw new Error(`The server exited during ${what}:\n  ${server.child.recentOutput().join('\n  ')}`)
  }
}

/** Loads the server with one scenario and records it (the check must have been made). */
async function loadScenario(
  context: CaseContext,
  scenario: Scenario,
  check: ScenarioResult['check'],
  settings: LoadSettings,
  extra: Pick<ScenarioResult, 'bare'> = {},
): Promise<ScenarioResult> {
  const { server, cookie, log, prefix } = context
  server.child.takeNewLines()
  const run = await measure(server.baseUrl, scenario.nextPath ?? scenario.path, cookie, settings)
  const serverLog = server.child.takeNewLines()
  const ratio = extra.bare
    ? round(run.requestsPerSecond / Math.max(extra.bare.requestsPerSecond, 1), 3)
    : undefined
  log(
    `${prefix} ${scenario.label}${settings.connections === context.options.connections ? '' : `, ${settings.connections} connections`}: ` +
      describe(run) +
      (extra.bare
        ? ` — bare ${Math.round(extra.bare.requestsPerSecond)} req/s (p99 ${extra.bare.latencyP99Ms} ms), ratio ${ratio}`
        : '') +
      ` (${check.documents} documents, ${check.bytes} bytes)` +
      (serverLog.length ? ` — server printed ${serverLog.length} lines, first: ${serverLog[0]}` : ''),
  )
  assertAlive(context, `"${scenario.label}"`)
  return {
    key: scenario.key,
    label: scenario.label,
    path: scenario.path,
    check,
    ...run,
    serverLog: serverLog.slice(0, LOG_LINES_KEPT),
    ...extra,
    ...(ratio === undefined ? {} : { ratio }),
  }
}

/**
 * Target 1: each cached answer is recorded once (status, headers, body bytes) and replayed by a bare
 * Node `http` server; for each scenario the bare server is loaded right before the real one, with the
 * same settings, so both see the machine in the same state.
 */
async function runCached(context: CaseContext, scenarios: Scenario[], settings: LoadSettings): Promise<void> {
  const { server, cookie } = context
  const checks = new Map<Scenario, ScenarioResult['check']>()
  const answers: RecordedAnswer[] = []
  for (const scenario of scenarios) {
    checks.set(scenario, await checkScenario(server.baseUrl, cookie, scenario))
    answers.push(await recordAnswer(server.baseUrl, scenario.path, cookie))
  }
  const bare = await startBareServer(answers, WORK_DIR)
  try {
    for (const answer of answers) {
      // The point of the reference: the same status, headers and bytes as the real answer.
      const replayed = await recordAnswer(bare.baseUrl, answer.path, cookie)
      if (JSON.stringify(replayed) !== JSON.stringify(answer)) {
        throw new Error(`The bare server's answer differs from the server's for ${answer.path}`)
      }
    }
    for (const scenario of scenarios) {
      const check = checks.get(scenario)
      if (!check) continue
      const bareRun = await measure(bare.baseUrl, scenario.path, cookie, settings)
      if (bareRun.ok === 0) throw new Error(`The bare server did not answer "${scenario.label}"`)
      context.result.scenarios.push(await loadScenario(context, scenario, check, settings, { bare: bareRun }))
    }
  } finally {
    await bare.child.stop()
  }
}

/** Target 2: the varied searches; one the server refuses (Query.search before it exists) is "not available". */
async function runSearches(
  context: CaseContext,
  scenarios: Scenario[],
  settings: LoadSettings,
): Promise<Scenario[]> {
  const available: Scenario[] = []
  for (const scenario of scenarios) {
    let check: ScenarioResult['check']
    try {
      check = await checkScenario(context.server.baseUrl, context.cookie, scenario)
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 300) : String(error)
      context.result.unavailable.push({ key: scenario.key, label: scenario.label, reason })
      context.log(`${context.prefix} ${scenario.label}: not available (${reason})`)
      continue
    }
    available.push(scenario)
    if (context.options.groups.includes('search')) {
      context.result.scenarios.push(await loadScenario(context, scenario, check, settings))
    }
  }
  return available
}

/** Target 3: the members' list and each available search, with many connections for a long time. */
async function runStress(context: CaseContext, scenarios: Scenario[]): Promise<void> {
  const { options } = context
  const settings: LoadSettings = {
    connections: options.stressConnections,
    durationSeconds: options.stressDurationSeconds,
    warmupSeconds: options.warmupSeconds,
  }
  for (const scenario of scenarios) {
    const check = await checkScenario(context.server.baseUrl, context.cookie, scenario)
    const run = await loadScenario(context, scenario, check, settings)
    context.result.stress.push({
      ...run,
      label: `${scenario.key === 'firstPage' ? "members' list" : scenario.label}, ${settings.connections} connections`,
    })
  }
}

/**
 * Target 3: a catalogue import through the running server while members' requests run (the usual
 * connections, each request in turn a cached list answer or a new search), from its start to its end.
 */
async function runImport(context: CaseContext, store: Store, requests: () => string): Promise<void> {
  const { options, server, cookie, log, prefix } = context
  const file = writeImportFile(WORK_DIR, options.importProjects)
  try {
    log(
      `${prefix} importing ${options.importProjects.toLocaleString('en-US')} projects while ${options.connections} connections send requests…`,
    )
    server.child.takeNewLines()
    const load = startOpenLoad(server.baseUrl, requests, cookie, options.connections)
    const outcome = await importCatalog(store, file)
    const run = await load.stop()
    const serverLog = server.child.takeNewLines()
    context.result.import = {
      ...outcome,
      seconds: round(outcome.seconds, 1),
      projects: options.importProjects,
      load: run,
      serverLog: serverLog.slice(0, LOG_LINES_KEPT),
    }
    log(
      `${prefix} import ${outcome.exitCode === 0 ? 'done' : `FAILED (exit ${outcome.exitCode})`} in ${seconds(outcome.seconds)}: ` +
        `${outcome.output.slice(-2).join(' ')} — requests meanwhile: ${describe(run)}`,
    )
    assertAlive(context, 'the import')
  } finally {
    rmSync(file, { force: true })
  }
}

/** The signed-in member's id (`GET /v1/account`). */
async function memberId(server: RunningServer, cookie: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/v1/account`, { headers: { cookie } })
  const account: unknown = await response.json()
  const id = typeof account === 'object' && account !== null ? Reflect.get(account, '$id') : undefined
  if (typeof id !== 'string')
    throw new Error(`GET /v1/account answered HTTP ${response.status} without an id`)
  return id
}

/** Cycles through the given requests: the path of the next one on each call. */
function interleave(sources: (string | (() => string))[]): () => string {
  let next = 0
  return () => {
    const source = sources[next++ % sources.length] ?? ''
    return typeof source === 'string' ? source : source()
  }
}

/**
 * One database kind at one catalogue size: a fresh store, seeded with `size` projects by the catalogue
 * generator, the real server started on it (DEMO on, so it creates the bench member), one sign-in,
 * then the groups of the run: cached answers against the bare server, varied searches, and at the
 * target size the long runs and the import.
 */
export async function runCase(
  database: DatabaseKind,
  size: number,
  atTargetSize: boolean,
  options: BenchOptions,
  log: (line: string) => void,
): Promise<CaseResult> {
  const result: CaseResult = {
    database,
    projects: size,
    status: 'measured',
    scenarios: [],
    unavailable: [],
    stress: [],
    memory: {},
  }
  const prefix = `[${database} ${sizeLabel(size)}]`
  const settings: LoadSettings = {
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    warmupSeconds: options.warmupSeconds,
  }
  mkdirSync(WORK_DIR, { recursive: true })
  const { store, remove } = await prepareStore(database, size, options)
  if (!options.keep) pendingRemovals.add(remove)
  try {
    log(`${prefix} seeding ${size.toLocaleString('en-US')} projects…`)
    result.seedSeconds = Number((await seedCatalog(store, size, seedTimeoutMs(size))).toFixed(1))
    log(`${prefix} seeded in ${seconds(result.seedSeconds)}`)
    if ('databaseUrl' in store) {
      const autovacuum = await vacuumAnalyze(store.databaseUrl)
      result.maintenance = `VACUUM ANALYZE after seeding (autovacuum is ${autovacuum} on this server)`
      log(`${prefix} ${result.maintenance}`)
    }
    const withCollections = atTargetSize && options.groups.includes('collections')
    if (withCollections) {
      const took = await seedMemberCollections(store)
      log(
        `${prefix} seeded ${COLLECTION_MEMBERS.toLocaleString('en-US')} members with ${COLLECTIONS_PER_MEMBER} collections each in ${seconds(took)}`,
      )
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
      const context: CaseContext = { server, cookie, result, options, log, prefix }
      const cached = cachedScenarios(fixtures)
      if (options.groups.includes('cached')) await runCached(context, cached, settings)
      if (withCollections)
        await runCached(context, [memberCollectionsScenario(await memberId(server, cookie))], settings)
      const searches = await runSearches(context, variedSearchScenarios(), settings)
      const list = cached.find((scenario) => scenario.key === 'firstPage')
      if (atTargetSize && options.groups.includes('stress') && list)
        await runStress(context, [list, ...searches])
      const measuredMemory = serverMemory(server.child.process.pid)
      if (measuredMemory) result.memory.measured = measuredMemory
      log(
        `${prefix} server memory: ${measuredMemory ? `${measuredMemory.rssMb} MB now, ${measuredMemory.peakRssMb} MB at most` : 'not readable here'}`,
      )
      // Issue 14: several servers can share only a PostgreSQL database.
      if (atTargetSize && options.groups.includes('instances') && database === 'postgres' && list) {
        log(`${prefix} a second server on the same database: one server, then two at once…`)
        result.instances = await runInstances(server, store, cookie, [list, ...searches], settings, (line) =>
          log(`${prefix} ${line}`),
        )
        assertAlive(context, 'the two servers’ runs')
      }
      if (atTargetSize && options.groups.includes('import')) {
        const targetRequests = cached
          .filter((scenario) => CACHED_TARGET_KEYS.includes(scenario.key))
          .map((scenario) => scenario.path)
        const contains = searches.find((scenario) => scenario.key === 'searchVaried')?.nextPath
        await runImport(context, store, interleave([...targetRequests, ...(contains ? [contains] : [])]))
        const afterImport = serverMemory(server.child.process.pid)
        if (afterImport) result.memory.afterImport = afterImport
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
