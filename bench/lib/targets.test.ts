/**
 * The target evaluation of `bench:api` on made-up figures: limits, boundaries, errors, missing runs.
 * `npx tsx --test bench/lib/targets.test.ts`
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Measurement } from './load'
import type { DatabaseKind } from './options'
import type { CaseResult, ScenarioResult } from './report'
import type { ScenarioKey } from './scenarios'
import { evaluateTargets, marginOf, verdictOf, type RunConditions, type TargetResult } from './targets'

const run = (figures: Partial<Measurement> = {}): Measurement => ({
  connections: 50,
  requestsPerSecond: 1000,
  latencyAverageMs: 5,
  latencyP50Ms: 5,
  latencyP99Ms: 10,
  latencyMaxMs: 20,
  requests: 10_000,
  ok: 10_000,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  statusCodes: { 200: 10_000 },
  durationSeconds: 10,
  ...figures,
})

const scenario = (key: ScenarioKey, figures: Partial<ScenarioResult> = {}): ScenarioResult => ({
  key,
  label: key,
  path: '/',
  check: { status: 200, documents: 20, total: 0, bytes: 1000 },
  serverLog: [],
  ...run(),
  ...figures,
})

const cached = (ratio: number, p99 = 10) =>
  (['firstPage', 'category', 'ids', 'tagIds'] as const).map((key) =>
    scenario(key, { latencyP99Ms: p99, ratio, bare: run({ requestsPerSecond: 1000 / ratio }) }),
  )

const measuredCase = (
  database: DatabaseKind,
  projects: number,
  extra: Partial<CaseResult> = {},
): CaseResult => ({
  database,
  projects,
  status: 'measured',
  scenarios: [...cached(0.6), scenario('searchVaried'), scenario('searchQueryVaried')],
  unavailable: [],
  stress: [scenario('firstPage'), scenario('searchVaried'), scenario('searchQueryVaried')],
  import: { projects: 20_000, seconds: 30, exitCode: 0, output: [], load: run(), serverLog: [] },
  memory: { measured: { rssMb: 300, peakRssMb: 400, pids: [1] } },
  ...extra,
})

const full: RunConditions = {
  size: 100_000,
  groups: ['cached', 'search', 'stress', 'import'],
  connections: 50,
  stressConnections: 200,
  stressDurationSeconds: 60,
  importProjects: 20_000,
}

const find = (targets: TargetResult[], database: DatabaseKind, name: string) => {
  const found = targets.find((target) => target.database === database && target.name.startsWith(name))
  assert.ok(found, `no target "${name}" for ${database}`)
  return found
}

/** All three growth sizes measured, so the growth line passes. */
const growth = (database: DatabaseKind) => [measuredCase(database, 720), measuredCase(database, 10_000)]

describe('verdictOf and marginOf', () => {
  it('passes on the limit itself, in both directions', () => {
    assert.equal(verdictOf(0.5, 0.5, '>=', false), 'PASS')
    assert.equal(verdictOf(30, 30, '<=', false), 'PASS')
    assert.equal(verdictOf(0.49, 0.5, '>=', false), 'MISS')
    assert.equal(verdictOf(30.1, 30, '<=', false), 'MISS')
  })
  it('misses without a value or with errors in the run', () => {
    assert.equal(verdictOf(null, 30, '<=', false), 'MISS')
    assert.equal(verdictOf(5, 30, '<=', true), 'MISS')
  })
  it('gives headroom as a positive margin', () => {
    assert.equal(marginOf({ value: 20, limit: 30, comparison: '<=' }), 10)
    assert.equal(marginOf({ value: 40, limit: 30, comparison: '<=' }), -10)
    assert.ok(Math.abs((marginOf({ value: 0.6, limit: 0.5, comparison: '>=' }) ?? 0) - 0.1) < 1e-9)
    assert.equal(marginOf({ value: null, limit: 30, comparison: '<=' }), null)
    assert.ok(Object.is(marginOf({ value: 0, limit: 0, comparison: '<=' }), 0))
  })
})

