/**
 * Start-up bench (issue 14, decision 047): the server from its sources with tsx (how `npm start` ran it
 * before) against the server from its build with node (how `npm start` runs it now), in the same run.
 * `npm run bench:startup` (BENCH_ROUNDS=5, BENCH_REQUESTS=1000, BENCH_RESULTS=bench/results/startup.json).
 *
 * On one embedded database with the demo catalogue (made first in bench/.work/ by a start with DEMO on),
 * each round starts the server in turn (the order reversed every other round) in three ways, all with
 * the node flags of apps/server/package.json's serve script: tsx compiling every file (its cache off: the
 * first start after an upgrade), tsx with its cache (a restart), and node on the build. It measures:
 *   - start-up: from spawning the process to the first 200 from GET /v1/health/version (polled every
 *     10 ms), what a load balancer waits for after a restart;
 *   - memory after start: resident memory once the server printed that it runs and was left 2 s idle;
 *   - memory after 1,000 requests: catalogue pages, categories, tags, title searches, single projects
 *     and the account, 10 at a time, with a member's session; the peak (VmHWM) since the start as well.
 * Memory is the server's process (tsx's launcher and its esbuild service left out, as bench:api counts it)
 * and all of the processes started (the launcher and the compiler included). The medians are printed.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { documentsPath, signIn, type Query } from './lib/gallery-api'
import { killAllChildren, startChild, type Child } from './lib/children'
import { processTreeMemory, serverMemory } from './lib/process-memory'
import { number, table } from './lib/report'
import { SEARCH_WORDS } from './lib/scenarios'
import {
  BENCH_MEMBER,
  buildServer,
  freePort,
  REPO_ROOT,
  serverCommand,
  serverEnvironment,
  startServer,
  type ServerRunner,
} from './lib/server'
import { median } from './lib/median'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000)
const RESULTS_FILE = path.resolve(
  process.env.BENCH_RESULTS ?? path.join(REPO_ROOT, 'bench/results/startup.json'),
)
const CONCURRENCY = 10
const START_TIMEOUT_MS = 120_000
const IDLE_BEFORE_SAMPLE_MS = 2_000
/**
 * How the server is started: tsx compiles each file once and keeps the result in its cache (in the
 * temporary folder), so a restart compiles nothing, but the first start after an upgrade (or on a
 * fresh machine, or with the cache in a service's private /tmp) compiles everything: both are measured.
 */
type Variant = 'sourcesCold' | 'sources' | 'build'
const VARIANTS: readonly Variant[] = ['sourcesCold', 'sources', 'build']
const SETUP: Record<Variant, { runner: ServerRunner; env: Record<string, string>; label: string }> = {
  sourcesCold: {
    runner: 'sources',
    env: { TSX_DISABLE_CACHE: '1' },
    label: 'tsx on the sources, compiling (first start)',
  },
  sources: { runner: 'sources', env: {}, label: "tsx on the sources, tsx's cache (restart)" },
  build: { runner: 'build', env: {}, label: 'node on the build (npm start)' },
}

const log = (line: string) => process.stdout.write(`${line}\n`)
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Round {
  startupMs: number
  /** The server's process. */
  rssAfterStartMb: number
  rssAfterRequestsMb: number
  peakRssMb: number
  /** Every process started: tsx's launcher and esbuild service included. */
  allRssAfterStartMb: number
  allRssAfterRequestsMb: number
  requestsPerSecond: number
}

/** The requests the 1,000 are made of, taken in turn: what the gallery's pages ask for. */
function requestPaths(): string[] {
  const page = (offset: number): Query[] => [
    { method: 'limit', values: [25] },
    { method: 'offset', values: [offset] },
  ]
  return [
    '/v1/health/version',
    '/v1/account',
    ...Array.from({ length: 20 }, (_, index) => documentsPath('projects', page(index * 25))),
    documentsPath('categories', [{ method: 'limit', values: [100] }]),
    documentsPath('tags', [{ method: 'limit', values: [100] }]),
    ...SEARCH_WORDS.slice(0, 20).map((word) =>
      documentsPath('projects', [{ method: 'contains', attribute: 'title', values: [word] }, ...page(0)]),
    ),
    ...Array.from(
      { length: 10 },
      (_, index) =>
        `/v1/databases/gallery/collections/projects/documents/demo-${String(index + 1).padStart(4, '0')}`,
    ),
  ]
}

