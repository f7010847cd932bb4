import type { PgTransactionConfig } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import type { Database } from './database'
import { DatabaseUnavailableError, type DatabaseAvailability } from './database-availability'

/**
 * Why a statement failed with its connection: `not-run` when it surely did not take effect (it was never
 * sent, or the server ended the session before the statement finished, which rolls its transaction
 * back), `in-doubt` when the connection broke while the server may have committed it.
 */
export type ConnectionFault = 'not-run' | 'in-doubt'

/** admin_shutdown (pg_terminate_backend, a fast shutdown), crash_shutdown, cannot_connect_now. */
const SESSION_ENDED = new Set(['57P01', '57P02', '57P03'])
/** Only while connecting: nothing was sent. */
const NOT_CONNECTED = new Set([
  '08001',
  '08004',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
])
const CONNECTION_LOST = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED'])
/** pg's own words for a connection that is gone. */
const NEVER_SENT =
  /^(Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Connection terminated due to connection timeout)/
const TERMINATED = /^Connection terminated/

function faultOf(error: object): ConnectionFault | null {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : ''
  if (SESSION_ENDED.has(code) || NOT_CONNECTED.has(code)) return 'not-run'
  // Class 08 is "connection exception"; 08P01 (protocol violation) is a bug, not a lost connection.
  if (CONNECTION_LOST.has(code) || (code.startsWith('08') && code !== '08P01')) return 'in-doubt'
  const message = error instanceof Error ? error.message : ''
  if (NEVER_SENT.test(message)) return 'not-run'
  if (TERMINATED.test(message)) return 'in-doubt'
  return null
}

/** The fault behind `error` (drizzle wraps driver errors in its own), or null for any other error. */
export function connectionFault(error: unknown): ConnectionFault | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return null
    const fault = faultOf(current)
    if (fault) return fault
    current = 'cause' in current ? current.cause : undefined
  }
  return null
}

/** A statement that only reads can run twice without harm. */
const isRead = (query: string | pg.QueryConfig) =>
  /^\s*select\b/i.test(typeof query === 'string' ? query : query.text)

/**
 * Keeps the store answering when PostgreSQL connections die (a restart, `pg_terminate_backend`, a broken
 * network): a statement outside a transaction (drizzle's and `rows()` alike go through `pool.query`) is
 * run once more when its connection died, a read always, a write only when it surely did not take effect;
 * `retryTransactions` does the same for whole transactions. Past that the caller gets a
 * DatabaseUnavailableError (503). Decision 021.
 */
export function retryOnLostConnections(pool: pg.Pool, availability: DatabaseAvailability) {
  const openedAt = new WeakMap<object, number>()
  let lastLoss = -Infinity
  pool.on('connect', (client) => {
    openedAt.set(client, performance.now())
    // A connection lost while checked out also emits 'error' on its client, which would end the process
    // without a listener; the statement under way hears the same error through its own callback.
    client.on('error', () => undefined)
  })

  const connectAny = pool.connect.bind(pool)
  /** A connection opened after the last one that was lost: a restart or a termination ends them all. */
  async function connect(): Promise<pg.PoolClient> {
    for (;;) {
      const client = await connectAny()
      if ((openedAt.get(client) ?? Infinity) > lastLoss) return givenBackWhenLost(client)
      client.release(true)
    }
  }

  function lost(error: unknown): ConnectionFault | null {
    const fault = connectionFault(error)
    if (fault) lastLoss = performance.now()
    return fault
  }

  /**
   * A checked-out connection that dies goes back to the pool, which discards it, whoever holds it:
   * drizzle's `transaction` (0.45) sends BEGIN before the try/finally that releases its client, so a
   * BEGIN that loses its connection keeps the client forever; a few of those fill the pool, and
   * `pool.end()` (the server's shutdown) waits for them and never resolves. The holder's own release
   * that may follow is then ignored rather than thrown as a double release.
   */
  function givenBackWhenLost(client: pg.PoolClient): pg.PoolClient {
    // pg-pool gives the client a new `release` at each checkout.
    const release = client.release
    let released = false
    const giveBack = (error?: Error | boolean) => {
      if (released) return
      released = true
      client.off('end', onEnd)
      release(error)
    }
    const onEnd = () => giveBack(true)
    client.once('end', onEnd)
    client.release = giveBack
    return client
  }

  type Outcome = { result: pg.QueryResult } | { error: unknown; fault: ConnectionFault | null }
  async function attempt(query: string | pg.QueryConfig, values?: unknown[]): Promise<Outcome> {
    let client: pg.PoolClient
    try {
      client = await connect()
    } catch (error) {
      // Failing to connect, nothing was sent.
      return { error, fault: lost(error) ? 'not-run' : null }
    }
    try {
      const result = await client.query(query, values)
      client.release()
      return { result }
    } catch (error) {
      const fault = lost(error)
      // A broken connection leaves the pool; one that merely ran a bad statement stays.
      client.release(fault !== null)
      return { error, fault }
    }
  }

  async function query(text: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    for (let tries = 0; ; tries++) {
      const startedAt = performance.now()
      const outcome = await attempt(text, values)
      if ('result' in outcome) {
        availability.succeeded(startedAt)
        return outcome.result
      }
      const { error, fault } = outcome
      if (!fault) {
        availability.succeeded(startedAt)
        throw error
      }
      if (tries === 0 && (fault === 'not-run' || isRead(text))) continue
      availability.failed(error)
      throw new DatabaseUnavailableError(error)
    }
  }

  // drizzle calls `query(config, values)` and `connect()` and nothing else; the pool's callback forms
  // are not used.
  Object.assign(pool, { connect, query })

  return {
    /**
     * `db.transaction` runs the whole transaction again, once, when its connection died before the
     * commit was sent: the server rolled it back. A commit whose connection broke may have taken effect,
     * so it is not repeated.
     */
    retryTransactions(db: Database): void {
      const begin = db.transaction.bind(db)
      async function transaction<T>(
        run: (tx: Transaction) => Promise<T>,
        config?: PgTransactionConfig,
      ): Promise<T> {
        for (let tries = 0; ; tries++) {
          const startedAt = performance.now()
          let committing = false
          try {
            const result = await begin(async (tx) => {
              const value = await run(tx)
              committing = true
              return value
            }, config)
            availability.succeeded(startedAt)
            return result
          } catch (error) {
            if (!lost(error)) throw error
            if (tries === 0 && !committing) continue
            availability.failed(error)
            throw new DatabaseUnavailableError(error)
          }
        }
      }
      Object.assign(db, { transaction })
    },
  }
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
