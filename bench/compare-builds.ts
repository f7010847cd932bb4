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
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { COMPARE_WORK, otherCheckout } from './lib/other-checkout'
import { REPO_ROOT } from './lib/server'
import { median } from './lib/median'

const commit = process.argv[2]
if (!commit) {
  console.error('usage: npm run bench:compare -- <commit to compare with>')
  process.exit(2)
}
const rounds = Number(process.env.BENCH_COMPARE_ROUNDS ?? 2)
const work = COMPARE_WORK
const { sha, dir: other } = otherCheckout(commit)
const run = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) => {
  const result = spawnSync(command, args, { cwd, env, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`)
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
