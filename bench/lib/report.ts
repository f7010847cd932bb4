import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { ImportOutcome } from './catalog-import'
import type { InstancesResult } from './instances'
import { hasProblems, type Measurement } from './load'
import { GROWTH_SIZES, type DatabaseKind } from './options'
import type { MemorySample } from './process-memory'
import type { Fixtures, ScenarioCheck, ScenarioKey } from './scenarios'

export interface ScenarioResult extends Measurement {
  key: ScenarioKey
  label: string
  /** The request checked before the load (for a varied scenario, the first of its sequence). */
  path: string
  /** The single request made before the load: documents returned, total, body size. */
  check: ScenarioCheck
  /** Lines the server (at LOG_LEVEL=warn) printed during the run: warnings and errors. */
  serverLog: string[]
  /** Cached answers: the bare server answering the same bytes, measured right before the server. */
  bare?: Measurement
  /** Server req/s ÷ bare req/s. */
  ratio?: number
}

export interface ImportResult extends ImportOutcome {
  projects: number
  /** The requests sent while the import ran (from its start to its end). */
  load: Measurement
  serverLog: string[]
}

export interface CaseResult {
  database: DatabaseKind
  projects: number
  status: 'measured' | 'skipped' | 'failed'
  reason?: string
  seedSeconds?: number
  /** What was done to the store between seeding and starting the server. */
  maintenance?: string
  serverStartSeconds?: number
  fixtures?: Fixtures
  /** The cached answers and the varied searches, at the usual connections. */
  scenarios: ScenarioResult[]
  /** Scenarios the server does not support (Query.search before it exists), and why. */
  unavailable: { key: ScenarioKey; label: string; reason: string }[]
  /** Target 3: the members' list and the searches under the long, heavier load. */
  stress: ScenarioResult[]
  import?: ImportResult
  /** Issue 14 (PostgreSQL, at the target size): each scenario on one server, then on two at once. */
  instances?: InstancesResult[]
  /** The server's memory after every run but the import (target 4), and after the import. */
  memory: { measured?: MemorySample; afterImport?: MemorySample }
}

export const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })

export function table(rows: string[][], rightAligned: Set<number>): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? []
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        rightAligned.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd()
  const [head, ...body] = rows
  return [
    line(head ?? []),
    widths
      .map((width) => '-'.repeat(width))
      .join('  ')
      .trimEnd(),
    ...body.map(line),
  ].join('\n')
}

const flag = (scenario: ScenarioResult) =>
  hasProblems(scenario) || (scenario.bare && hasProblems(scenario.bare))
    ? '<< ERRORS'
    : scenario.serverLog.length
      ? '<< server logged warnings'
      : ''

/** Cached answers (with the bare reference) and varied searches, per database and size. */
export function formatResults(cases: CaseResult[]): string {
  const rows = [
    [
      'database',
      'projects',
      'scenario',
      'req/s',
      'bare req/s',
      'ratio',
      'p50 ms',
      'p99 ms',
      'bare p99',
      'non-2xx',
      'errors',
      '',
    ],
  ]
  for (const item of cases) {
    if (item.status !== 'measured' && item.scenarios.length === 0) {
      rows.push([item.database, number(item.projects), `${item.status.toUpperCase()}: ${item.reason ?? ''}`])
      continue
    }
    for (const scenario of item.scenarios) {
      rows.push([
        item.database,
        number(item.projects),
        scenario.label,
        number(scenario.requestsPerSecond),
        scenario.bare ? number(scenario.bare.requestsPerSecond) : '',
        scenario.ratio === undefined ? '' : number(scenario.ratio, 2),
        number(scenario.latencyP50Ms, 1),
        number(scenario.latencyP99Ms, 1),
        scenario.bare ? number(scenario.bare.latencyP99Ms, 1) : '',
        number(scenario.non2xx),
        number(scenario.errors),
        flag(scenario),
      ])
    }
    for (const missing of item.unavailable) {
      rows.push([
        item.database,
        number(item.projects),
        missing.label,
        'not available',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        missing.reason,
      ])
    }
  }
  return table(rows, new Set([1, 3, 4, 5, 6, 7, 8, 9, 10]))
}

