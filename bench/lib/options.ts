/** Bench settings, read once from the environment; a bad value stops the run with a message naming it. */
export type DatabaseKind = 'postgres' | 'pglite'

export interface BenchOptions {
  sizes: number[]
  databases: DatabaseKind[]
  connections: number
  durationSeconds: number
  warmupSeconds: number
  /** Admin connection used to create and drop the bench's own databases. */
  adminUrl: string
  keep: boolean
  /** The whole run is stopped (servers killed) after this many minutes. */
  timeoutMinutes: number
}

const DATABASE_KINDS: readonly DatabaseKind[] = ['postgres', 'pglite']

function isDatabaseKind(value: string): value is DatabaseKind {
  return DATABASE_KINDS.some((kind) => kind === value)
}

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
  const sizes = list('BENCH_SIZES', '720,100000').map((item) => Number(item.replaceAll('_', '')))
  if (sizes.length === 0 || sizes.some((size) => !Number.isInteger(size) || size < 1 || size > 1_000_000)) {
    throw new Error('BENCH_SIZES must be a comma-separated list of project counts between 1 and 1000000')
  }
  const databases = list('BENCH_DATABASES', 'postgres,pglite').map((item) => {
    if (!isDatabaseKind(item))
      throw new Error(`BENCH_DATABASES: unknown database "${item}" (postgres, pglite)`)
    return item
  })
  return {
    sizes: [...new Set(sizes)],
    databases: [...new Set(databases)],
    connections: integer('BENCH_CONNECTIONS', 50, 1, 1000),
    durationSeconds: integer('BENCH_DURATION', 10, 1, 600),
    warmupSeconds: integer('BENCH_WARMUP', 2, 0, 60),
    adminUrl: process.env.BENCH_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test',
    keep: ['1', 'true', 'yes'].includes(process.env.BENCH_KEEP?.trim() ?? ''),
    timeoutMinutes: integer('BENCH_TIMEOUT_MINUTES', 60, 1, 24 * 60),
  }
}

/** 720 → "720", 100000 → "100k": used in database and directory names. */
export const sizeLabel = (size: number) => (size % 1000 === 0 ? `${size / 1000}k` : String(size))
