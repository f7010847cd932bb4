/**
 * Large bodies bench (issue 28, items 1 and 5; decision 056): what large request bodies cost the server
 * while others wait. `npm run bench:large-bodies` (about a minute).
 *
 * Starts the built server as `npm start` runs it (bench/lib/server.ts) on a fresh embedded database in
 * bench/.work/ (or the PostgreSQL database `gallery_bench_large_bodies` through BENCH_DATABASE_URL with
 * BENCH_DATABASES=postgres), with the demo catalogue and the bench member, gives that member the admin
 * label through the admin CLI and signs in. Then, one scenario after the other, while a probe asks
 * `GET /v1/health/version` every 20 ms and the server's resident memory is read from /proc every 20 ms:
 *
 * - a visitor (no session) sends 30 MB of `[{},{},…]` to `POST /v1/store/catalog/import`; then 4 at once;
 * - the admin's dry run of a 2 MB catalogue file of invalid entries (`[{},{},…]`);
 * - the admin's dry run, then import, of a valid file of 10,000 new projects (as `catalog export` writes it).
 *
 * For each: the answers' status, the time to the last answer, the answer's size, the probe's worst wait
 * (and its worst while idle just before, the reference) and how much the server's memory grew.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { startHealthProbe } from '../apps/server/test/support/health-probe'
import { writeImportFile } from './lib/catalog-import'
import { killAllChildren, startChild } from './lib/children'
import { signIn } from './lib/gallery-api'
import { benchDatabaseUrl, dropBenchDatabase, recreateBenchDatabase } from './lib/postgres'
import { serverMemory } from './lib/process-memory'
import { table } from './lib/report'
import {
  BENCH_MEMBER,
  REPO_ROOT,
  serverEnvironment,
  startServer,
  type RunningServer,
  type Store,
} from './lib/server'

const WORK_DIR = path.join(REPO_ROOT, 'bench/.work')
const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx')
const PROBE_EVERY_MS = 20
const IMPORT_ROUTE = '/v1/store/catalog/import'
const log = (line: string) => process.stdout.write(`${line}\n`)

const json = (value: unknown) => Buffer.from(JSON.stringify(value))

/** `[{},{},…]` of about `bytes` bytes. */
const emptyObjects = (bytes: number) => `[${'{},'.repeat(Math.floor(bytes / 3) - 1)}{}]`

interface Answer {
  status: number | string
  bytes: number
}

interface Outcome {
  answers: Answer[]
  seconds: number
  probeWorstMs: number
  idleProbeWorstMs: number
  memoryGrowthMb: number | null
}

