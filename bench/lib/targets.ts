/**
 * The targets of issue 12, evaluated on a run's figures. Each line is one measured value against one
 * limit: PASS when the value is within it and the run behind it had no errors, MISS otherwise, n/a when
 * the server does not offer what is measured (Query.search before it exists). A line measured in other
 * conditions than the target's (a short run) says so in its note and is not conclusive.
 */
import { hasProblems, type Measurement } from './load'
import { GROWTH_SIZES, TARGET_PROJECTS, type DatabaseKind, type Group } from './options'
import { number, table, type CaseResult, type ScenarioResult } from './report'
import { CACHED_TARGET_KEYS, VARIED_SEARCH_KEYS, type ScenarioKey } from './scenarios'

export const LIMITS = {
  /** 1: cached answers, server req/s ÷ bare req/s, and their p99. */
  cachedRatio: { postgres: 0.5, pglite: 0.4 },
  cachedP99Ms: 30,
  /** 2: varied search p99 at 50 connections. */
  searchP99Ms: { postgres: 20, pglite: 50 },
  /** 3: 200 connections for 60 s, and an import of 20,000 projects under load. */
  loadP99Ms: 250,
  /** 4: the server's memory at 100,000 projects. */
  rssMb: 500,
} as const

/** The conditions the targets are stated for; a run in others is short and its lines not conclusive. */
export const TARGET_CONDITIONS = {
  connections: 50,
  stressConnections: 200,
  stressSeconds: 60,
  importProjects: 20_000,
}

export interface RunConditions {
  /** The size targets 1–3 were measured at (100,000 unless the run had no such size). */
  size: number
  groups: Group[]
  connections: number
  stressConnections: number
  stressDurationSeconds: number
  importProjects: number
}

export type Verdict = 'PASS' | 'MISS' | 'n/a'

export interface TargetResult {
  target: 1 | 2 | 3 | 4
  database: DatabaseKind
  name: string
  value: number | null
  limit: number
  comparison: '>=' | '<='
  unit: string
  verdict: Verdict
  conclusive: boolean
  note?: string
}

/** PASS needs a value within the limit and a run without errors; anything missing is a MISS. */
export function verdictOf(
  value: number | null,
  limit: number,
  comparison: '>=' | '<=',
  runHadErrors: boolean,
): Verdict {
  if (value === null || runHadErrors) return 'MISS'
  return (comparison === '>=' ? value >= limit : value <= limit) ? 'PASS' : 'MISS'
}

/** Positive = headroom, negative = how far from the limit. */
export const marginOf = (result: Pick<TargetResult, 'value' | 'limit' | 'comparison'>) =>
  result.value === null ? null : (result.comparison === '>=' ? 1 : -1) * (result.value - result.limit) || 0

/** Why a run cannot pass: no answer at all (every request slower than the run), or errors. */
const problemOf = (runs: (Measurement | undefined)[]) =>
  runs.some((run) => run !== undefined && run.requests === 0)
    ? 'no request was answered during the run'
    : 'the run had errors or non-2xx answers'

const LABELS: Record<ScenarioKey, string> = {
  firstPage: 'first page',
  category: 'category',
  search: '3-term search (repeated)',
  ids: '20 ids',
  tagIds: 'project_tags',
  searchVaried: 'varied contains',
  searchQueryVaried: 'varied Query.search',
  memberCollections: "a member's collections",
}

