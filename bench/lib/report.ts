import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { hasProblems, type Measurement } from './load'
import type { DatabaseKind } from './options'
import type { Fixtures, ScenarioCheck, ScenarioKey } from './scenarios'

export interface ScenarioResult extends Measurement {
  key: ScenarioKey
  label: string
  path: string
  /** The single request made before the load: documents returned, total, body size. */
  check: ScenarioCheck
  /** Lines the server (at LOG_LEVEL=warn) printed during the run: warnings and errors. */
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
  scenarios: ScenarioResult[]
}

export interface TargetResult {
  database: DatabaseKind
  target: string
  value: number | null
  limit: number
  comparison: '>=' | '<='
  pass: boolean
  note?: string
}

/** At 100,000 projects and 50 connections. */
export const TARGET_PROJECTS = 100_000
export const TARGET_CONNECTIONS = 50
const TARGETS: {
  key: ScenarioKey
  name: string
  metric: 'requestsPerSecond' | 'latencyP99Ms'
  limit: number
}[] = [
  { key: 'firstPage', name: 'first page req/s', metric: 'requestsPerSecond', limit: 2_000 },
  { key: 'firstPage', name: 'first page p99 ms', metric: 'latencyP99Ms', limit: 50 },
  { key: 'search', name: 'search p99 ms', metric: 'latencyP99Ms', limit: 50 },
  { key: 'searchVaried', name: 'varied search p99 ms', metric: 'latencyP99Ms', limit: 50 },
]

export function evaluateTargets(cases: CaseResult[], connections: number): TargetResult[] {
  const results: TargetResult[] = []
  for (const measured of cases.filter((item) => item.projects === TARGET_PROJECTS)) {
    for (const target of TARGETS) {
      const comparison = target.metric === 'requestsPerSecond' ? '>=' : '<='
      const scenario = measured.scenarios.find((item) => item.key === target.key)
      const value = scenario ? scenario[target.metric] : null
      const notes = [
        ...(scenario && hasProblems(scenario) ? ['the run had errors or non-2xx responses'] : []),
        ...(connections === TARGET_CONNECTIONS ? [] : [`measured with ${connections} connections, not 50`]),
      ]
      const met = value !== null && (comparison === '>=' ? value >= target.limit : value <= target.limit)
      results.push({
        database: measured.database,
        target: target.name,
        value,
        limit: target.limit,
        comparison,
        pass: met && !(scenario && hasProblems(scenario)),
        ...(value === null ? { note: `not measured (${measured.reason ?? measured.status})` } : {}),
        ...(value !== null && notes.length ? { note: notes.join('; ') } : {}),
      })
    }
  }
  return results
}

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })

function table(rows: string[][], rightAligned: Set<number>): string {
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

export function formatResults(cases: CaseResult[]): string {
  const rows = [['database', 'projects', 'scenario', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', '']]
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
        number(scenario.latencyP50Ms, 1),
        number(scenario.latencyP99Ms, 1),
        number(scenario.non2xx),
        number(scenario.errors),
        hasProblems(scenario) ? '<< ERRORS' : scenario.serverLog.length ? '<< server logged warnings' : '',
      ])
    }
  }
  return table(rows, new Set([1, 3, 4, 5, 6, 7]))
}

export function formatTargets(targets: TargetResult[]): string {
  if (targets.length === 0) return `No target measured: targets apply at ${number(TARGET_PROJECTS)} projects.`
  const rows = [['', 'database', 'target', 'measured', 'limit', 'margin', 'note']]
  for (const target of targets) {
    const sign = target.comparison === '>=' ? 1 : -1
    const margin = target.value === null ? null : sign * (target.value - target.limit)
    rows.push([
      target.pass ? 'PASS' : 'MISS',
      target.database,
      target.target,
      target.value === null ? '-' : number(target.value, 1),
      `${target.comparison === '>=' ? '≥' : '≤'} ${number(target.limit)}`,
      margin === null
        ? '-'
        : `${margin >= 0 ? '+' : ''}${number(margin, 1)} (${margin >= 0 ? '+' : ''}${number((margin / target.limit) * 100, 1)}%)`,
      target.note ?? '',
    ])
  }
  return table(rows, new Set([3, 4, 5]))
}

export function writeJson(file: string, report: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`)
}
