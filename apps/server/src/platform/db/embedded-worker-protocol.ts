/**
 * The messages between the server and the worker thread that owns the embedded database (decision 027).
 * Only types: the worker imports this file with `import type`, which Node's type stripping erases, so the
 * worker loads without a TypeScript loader (vitest's workers have none).
 */

/** What drizzle asks of PGlite, without the functions that cannot cross threads. */
export interface QueryCall {
  op: 'query'
  sql: string
  params: unknown[]
  rowMode: 'object' | 'array'
  /** Types returned as PostgreSQL's text rather than parsed (drizzle's own parsers return the text). */
  textTypes: number[]
  paramTypes: number[] | undefined
  /** The transaction the statement belongs to; null: outside any (it waits for a transaction to end). */
  transaction: number | null
}

export interface OpenCall {
  op: 'open'
  dataDir: string | undefined
  /** Moved to the worker, not copied: the caller's buffer is empty afterwards. */
  loadDataDir: Dump | undefined
}

export type Call =
  | OpenCall
  | QueryCall
  | { op: 'exec'; sql: string; transaction: number | null }
  | { op: 'begin' }
  | { op: 'commit'; transaction: number }
  | { op: 'rollback'; transaction: number }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'dump' }
  | { op: 'close' }

export interface Request {
  id: number
  call: Call
}

/** An error as PGlite raised it: its message and its fields (`code`, `constraint`, `detail`…). */
export interface SerializedError {
  name: string
  message: string
  fields: Record<string, string | number | boolean>
}

export type Response =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError }

/**
 * A `NOTIFY` heard on a channel the server listens to. PGlite hears it while it reads the answer of the
 * statement that committed it, so it is posted before that answer, and the port keeps the order.
 */
export interface Notification {
  notification: { channel: string; payload: string }
}

/** The worker's answer to `dump`: the tarball's bytes (transferred, not copied) and its MIME type. */
export interface Dump {
  bytes: ArrayBuffer
  type: string
}
