import path from 'node:path'
import { REPO_ROOT } from './server'

/** Bench settings, read once from the environment; a bad value stops the run with a message naming it. */
export type DatabaseKind = 'postgres' | 'pglite'

/**
 * What a run measures, by target of issue 12: `cached` (1: cached answers against the bare server),
 * `search` (2: varied searches), `stress` (3: 200 connections for 60 s), `import` (3: a catalogue import
 * while requests run). The growth table (4) is made of the `cached` and `search` figures at every size.
 * `instances` (issue 14): one server, then two on the same PostgreSQL database, at the target size.
 * `collections` (issue 32): a member's collections listed among 10,000 members', at the target size,
 * held to target 1.
 */
export type Group = 'cached' | 'search' | 'stress' | 'import' | 'instances' | 'collections'
export const GROUPS: readonly Group[] = ['cached', 'search', 'stress', 'import', 'instances', 'collections']

export interface BenchOptions {
  sizes: number[]
  databases: DatabaseKind[]
  groups: Group[]
  connections: number
  durationSeconds: number
  warmupSeconds: number
  /** Target 3: connections and seconds of the long runs on the members' list and on search. */
  stressConnections: number
  stressDurationSeconds: number
  /** Target 3: projects in the catalogue file imported while requests run. */
  importProjects: number
  /** Admin connection used to create and drop the bench's own databases. */
  adminUrl: string
  keep: boolean
  /** The whole run is stopped (servers killed) after this many minutes. */
  timeoutMinutes: number
  /** Where the figures are written (a short run can keep the committed results untouched). */
  resultsFile: string
}

/** The targets apply at 100,000 projects; a run without that size evaluates them at its largest size. */
export const TARGET_PROJECTS = 100_000
export const GROWTH_SIZES: readonly number[] = [720, 10_000, 100_000]

const DATABASE_KINDS: readonly DatabaseKind[] = ['postgres', 'pglite']

const isDatabaseKind = (value: string): value is DatabaseKind => DATABASE_KINDS.some((kind) => kind === value)
const isGroup = (value: string): value is Group => GROUPS.some((group) => group === value)

function integer(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw.replaceAll('_', ''))
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number between ${min} and ${max} (got "${raw}")`)
  }
  return value
}

function list(name: string, fallback: string): string[] {
  return (process.env[name]?.trim() || fallback)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

export function readOptions(): BenchOptions {
  const sizes = list('BENCH_SIZES', GROWTH_SIZES.join(',')).map((item) => Number(item.replaceAll('_', '')))
  if (sizes.length === 0 || sizes.some((size) => !Number.isInteger(size) || size < 1 || size > 1_000_000)) {
    throw new Error('BENCH_SIZES must be a comma-separated list of project counts between 1 and 1000000')
  }
  const databases = list('BENCH_DATABASES', DATABASE_KINDS.join(',')).map((item) => {
    if (!isDatabaseKind(item))
      throw new Error(`BENCH_DATABASES: unknown database "${item}" (${DATABASE_KINDS.join(', ')})`)
    return item
  })
  const groups = list('BENCH_GROUPS', GROUPS.join(',')).map((item) => {
    if (!isGroup(item)) throw new Error(`BENCH_GROUPS: unknown group "${item}" (${GROUPS.join(', ')})`)
    return item
  })
  return {
    sizes: [...new Set(sizes)].sort((a, b) => a - b),
    databases: [...new Set(databases)],
    groups: GROUPS.filter((group) => groups.includes(group)),
    connections: integer('BENCH_CONNECTIONS', 50, 1, 1000),
    durationSeconds: integer('BENCH_DURATION', 10, 1, 600),
    warmupSeconds: integer('BENCH_WARMUP', 2, 0, 60),
    stressConnections: integer('BENCH_STRESS_CONNECTIONS', 200, 1, 2000),
    stressDurationSeconds: integer('BENCH_STRESS_DURATION', 60, 1, 3600),
    importProjects: integer('BENCH_IMPORT_PROJECTS', 20_000, 1, 200_000),
    adminUrl: process.env.BENCH_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test',
    keep: ['1', 'true', 'yes'].includes(process.env.BENCH_KEEP?.trim() ?? ''),
    timeoutMinutes: integer('BENCH_TIMEOUT_MINUTES', 90, 1, 24 * 60),
    resultsFile: path.resolve(
      process.env.BENCH_RESULTS?.trim() || path.join(REPO_ROOT, 'bench/results/api.json'),
    ),
  }
}

/** Where targets 1–3 are measured: 100,000 projects, else (a short run) the largest size of the run. */
export const targetSize = (sizes: readonly number[]) =>
  sizes.includes(TARGET_PROJECTS) ? TARGET_PROJECTS : Math.max(...sizes)

/** 720 → "720", 100000 → "100k": used in database and directory names. */
export const sizeLabel = (size: number) => (size % 1000 === 0 ? `${size / 1000}k` : String(size))