async function post(baseUrl: string, body: Buffer, cookie?: string): Promise<Answer> {
  try {
    const response = await fetch(`${baseUrl}${IMPORT_ROUTE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body,
      signal: AbortSignal.timeout(600_000),
    })
    return { status: response.status, bytes: (await response.arrayBuffer()).byteLength }
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : ''
    return { status: `failed: ${error instanceof Error ? error.message : String(error)} ${cause}`, bytes: 0 }
  }
}

async function run(server: RunningServer, work: () => Promise<Answer[]>): Promise<Outcome> {
  const pid = server.child.process.pid
  // The probe runs in a process of its own: what this one does meanwhile (sending 30 MB) is not the
  // server's delay.
  const idle = await startHealthProbe(server.baseUrl)
  await sleep(1000)
  const idleProbeWorstMs = (await idle.stop()).worstMs
  const before = serverMemory(pid)?.rssMb ?? null
  let peak = before ?? 0
  const sampler = setInterval(() => (peak = Math.max(peak, serverMemory(pid)?.rssMb ?? 0)), PROBE_EVERY_MS)
  const probe = await startHealthProbe(server.baseUrl)
  const started = performance.now()
  const answers = await work()
  const seconds = (performance.now() - started) / 1000
  const probeWorstMs = (await probe.stop()).worstMs
  clearInterval(sampler)
  peak = Math.max(peak, serverMemory(pid)?.rssMb ?? 0)
  return {
    answers,
    seconds,
    probeWorstMs,
    idleProbeWorstMs,
    memoryGrowthMb: before === null ? null : peak - before,
  }
}

/** The bench member gets the admin label, through the running server (the admin CLI's socket). */
async function makeAdmin(store: Store): Promise<void> {
  const child = startChild(
    'users label add',
    TSX,
    ['src/cli/main.ts', 'users', 'label', 'add', BENCH_MEMBER.email, 'admin'],
    { cwd: path.join(REPO_ROOT, 'apps/server'), env: serverEnvironment(store, {}) },
  )
  const code = await child.exited
  await child.stop()
  if (code !== 0) throw new Error(`users label add failed:\n  ${child.recentOutput().join('\n  ')}`)
}

async function prepareStore(): Promise<{ store: Store; remove: () => Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL
  if (process.env.BENCH_DATABASES === 'postgres') {
    if (!adminUrl) throw new Error('BENCH_DATABASES=postgres needs BENCH_DATABASE_URL')
    await recreateBenchDatabase(adminUrl, 'large_bodies')
    return {
      store: { databaseUrl: benchDatabaseUrl(adminUrl, 'large_bodies') },
      remove: () => dropBenchDatabase(adminUrl, 'large_bodies'),
    }
  }
  const dataDir = path.join(WORK_DIR, `large-bodies-${Date.now()}`)
  return { store: { dataDir }, remove: async () => rmSync(dataDir, { recursive: true, force: true }) }
}

async function main() {
  mkdirSync(WORK_DIR, { recursive: true })
  const { store, remove } = await prepareStore()
  const server = await startServer(store)
  try {
    await makeAdmin(store)
    const cookie = await signIn(server.baseUrl, BENCH_MEMBER.email, BENCH_MEMBER.password)
    const visitorBody = Buffer.from(emptyObjects(30 * 1024 * 1024))
    const invalidFile = json({
      fileName: 'invalid.json',
      content: emptyObjects(2 * 1024 * 1024),
      dryRun: true,
    })
    const catalogFile = readFileSync(writeImportFile(WORK_DIR, 10_000), 'utf8')
    const checkFile = json({ fileName: 'catalog.json', content: catalogFile, dryRun: true })
    const applyFile = json({ fileName: 'catalog.json', content: catalogFile, dryRun: false })
    const scenarios: [string, () => Promise<Answer[]>][] = [
      ['visitor, 30 MB', async () => [await post(server.baseUrl, visitorBody)]],
      [
        '4 visitors at once, 30 MB each',
        () => Promise.all([1, 2, 3, 4].map(() => post(server.baseUrl, visitorBody))),
      ],
      [
        'admin, dry run of 2 MB of invalid entries',
        async () => [await post(server.baseUrl, invalidFile, cookie)],
      ],
      [
        `admin, dry run of 10,000 projects (${(catalogFile.length / 1_048_576).toFixed(1)} MB)`,
        async () => [await post(server.baseUrl, checkFile, cookie)],
      ],
      [
        'admin, import of the same 10,000 projects',
        async () => [await post(server.baseUrl, applyFile, cookie)],
      ],
    ]
    const rows: string[][] = [
      [
        'scenario',
        'answers',
        'answer time s',
        'answer bytes',
        'probe worst ms',
        'idle probe worst ms',
        'memory growth MB',
      ],
    ]
    for (const [name, work] of scenarios) {
      const outcome = await run(server, work)
      const statuses = [...new Set(outcome.answers.map((answer) => String(answer.status)))].join(', ')
      rows.push([
        name,
        statuses,
        outcome.seconds.toFixed(2),
        String(Math.max(...outcome.answers.map((answer) => answer.bytes))),
        outcome.probeWorstMs.toFixed(0),
        outcome.idleProbeWorstMs.toFixed(0),
        outcome.memoryGrowthMb === null ? '—' : String(outcome.memoryGrowthMb),
      ])
      log(`${name}: done in ${outcome.seconds.toFixed(2)} s`)
      for (const line of server.child.takeNewLines()) log(`  server: ${line.slice(0, 300)}`)
    }
    log('')
    log(table(rows, new Set([2, 3, 4, 5, 6])))
  } finally {
    await server.child.stop()
    await remove()
  }
}

process.on('exit', killAllChildren)
main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exitCode = 1
})