export function evaluateTargets(cases: CaseResult[], conditions: RunConditions): TargetResult[] {
  const results: TargetResult[] = []
  const { size, groups } = conditions
  const sizeNote = size === TARGET_PROJECTS ? [] : [`${number(size)} projects`]
  const shortRun = {
    1: [...sizeNote, ...(conditions.connections === 50 ? [] : [`${conditions.connections} connections`])],
    2: [...sizeNote, ...(conditions.connections === 50 ? [] : [`${conditions.connections} connections`])],
    stress: [
      ...sizeNote,
      ...(conditions.stressConnections === TARGET_CONDITIONS.stressConnections
        ? []
        : [`${conditions.stressConnections} connections`]),
      ...(conditions.stressDurationSeconds >= TARGET_CONDITIONS.stressSeconds
        ? []
        : [`${conditions.stressDurationSeconds} s`]),
    ],
    import: [
      ...sizeNote,
      ...(conditions.importProjects >= TARGET_CONDITIONS.importProjects
        ? []
        : [`${number(conditions.importProjects)} projects imported`]),
    ],
    4: sizeNote,
  }

  for (const database of [...new Set(cases.map((item) => item.database))]) {
    const measured = cases.find((item) => item.database === database && item.projects === size)
    const notMeasured = `not measured (${measured?.reason ?? measured?.status ?? `no ${number(size)} case`})`
    const add = (
      target: TargetResult['target'],
      name: string,
      value: number | null,
      limit: number,
      comparison: '>=' | '<=',
      unit: string,
      options: { runs?: (Measurement | undefined)[]; short: string[]; unavailable?: string; why?: string },
    ) => {
      const hadErrors = (options.runs ?? []).some((run) => run !== undefined && hasProblems(run))
      const notes = [
        ...(options.unavailable ? [`not available: ${options.unavailable}`] : []),
        ...(!options.unavailable && value === null ? [options.why ?? notMeasured] : []),
        ...(hadErrors ? [problemOf(options.runs ?? [])] : []),
        ...(options.short.length ? [`not conclusive: ${options.short.join(', ')}`] : []),
      ]
      results.push({
        target,
        database,
        name,
        value,
        limit,
        comparison,
        unit,
        verdict: options.unavailable ? 'n/a' : verdictOf(value, limit, comparison, hadErrors),
        conclusive: options.short.length === 0,
        ...(notes.length ? { note: notes.join('; ') } : {}),
      })
    }
    const scenario = (list: ScenarioResult[] | undefined, key: ScenarioKey) =>
      list?.find((item) => item.key === key)
    const unavailable = (key: ScenarioKey) => measured?.unavailable.find((item) => item.key === key)?.reason

    // Issue 32: a member's collections are held to the cached answers' targets (1), though each is a query.
    const cachedKeys = [
      ...(groups.includes('cached') ? CACHED_TARGET_KEYS : []),
      ...(groups.includes('collections') ? (['memberCollections'] as const) : []),
    ]
    if (cachedKeys.length > 0) {
      for (const key of cachedKeys) {
        const run = scenario(measured?.scenarios, key)
        const short = shortRun[1]
        add(1, `${LABELS[key]}: req/s ÷ bare`, run?.ratio ?? null, LIMITS.cachedRatio[database], '>=', '', {
          short,
          runs: [run, run?.bare],
        })
        add(1, `${LABELS[key]}: p99`, run?.latencyP99Ms ?? null, LIMITS.cachedP99Ms, '<=', 'ms', {
          short,
          runs: [run],
        })
      }
    }
    if (groups.includes('search')) {
      for (const key of VARIED_SEARCH_KEYS) {
        const run = scenario(measured?.scenarios, key)
        const reason = unavailable(key)
        add(2, `${LABELS[key]}: p99`, run?.latencyP99Ms ?? null, LIMITS.searchP99Ms[database], '<=', 'ms', {
          short: shortRun[2],
          runs: [run],
          ...(reason ? { unavailable: reason } : {}),
        })
      }
    }
    if (groups.includes('stress')) {
      for (const key of ['firstPage', ...VARIED_SEARCH_KEYS] as const) {
        const run = scenario(measured?.stress, key)
        const reason = unavailable(key)
        const label = key === 'firstPage' ? "members' list" : LABELS[key]
        const common = { short: shortRun.stress, runs: [run], ...(reason ? { unavailable: reason } : {}) }
        add(
          3,
          `${label}, ${conditions.stressConnections} conns: errors`,
          run ? run.errors - run.timeouts + run.non2xx : null,
          0,
          '<=',
          '',
          common,
        )
        add(
          3,
          `${label}, ${conditions.stressConnections} conns: timeouts`,
          run ? run.timeouts : null,
          0,
          '<=',
          '',
          common,
        )
        add(
          3,
          `${label}, ${conditions.stressConnections} conns: p99`,
          run?.latencyP99Ms ?? null,
          LIMITS.loadP99Ms,
          '<=',
          'ms',
          common,
        )
      }
    }
    if (groups.includes('import')) {
      const imported = measured?.import
      const failed =
        imported && imported.exitCode !== 0 ? `the import failed (exit ${imported.exitCode})` : undefined
      const name = `p99 of requests during an import of ${number(conditions.importProjects)} projects`
      add(3, name, failed ? null : (imported?.load.latencyP99Ms ?? null), LIMITS.loadP99Ms, '<=', 'ms', {
        short: shortRun.import,
        runs: [imported?.load],
        ...(failed ? { why: failed } : {}),
      })
    }
    if (groups.includes('cached') && groups.includes('search')) {
      const sizes = GROWTH_SIZES.filter((growthSize) =>
        cases.some(
          (item) =>
            item.database === database &&
            item.projects === growthSize &&
            item.scenarios.some((run) => run.key === 'firstPage') &&
            item.scenarios.some((run) => run.key === 'searchVaried'),
        ),
      )
      add(
        4,
        `sizes with p50/p99 (${GROWTH_SIZES.map((growthSize) => number(growthSize)).join(', ')})`,
        sizes.length,
        GROWTH_SIZES.length,
        '>=',
        '',
        { short: [] },
      )
    }
    add(4, 'peak RSS of the server', measured?.memory.measured?.peakRssMb ?? null, LIMITS.rssMb, '<=', 'MB', {
      short: shortRun[4],
    })
  }
  return results
}

export function formatTargets(targets: TargetResult[]): string {
  if (targets.length === 0) return 'No target measured.'
  const rows = [['', '#', 'database', 'target', 'measured', 'limit', 'margin', 'note']]
  for (const target of targets) {
    const digits =
      target.unit === '' && target.limit > 0 && target.limit < 1 ? 2 : target.unit === 'ms' ? 1 : 0
    const margin = marginOf(target)
    const unit = target.unit ? ` ${target.unit}` : ''
    const signed = (value: number, places: number) => `${value >= 0 ? '+' : ''}${number(value, places)}`
    rows.push([
      target.verdict,
      String(target.target),
      target.database,
      target.name,
      target.value === null ? '-' : `${number(target.value, digits)}${unit}`,
      `${target.comparison === '>=' ? '≥' : '≤'} ${number(target.limit, digits)}${unit}`,
      margin === null
        ? '-'
        : signed(margin, digits) +
          (target.limit !== 0 ? ` (${signed((margin / target.limit) * 100, 0)}%)` : ''),
      target.note ?? '',
    ])
  }
  return table(rows, new Set([4, 5, 6]))
}

/** One line: how many PASS, MISS and n/a, and whether the run was the full one. */
export function summariseTargets(targets: TargetResult[]): string {
  const count = (verdict: Verdict) => targets.filter((target) => target.verdict === verdict).length
  const inconclusive = targets.filter((target) => !target.conclusive).length
  return (
    `${count('PASS')} PASS, ${count('MISS')} MISS, ${count('n/a')} not available` +
    (inconclusive ? ` — ${inconclusive} measured in a short run (not conclusive)` : '')
  )
}