async function sendRequests(baseUrl: string, cookie: string): Promise<number> {
  const paths = requestPaths()
  let next = 0
  const failures: string[] = []
  const started = performance.now()
  const worker = async () => {
    for (let index = next++; index < REQUESTS; index = next++) {
      const target = paths[index % paths.length] ?? '/'
      const response = await fetch(`${baseUrl}${target}`, { headers: { cookie } })
      await response.arrayBuffer()
      if (response.status !== 200) failures.push(`${response.status} ${target}`)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  if (failures.length > 0) throw new Error(`${failures.length} requests failed, such as ${failures[0]}`)
  return REQUESTS / ((performance.now() - started) / 1000)
}

/** Polls the health answer every 10 ms from the spawn; resolves with the milliseconds it took. */
async function untilHealthy(baseUrl: string, child: Child, spawned: number): Promise<number> {
  let exited = false
  void child.exited.then(() => (exited = true))
  while (performance.now() - spawned < START_TIMEOUT_MS) {
    if (exited) throw new Error(`The server exited:\n  ${child.recentOutput().join('\n  ')}`)
    try {
      const response = await fetch(`${baseUrl}/v1/health/version`, { signal: AbortSignal.timeout(1_000) })
      await response.arrayBuffer()
      if (response.status === 200) return performance.now() - spawned
    } catch {
      // Not listening yet.
    }
    await wait(10)
  }
  throw new Error(`No answer from /v1/health/version within ${START_TIMEOUT_MS / 1000} s`)
}

async function measureRound(variant: Variant, dataDir: string): Promise<Round> {
  const { runner, env: variantEnv } = SETUP[variant]
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const { command, args } = serverCommand(runner)
  const env = serverEnvironment({ dataDir }, { HOST: '127.0.0.1', PORT: String(port), ...variantEnv })
  const spawned = performance.now()
  const child = startChild(`server (${variant})`, command, args, {
    cwd: path.join(REPO_ROOT, 'apps/server'),
    env,
  })
  try {
    const startupMs = await untilHealthy(baseUrl, child, spawned)
    // The banner follows the first answer closely; it may be out already (nothing awaited in between).
    if (!child.recentOutput().some((line) => /is running on/.test(line)))
      await child.waitForLine(/is running on/, START_TIMEOUT_MS)
    child.takeNewLines() // The start-up warnings (no checkout address…) are this store's, not findings.
    await wait(IDLE_BEFORE_SAMPLE_MS)
    const pid = child.process.pid
    const afterStart = serverMemory(pid)
    const allAfterStart = processTreeMemory(pid)
    const cookie = await signIn(baseUrl, BENCH_MEMBER.email, BENCH_MEMBER.password)
    const requestsPerSecond = await sendRequests(baseUrl, cookie)
    const afterRequests = serverMemory(pid)
    const allAfterRequests = processTreeMemory(pid)
    if (!afterStart || !afterRequests || !allAfterStart || !allAfterRequests)
      throw new Error('No memory figures: this bench reads /proc (Linux)')
    const printed = child.takeNewLines()
    if (printed.length > 0) log(`  the server printed:\n    ${printed.join('\n    ')}`)
    return {
      startupMs,
      rssAfterStartMb: afterStart.rssMb,
      rssAfterRequestsMb: afterRequests.rssMb,
      peakRssMb: afterRequests.peakRssMb,
      allRssAfterStartMb: allAfterStart.rssMb,
      allRssAfterRequestsMb: allAfterRequests.rssMb,
      requestsPerSecond,
    }
  } finally {
    await child.stop()
  }
}

function medians(rounds: Round[]): Round {
  const of = (pick: (round: Round) => number) => median(rounds.map(pick))
  return {
    startupMs: Math.round(of((round) => round.startupMs)),
    rssAfterStartMb: of((round) => round.rssAfterStartMb),
    rssAfterRequestsMb: of((round) => round.rssAfterRequestsMb),
    peakRssMb: of((round) => round.peakRssMb),
    allRssAfterStartMb: of((round) => round.allRssAfterStartMb),
    allRssAfterRequestsMb: of((round) => round.allRssAfterRequestsMb),
    requestsPerSecond: Math.round(of((round) => round.requestsPerSecond)),
  }
}

async function main() {
  process.on('exit', killAllChildren)
  process.on('SIGINT', () => process.exit(130))
  process.on('SIGTERM', () => process.exit(143))
  await mkdir(path.join(REPO_ROOT, 'bench/.work'), { recursive: true })
  const workDir = await mkdtemp(path.join(REPO_ROOT, 'bench/.work/startup-'))
  const dataDir = path.join(workDir, 'data')
  try {
    const built = performance.now()
    await buildServer()
    log(`Built the server in ${((performance.now() - built) / 1000).toFixed(1)} s`)
    // The store every round starts on: the demo catalogue and the bench member, made by one start.
    const first = await startServer({ dataDir }, {}, 'build')
    await first.child.stop()
    log(`Store with the demo catalogue in ${dataDir}; ${ROUNDS} rounds of ${REQUESTS} requests`)

    const rounds: Record<Variant, Round[]> = { sourcesCold: [], sources: [], build: [] }
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? VARIANTS : [...VARIANTS].reverse()
      for (const variant of order) {
        const measured = await measureRound(variant, dataDir)
        rounds[variant].push(measured)
        log(
          `round ${round + 1} ${variant.padEnd(11)}: up in ${number(measured.startupMs)} ms, ` +
            `${measured.rssAfterStartMb} MB after start, ${measured.rssAfterRequestsMb} MB after the requests ` +
            `(all processes ${measured.allRssAfterStartMb} / ${measured.allRssAfterRequestsMb} MB)`,
        )
      }
    }

    const summary = {
      sourcesCold: medians(rounds.sourcesCold),
      sources: medians(rounds.sources),
      build: medians(rounds.build),
    }
    const header = [
      '',
      'start-up ms',
      'RSS after start MB',
      `RSS after ${REQUESTS} requests MB`,
      'peak RSS MB',
      'all processes after start / requests MB',
      'req/s',
    ]
    const rows = VARIANTS.map((variant) => {
      const figures = summary[variant]
      return [
        SETUP[variant].label,
        number(figures.startupMs),
        number(figures.rssAfterStartMb),
        number(figures.rssAfterRequestsMb),
        number(figures.peakRssMb),
        `${number(figures.allRssAfterStartMb)} / ${number(figures.allRssAfterRequestsMb)}`,
        number(figures.requestsPerSecond),
      ]
    })
    log(`\nMedians of ${ROUNDS} starts on the embedded database with the demo catalogue:\n`)
    log(table([header, ...rows], new Set([1, 2, 3, 4, 5, 6])))
    const change = (pick: (figures: Round) => number, from: Variant = 'sources') =>
      `${(((pick(summary.build) - pick(summary[from])) / pick(summary[from])) * 100).toFixed(0)} %`
    log(
      `\nnode on the build against tsx on the sources: start-up ${change((f) => f.startupMs)} ` +
        `(${change((f) => f.startupMs, 'sourcesCold')} against a first start), ` +
        `RSS after start ${change((f) => f.rssAfterStartMb)}, after the requests ${change((f) => f.rssAfterRequestsMb)}, ` +
        `all processes after start ${change((f) => f.allRssAfterStartMb)}`,
    )

    await mkdir(path.dirname(RESULTS_FILE), { recursive: true })
    await writeFile(
      RESULTS_FILE,
      `${JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          node: process.version,
          database: 'embedded (PGlite), demo catalogue of 720 projects',
          startsEach: ROUNDS,
          requests: REQUESTS,
          concurrency: CONCURRENCY,
          commands: Object.fromEntries(
            VARIANTS.map((variant) => {
              const { runner, env } = SETUP[variant]
              const { command, args } = serverCommand(runner)
              const variables = Object.entries(env).map(([name, value]) => `${name}=${value}`)
              return [variant, [...variables, path.basename(command), ...args].join(' ')]
            }),
          ),
          medians: summary,
          rounds,
        },
        null,
        2,
      )}\n`,
    )
    log(`\nWritten to ${path.relative(REPO_ROOT, RESULTS_FILE)}`)
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  killAllChildren()
  process.exit(1)
})
