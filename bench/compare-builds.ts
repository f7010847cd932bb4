/**
 * `npm run bench:compare -- <commit>`: bench:api on this checkout's server and on another commit's,
 * interleaved in one session (old, new, new, old, …), so that both see the same machine (issue 29:
 * "the same ratios within noise"). The other commit is checked out under bench/.work/ (gitignored) with
 * this checkout's packages but its own workspace packages, and its server built there; every run seeds with this checkout's
 * generator (the schema must be the same). BENCH_* settings pass through to each run, e.g.
 *
 *   BENCH_DATABASES=postgres BENCH_SIZES=100000 BENCH_GROUPS=cached,search BENCH_COMPARE_ROUNDS=2 \
 *     npm run bench:compare -- 95db3c5
 *
 * Prints, per scenario, each build's requests per second and p99 (the median of its runs) and new/old.
 */
import { spawnSync } from 'node:child_process'
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { REPO_ROOT } from './lib/server'

const commit = process.argv[2]
if (!commit) {
  console.error('usage: npm run bench:compare -- <commit to compare with>')
  process.exit(2)
}
/** The workspace's own packages' scope in node_modules. */
const WORKSPACE_SCOPE = '@pg'
const rounds = Number(process.env.BENCH_COMPARE_ROUNDS ?? 2)
const work = path.join(REPO_ROOT, 'bench/.work/compare')
mkdirSync(work, { recursive: true })
const sha = spawnSync('git', ['rev-parse', '--short', commit], {
  cwd: REPO_ROOT,
  encoding: 'utf8',
}).stdout.trim()
if (!sha) throw new Error(`No commit ${commit}`)
const other = path.join(work, `checkout-${sha}`)
const run = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) => {
  const result = spawnSync(command, args, { cwd, env, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`)
}
if (!existsSync(other)) run('git', ['worktree', 'add', '--detach', other, sha], REPO_ROOT)
linkPackages(other)
/**
 * The other checkout's node_modules: this checkout's packages, linked one by one, but the workspace's
 * own (`@pg/*`) linked to the other checkout's folders, so that its server is built from its own
 * sources, not from this checkout's packages/shared (a node_modules linked whole did that).
 */
function linkPackages(checkout: string) {
  const modules = path.join(checkout, 'node_modules')
  if (existsSync(modules) && lstatSync(modules).isSymbolicLink()) rmSync(modules)
  if (existsSync(path.join(modules, '.linked'))) return
  mkdirSync(modules, { recursive: true })
  const ours = path.join(REPO_ROOT, 'node_modules')
  for (const name of readdirSync(ours)) {
    const target = path.join(modules, name)
    if (existsSync(target)) continue
    if (name !== WORKSPACE_SCOPE) {
      symlinkSync(path.join(ours, name), target)
      continue
    }
    // Workspace links are relative (../../apps/server): the same link in the other checkout is its own.
    mkdirSync(target)
    for (const workspace of readdirSync(path.join(ours, name)))
      symlinkSync(readlinkSync(path.join(ours, name, workspace)), path.join(target, workspace))
  }
  writeFileSync(path.join(modules, '.linked'), '')
}

const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx')
run(tsx, ['scripts/build.ts'], path.join(other, 'apps/server'))

const builds = [
  { name: `old (${sha})`, env: { BENCH_SERVER_DIR: path.join(other, 'apps/server') } },
  { name: 'new (this checkout)', env: {} },
]
const files: Record<string, string[]> = {}
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? builds : [...builds].reverse()
  for (const build of order) {
    const results = path.join(work, `${build.name.split(' ')[0]}-${round}.json`)
    console.log(`\n# round ${round + 1} of ${rounds}: ${build.name}`)
    run(tsx, ['bench/api.ts'], REPO_ROOT, { ...process.env, ...build.env, BENCH_RESULTS: results })
    ;(files[build.name] ??= []).push(results)
  }
}

const scenario = z.object({
  key: z.string(),
  label: z.string(),
  requestsPerSecond: z.number(),
  latencyP99Ms: z.number(),
})
const benchCase = z.object({ database: z.string(), projects: z.number(), scenarios: z.array(scenario) })
const report = z.object({ cases: z.array(benchCase) })
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}
type Figures = Map<string, { label: string; rps: number[]; p99: number[] }>
const figuresOf = (paths: string[]): Figures => {
  const figures: Figures = new Map()
  for (const file of paths) {
    for (const found of report.parse(JSON.parse(readFileSync(file, 'utf8'))).cases) {
      for (const one of found.scenarios) {
        const key = `${found.database} ${found.projects.toLocaleString('en-US')} ${one.key}`
        const entry = figures.get(key) ?? { label: one.label, rps: [], p99: [] }
        entry.rps.push(one.requestsPerSecond)
        entry.p99.push(one.latencyP99Ms)
        figures.set(key, entry)
      }
    }
  }
  return figures
}
const [oldBuild, newBuild] = builds.map((build) => figuresOf(files[build.name] ?? []))
console.log(`\nbench:api, ${rounds} interleaved runs each; median requests/s and p99 (ms); new/old`)
for (const [key, was] of oldBuild ?? new Map()) {
  const now = newBuild?.get(key)
  if (!now) continue
  const ratio = median(now.rps) / median(was.rps)
  console.log(
    `${key.padEnd(42)} old ${median(was.rps).toFixed(0).padStart(7)}/s p99 ${median(was.p99)}  ` +
      `new ${median(now.rps).toFixed(0).padStart(7)}/s p99 ${median(now.p99)}  new/old ${ratio.toFixed(2)}`,
  )
}
