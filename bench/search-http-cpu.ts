/**
 * `npm run bench:search-http -- <commit>`: bench:api's varied `Query.search` over HTTP, this checkout's
 * server against another commit's, with the server's own CPU time per request beside the requests per
 * second. On this 2-core machine the load generator shares the cores with the server, and bench:api's
 * requests per second drift by ±25 % between runs of the same build; the server's CPU per request
 * (every thread of the process, read from /proc around the measured window) is the steadier figure.
 * One embedded store of BENCH_PROJECTS (100,000) generated projects is seeded once and copied for each
 * run; the builds take turns (old, new, new, old, …) over BENCH_COMPARE_ROUNDS (3) rounds, each a
 * 2 s warm-up and BENCH_DURATION (6) s at 50 connections after the first page answered.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { requireDocuments, signIn } from './lib/gallery-api'
import { measure } from './lib/load'
import { otherCheckout, COMPARE_WORK } from './lib/other-checkout'
import { variedSearchScenarios } from './lib/scenarios'
import { BENCH_MEMBER, REPO_ROOT, seedCatalog, startServer } from './lib/server'
import { spawnSync } from 'node:child_process'
import { median } from './lib/median'

const commit = process.argv[2]
const rounds = Number(process.env.BENCH_COMPARE_ROUNDS ?? 3)
const projects = Number(process.env.BENCH_PROJECTS ?? 100_000)
const duration = Number(process.env.BENCH_DURATION ?? 6)

/** CPU milliseconds of every thread of a process so far (utime + stime, in 10 ms ticks). */
function processCpuMs(pid: number): number {
  let ticks = 0
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    ticks += Number(fields[11]) + Number(fields[12])
  }
  return ticks * 10
}

// One run: a child of its own, since the server's folder is read when bench/lib/server.ts loads.
if (process.env.SEARCH_HTTP_RUN) {
  const server = await startServer({ dataDir: process.env.SEARCH_HTTP_RUN })
  const pid = server.child.process.pid ?? 0
  const cookie = await signIn(server.baseUrl, BENCH_MEMBER.email, BENCH_MEMBER.password)
  const search = variedSearchScenarios().find((one) => one.key === 'searchQueryVaried')
  if (!search?.nextPath) throw new Error('bench:api has no varied Query.search scenario')
  await requireDocuments(server.baseUrl, cookie, search.path)
  const load = { connections: 50, warmupSeconds: 0 }
  await measure(server.baseUrl, search.nextPath, cookie, { ...load, durationSeconds: 2 })
  const before = processCpuMs(pid)
  const measured = await measure(server.baseUrl, search.nextPath, cookie, {
    ...load,
    durationSeconds: duration,
  })
  const cpuMs = processCpuMs(pid) - before
  await server.child.stop(5_000)
  process.stdout.write(
    `${JSON.stringify({ requestsPerSecond: measured.requestsPerSecond, cpuMicroseconds: (cpuMs * 1000) / measured.requests })}\n`,
  )
  process.exit(0)
}

if (!commit) {
  console.error('usage: npm run bench:search-http -- <commit to compare with>')
  process.exit(2)
}
const { sha, dir } = otherCheckout(commit)
const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx')
const build = (cwd: string) => {
  const built = spawnSync(tsx, ['scripts/build.ts'], { cwd, stdio: 'inherit' })
  if (built.status !== 0) throw new Error(`The server build failed in ${cwd}`)
}
build(path.join(dir, 'apps/server'))
build(path.join(REPO_ROOT, 'apps/server'))

const work = path.join(COMPARE_WORK, 'search-http')
rmSync(work, { recursive: true, force: true })
mkdirSync(work, { recursive: true })
const seeded = path.join(work, 'seeded')
console.log(`seeding ${projects} projects…`)
await seedCatalog({ dataDir: seeded }, projects, 30 * 60_000)

const builds = [
  { name: `old (${sha})`, env: { BENCH_SERVER_DIR: path.join(dir, 'apps/server') } },
  { name: 'new (this checkout)', env: {} },
]
const figures = new Map(
  builds.map((one) => [one.name, [] as { requestsPerSecond: number; cpuMicroseconds: number }[]]),
)
for (let round = 0; round < rounds; round++) {
  for (const one of round % 2 === 0 ? builds : [...builds].reverse()) {
    const store = path.join(work, `run-${round}-${one.name.split(' ')[0]}`)
    cpSync(seeded, store, { recursive: true })
    const child = spawnSync(tsx, [path.join(REPO_ROOT, 'bench/search-http-cpu.ts')], {
      env: { ...process.env, ...one.env, SEARCH_HTTP_RUN: store },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    rmSync(store, { recursive: true, force: true })
    const line = child.stdout.trim().split('\n').at(-1) ?? ''
    if (child.status !== 0 || !line.startsWith('{')) throw new Error(`${one.name}: the run failed`)
    const figure = JSON.parse(line) as { requestsPerSecond: number; cpuMicroseconds: number }
    figures.get(one.name)?.push(figure)
    console.log(
      `round ${round + 1}: ${one.name.padEnd(20)} ${Math.round(figure.requestsPerSecond)} req/s, server CPU ${Math.round(figure.cpuMicroseconds)} µs a request`,
    )
  }
}
rmSync(work, { recursive: true, force: true })

const summary = builds.map((one) => {
  const runs = figures.get(one.name) ?? []
  return {
    name: one.name,
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    cpu: median(runs.map((run) => run.cpuMicroseconds)),
  }
})
console.log(
  `\nvaried Query.search over HTTP (embedded database, ${projects} projects), medians of ${rounds} runs:`,
)
for (const one of summary)
  console.log(
    `  ${one.name.padEnd(20)} ${Math.round(one.requestsPerSecond)} req/s, server CPU ${Math.round(one.cpu)} µs a request`,
  )
const [old, now] = summary
if (old && now)
  console.log(
    `  new/old: requests per second ${(now.requestsPerSecond / old.requestsPerSecond).toFixed(2)}, CPU per request ${(now.cpu / old.cpu).toFixed(2)}`,
  )