describe('evaluateTargets', () => {
  it('passes a run within every limit, conclusively', () => {
    const targets = evaluateTargets([...growth('postgres'), measuredCase('postgres', 100_000)], full)
    assert.deepEqual(
      targets.filter((target) => target.verdict !== 'PASS'),
      [],
    )
    assert.ok(targets.every((target) => target.conclusive))
    // 4 cached × 2, 2 searches, 3 stress runs × 3, the import, growth and memory.
    assert.equal(targets.length, 8 + 2 + 9 + 1 + 2)
  })

  it('uses the ratio limit of each database (0.50 PostgreSQL, 0.40 embedded)', () => {
    const cases = [
      measuredCase('postgres', 100_000, { scenarios: [...cached(0.45), scenario('searchVaried')] }),
      measuredCase('pglite', 100_000, { scenarios: [...cached(0.45), scenario('searchVaried')] }),
    ]
    const targets = evaluateTargets(cases, full)
    assert.equal(find(targets, 'postgres', 'first page: req/s').verdict, 'MISS')
    assert.equal(find(targets, 'pglite', 'first page: req/s').verdict, 'PASS')
  })

  it('uses the search limit of each database (20 ms PostgreSQL, 50 ms embedded)', () => {
    const searches = [...cached(0.6), scenario('searchVaried', { latencyP99Ms: 35 })]
    const targets = evaluateTargets(
      [
        measuredCase('postgres', 100_000, { scenarios: searches }),
        measuredCase('pglite', 100_000, { scenarios: searches }),
      ],
      full,
    )
    assert.equal(find(targets, 'postgres', 'varied contains').verdict, 'MISS')
    assert.equal(find(targets, 'pglite', 'varied contains').verdict, 'PASS')
  })

  it('misses a cached p99 over 30 ms, and a ratio whose bare run had errors', () => {
    const scenarios = cached(0.6, 31)
    scenarios[1] = scenario('category', { ratio: 0.9, bare: run({ errors: 3 }) })
    const targets = evaluateTargets([measuredCase('postgres', 100_000, { scenarios })], full)
    assert.equal(find(targets, 'postgres', 'first page: p99').verdict, 'MISS')
    const category = find(targets, 'postgres', 'category: req/s')
    assert.equal(category.verdict, 'MISS')
    assert.match(category.note ?? '', /errors/)
  })

  it('shows Query.search as not available when the server refuses it', () => {
    const targets = evaluateTargets(
      [
        measuredCase('postgres', 100_000, {
          scenarios: [...cached(0.6), scenario('searchVaried')],
          stress: [scenario('firstPage'), scenario('searchVaried')],
          unavailable: [{ key: 'searchQueryVaried', label: 'Query.search', reason: 'HTTP 400' }],
        }),
      ],
      full,
    )
    const search = targets.filter((target) => target.name.startsWith('varied Query.search'))
    assert.equal(search.length, 4)
    assert.ok(
      search.every((target) => target.verdict === 'n/a' && /not available: HTTP 400/.test(target.note ?? '')),
    )
  })

  it('counts errors (not timeouts) plus non-2xx, and timeouts apart, at 200 connections', () => {
    const stress = [scenario('firstPage', { errors: 5, timeouts: 2, non2xx: 1 }), scenario('searchVaried')]
    const targets = evaluateTargets([measuredCase('pglite', 100_000, { stress })], full)
    const errors = find(targets, 'pglite', "members' list, 200 conns: errors")
    assert.equal(errors.value, 4)
    assert.equal(errors.verdict, 'MISS')
    assert.equal(find(targets, 'pglite', "members' list, 200 conns: timeouts").value, 2)
    assert.equal(find(targets, 'pglite', "members' list, 200 conns: p99").verdict, 'MISS')
    assert.equal(find(targets, 'pglite', 'varied contains, 200 conns: p99').verdict, 'PASS')
    assert.equal(find(targets, 'pglite', 'varied Query.search, 200 conns: p99').verdict, 'MISS')
  })

  it('misses a run in which no request was answered, errors or not', () => {
    const stress = [scenario('firstPage', { requests: 0, ok: 0, latencyP99Ms: 0 })]
    const targets = evaluateTargets([measuredCase('pglite', 100_000, { stress })], full)
    for (const name of ['errors', 'timeouts', 'p99']) {
      const line = find(targets, 'pglite', `members' list, 200 conns: ${name}`)
      assert.equal(line.verdict, 'MISS')
      assert.match(line.note ?? '', /no request was answered/)
    }
  })

  it('misses the import line when the import failed or the requests were slow', () => {
    const failed = measuredCase('postgres', 100_000, {
      import: { projects: 20_000, seconds: 1, exitCode: 1, output: [], load: run(), serverLog: [] },
    })
    const slow = measuredCase('pglite', 100_000, {
      import: {
        projects: 20_000,
        seconds: 1,
        exitCode: 0,
        output: [],
        load: run({ latencyP99Ms: 251 }),
        serverLog: [],
      },
    })
    const targets = evaluateTargets([failed, slow], full)
    const importFailed = find(targets, 'postgres', 'p99 of requests during an import')
    assert.equal(importFailed.verdict, 'MISS')
    assert.match(importFailed.note ?? '', /import failed/)
    assert.equal(find(targets, 'pglite', 'p99 of requests during an import').verdict, 'MISS')
  })

  it('holds the peak RSS at 100k to 500 MB and needs all three growth sizes', () => {
    const over = measuredCase('postgres', 100_000, {
      memory: { measured: { rssMb: 450, peakRssMb: 501, pids: [1] } },
    })
    const targets = evaluateTargets([measuredCase('postgres', 720), over], full)
    assert.equal(find(targets, 'postgres', 'peak RSS').verdict, 'MISS')
    const sizes = find(targets, 'postgres', 'sizes with p50/p99')
    assert.equal(sizes.value, 2)
    assert.equal(sizes.verdict, 'MISS')
  })

  it('marks every line of a short run as not conclusive, and a failed case as not measured', () => {
    const short = { ...full, size: 10_000, stressDurationSeconds: 5, importProjects: 1_000 }
    const failed: CaseResult = {
      ...measuredCase('pglite', 10_000),
      status: 'failed',
      reason: 'seed failed',
      scenarios: [],
      stress: [],
      memory: {},
    }
    delete failed.import
    const targets = evaluateTargets([measuredCase('postgres', 10_000), failed], short)
    const stress = find(targets, 'postgres', "members' list, 200 conns: p99")
    assert.equal(stress.conclusive, false)
    assert.match(stress.note ?? '', /not conclusive: 10,000 projects, 5 s/)
    assert.match(
      find(targets, 'postgres', 'p99 of requests during an import').note ?? '',
      /1,000 projects imported/,
    )
    const missing = find(targets, 'pglite', 'first page: p99')
    assert.equal(missing.verdict, 'MISS')
    assert.match(missing.note ?? '', /not measured \(seed failed\)/)
  })

  it('leaves out the groups a run did not measure', () => {
    const targets = evaluateTargets([measuredCase('postgres', 100_000)], { ...full, groups: ['search'] })
    assert.deepEqual([...new Set(targets.map((target) => target.target))], [2, 4])
  })
})
