/**
 * `npm run bench:search-varied [-- <commit>]`: the search of bench:api's varied `Query.search` scenario
 * (three words of the generated titles, a new triple each time) timed in process, without HTTP, the
 * database or the load generator around it: what a change of the search's code costs, measured to the
 * microsecond where bench:api's requests per second drift by ±10 % from run to run on this machine.
 * With a commit, that commit's search code (checked out as bench:compare does) is timed too, each build in
 * its own processes, interleaved (old, new, new, old, …), on the same texts. BENCH_PROJECTS (100,000),
 * BENCH_SEARCHES (20,000 per round), BENCH_COMPARE_ROUNDS (3).
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { COMPARE_WORK, otherCheckout } from './lib/other-checkout'
import { variedSearchScenarios } from './lib/scenarios'
import { REPO_ROOT } from './lib/server'
import { median } from './lib/median'

const commit = process.argv[2]
const rounds = Number(process.env.BENCH_COMPARE_ROUNDS ?? 3)
const searches = Number(process.env.BENCH_SEARCHES ?? 20_000)

/** The texts bench:api's scenario sends, in its order. */
function scenarioTexts(): string[] {
  const scenario = variedSearchScenarios().find((one) => one.key === 'searchQueryVaried')
  if (!scenario?.nextPath) throw new Error('bench:api has no varied Query.search scenario')
  const query = z.object({ method: z.literal('search'), values: z.tuple([z.string()]) })
  return Array.from({ length: searches }, () => {
    const url = new URL(scenario.nextPath?.() ?? '', 'http://bench')
    for (const value of url.searchParams.values()) {
      const parsed = query.safeParse(JSON.parse(value.startsWith('{') ? value : 'null'))
      if (parsed.success) return parsed.data.values[0]
    }
    throw new Error(`No search in ${url.pathname}${url.search}`)
  })
}

const texts = path.join(COMPARE_WORK, 'search-varied-texts.json')
const builds = [{ name: 'new (this checkout)', root: REPO_ROOT }]
if (commit) {
  const { sha, dir } = otherCheckout(commit)
  builds.unshift({ name: `old (${sha})`, root: dir })
}
mkdirSync(COMPARE_WORK, { recursive: true })
writeFileSync(texts, JSON.stringify(scenarioTexts()))

const result = z.object({ microsecondsPerSearch: z.number(), pages: z.number() })
const times = new Map<string, number[]>(builds.map((build) => [build.name, []]))
const pages = new Map<string, number>()
for (let round = 0; round < rounds; round++) {
  for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
    const child = spawnSync(
      path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
      [path.join(REPO_ROOT, 'bench/lib/search-varied-run.ts')],
      {
        env: { ...process.env, SEARCH_ROOT: build.root, SEARCH_TEXTS: texts },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    if (child.status !== 0) throw new Error(`${build.name}: the timing run failed`)
    const measured = result.parse(JSON.parse(child.stdout))
    times.get(build.name)?.push(measured.microsecondsPerSearch)
    pages.set(build.name, measured.pages)
    console.log(`round ${round + 1}: ${build.name} ${measured.microsecondsPerSearch.toFixed(1)} µs a search`)
  }
}

console.log(`\nvaried Query.search in process, ${searches} searches a round, median of ${rounds} rounds:`)
for (const build of builds)
  console.log(
    `  ${build.name.padEnd(22)} ${median(times.get(build.name) ?? []).toFixed(1)} µs a search (${pages.get(build.name)} projects on the pages)`,
  )
const [old, now] = builds.map((build) => median(times.get(build.name) ?? []))
if (commit && old && now) console.log(`  new/old time ${(now / old).toFixed(2)} (below 1: faster)`)