/** Target 3: the long runs and the import. */
export function formatLoadRuns(cases: CaseResult[]): string {
  const rows = [
    [
      'database',
      'projects',
      'run',
      'conns',
      'seconds',
      'req/s',
      'p50 ms',
      'p99 ms',
      'max ms',
      'errors',
      'timeouts',
      'non-2xx',
      '',
    ],
  ]
  const add = (item: CaseResult, label: string, run: Measurement, extra: string) =>
    rows.push([
      item.database,
      number(item.projects),
      label,
      number(run.connections),
      number(run.durationSeconds, 1),
      number(run.requestsPerSecond),
      number(run.latencyP50Ms, 1),
      number(run.latencyP99Ms, 1),
      number(run.latencyMaxMs),
      number(run.errors - run.timeouts),
      number(run.timeouts),
      number(run.non2xx),
      extra,
    ])
  for (const item of cases) {
    for (const scenario of item.stress) add(item, scenario.label, scenario, flag(scenario))
    if (item.import) {
      const done =
        item.import.exitCode === 0
          ? `import took ${number(item.import.seconds, 1)} s`
          : `IMPORT FAILED (exit ${item.import.exitCode})`
      add(
        item,
        `requests during an import of ${number(item.import.projects)} projects`,
        item.import.load,
        done,
      )
    }
  }
  return rows.length > 1
    ? table(rows, new Set([1, 3, 4, 5, 6, 7, 8, 9, 10, 11]))
    : 'Not measured in this run.'
}

/** Target 4: how the cost grows with the catalogue, and the server's memory at each size. */
export function formatGrowth(cases: CaseResult[]): string {
  const latency = (item: CaseResult, key: ScenarioKey) => {
    const scenario = item.scenarios.find((candidate) => candidate.key === key)
    return scenario ? `${number(scenario.latencyP50Ms, 1)} / ${number(scenario.latencyP99Ms, 1)}` : '-'
  }
  const rows = [
    [
      'database',
      'projects',
      'first page p50/p99 ms',
      'contains p50/p99 ms',
      'Query.search p50/p99 ms',
      'RSS MB',
      'peak RSS MB',
    ],
  ]
  for (const item of cases.filter((candidate) => candidate.status === 'measured')) {
    const memory = item.memory.measured
    rows.push([
      item.database,
      number(item.projects),
      latency(item, 'firstPage'),
      latency(item, 'searchVaried'),
      latency(item, 'searchQueryVaried'),
      memory ? number(memory.rssMb) : '-',
      memory ? number(memory.peakRssMb) : '-',
    ])
  }
  const missing = GROWTH_SIZES.filter((size) => !cases.some((item) => item.projects === size))
  return (
    table(rows, new Set([1, 2, 3, 4, 5, 6])) +
    (missing.length ? `\n(sizes not in this run: ${missing.map((size) => number(size)).join(', ')})` : '')
  )
}

/** Issue 14: one server beside two on the same PostgreSQL database, in the same run. */
export function formatInstances(cases: CaseResult[]): string {
  const rows = [
    [
      'database',
      'projects',
      'scenario',
      'conns',
      '1 server req/s',
      'p99 ms',
      '2 servers req/s',
      'each',
      'p99 ms',
      'ratio',
      'non-2xx',
      'errors',
    ],
  ]
  for (const item of cases) {
    for (const run of item.instances ?? []) {
      rows.push([
        item.database,
        number(item.projects),
        run.label,
        number(run.one.connections),
        number(run.one.requestsPerSecond),
        number(run.one.latencyP99Ms, 1),
        number(run.two.requestsPerSecond),
        run.each.map((each) => number(each.requestsPerSecond)).join(' + '),
        number(run.two.latencyP99Ms, 1),
        number(run.ratio, 2),
        number(run.one.non2xx + run.two.non2xx),
        number(run.one.errors + run.two.errors),
      ])
    }
  }
  return rows.length > 1 ? table(rows, new Set([1, 3, 4, 5, 6, 8, 9, 10, 11])) : 'Not measured in this run.'
}

export function writeJson(file: string, report: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`)
}
