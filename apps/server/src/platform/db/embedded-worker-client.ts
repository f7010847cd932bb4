import { Worker } from 'node:worker_threads'
import type { QueryOptions, Results } from '@electric-sql/pglite'
import { serverFiles } from '../server-files'
import { DatabaseUnavailableError } from './database-availability'
import { EMBEDDED_WORKER } from './embedded-worker'
import type {
  Call,
  Dump,
  Notification,
  QueryCall,
  Request,
  Response,
  SerializedError,
} from './embedded-worker-protocol'

/** A PGlite error (`code`, `constraint`, `detail`… as PGlite set them), raised again on this thread. */
export class EmbeddedDatabaseError extends Error {
  constructor(serialized: SerializedError) {
    super(serialized.message)
    Object.assign(this, serialized.fields)
    this.name = serialized.name
  }
}

/** What drizzle's PGlite driver calls on its client, and on the transaction its `transaction` passes. */
export interface EmbeddedQueries {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
  exec(sql: string): Promise<Results[]>
}

export interface EmbeddedTransaction extends EmbeddedQueries {
  rollback(): Promise<void>
  readonly closed: boolean
}

export interface EmbeddedClient extends EmbeddedQueries {
  transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T>
  /** PGlite's `listen`: `callback` hears each `NOTIFY` on `channel`; the answer stops listening. */
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>
  dumpDataDir(): Promise<Blob>
  close(): Promise<void>
}

/**
 * drizzle passes parsers that keep timestamps, dates and intervals as PostgreSQL's text (its columns
 * parse them). Functions cannot cross threads, so such a parser crosses as its type's number; any
 * other parser is refused rather than silently ignored.
 */
function textTypesOf(parsers: QueryOptions['parsers']): number[] {
  const types: number[] = []
  for (const [type, parser] of Object.entries(parsers ?? {})) {
    const probe = '2000-01-02 03:04:05'
    if (parser(probe, Number(type)) !== probe)
      throw new Error(`Only parsers that keep the text can reach the embedded database (type ${type})`)
    types.push(Number(type))
  }
  return types
}

/** What the worker answers to each call. */
interface Answers {
  open: undefined
  query: Results
  exec: Results[]
  begin: number
  commit: undefined
  rollback: undefined
  listen: undefined
  unlisten: undefined
  dump: Dump
  close: undefined
}

function queryCall(
  sql: string,
  params: unknown[] | undefined,
  options: QueryOptions | undefined,
  transaction: number | null,
): QueryCall {
  const { rowMode, parsers, paramTypes, ...unsupported } = options ?? {}
  const unknown = Object.keys(unsupported)
  if (unknown.length > 0)
    throw new Error(`The embedded database's worker does not take these options: ${unknown.join(', ')}`)
  return {
    op: 'query',
    sql,
    params: params ?? [],
    rowMode: rowMode ?? 'object',
    textTypes: textTypesOf(parsers),
    paramTypes,
    transaction,
  }
}

/**
 * Starts the worker thread that owns the embedded database and returns a client with the methods drizzle
 * calls on PGlite, each sent to the worker (decision 027). `onCrash` hears once if the worker dies: every
 * statement then fails with a DatabaseUnavailableError (the API answers 503) rather than waiting forever.
 */
export async function startEmbeddedWorker(options: {
  dataDir: string | undefined
  loadDataDir: Dump | undefined
  onCrash: (cause: Error) => void
  /** Tests end the worker through it, as a crash would. */
  onWorker?: (worker: Worker) => void
}): Promise<EmbeddedClient> {
  const worker = new Worker(serverFiles.embeddedWorker, { workerData: EMBEDDED_WORKER })
  options.onWorker?.(worker)
  // The worker's answer to a call is the `Answers` entry of its op: that is the protocol.
  const pending = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void }>()
  let lastId = 0
  let closing = false
  let stopped: Error | undefined

  // Idle, the worker does not keep the process alive (nor did PGlite on the main thread); busy, it does.
  worker.unref()
  const settle = (id: number) => {
    const waiting = pending.get(id)
    pending.delete(id)
    if (pending.size === 0) worker.unref()
    return waiting
  }
  // The channels listened to, each listened to once in the worker however many listen here.
  const channels = new Map<
    string,
    { listeners: Set<(payload: string) => void>; listening: Promise<undefined> }
  >()
  worker.on('message', (response: Response | Notification) => {
    if ('notification' in response) {
      const { channel, payload } = response.notification
      for (const listener of channels.get(channel)?.listeners ?? []) listener(payload)
      return
    }
    const waiting = settle(response.id)
    if (response.ok) waiting?.resolve(response.value as never)
    else waiting?.reject(new EmbeddedDatabaseError(response.error))
  })
  const stop = (cause: Error) => {
    if (stopped) return
    stopped = closing ? new Error('The embedded database is closed') : new DatabaseUnavailableError(cause)
    for (const id of [...pending.keys()]) settle(id)?.reject(stopped)
    if (!closing) options.onCrash(cause)
  }
  worker.on('error', stop)
  worker.on('exit', (code) => stop(new Error(`The embedded database's worker stopped (exit code ${code})`)))

  function call<C extends Call>(request: C, transfer: ArrayBuffer[] = []): Promise<Answers[C['op']]> {
    if (stopped) return Promise.reject(stopped)
    const id = ++lastId
    return new Promise<Answers[C['op']]>((resolve, reject) => {
      pending.set(id, { resolve, reject })
      if (pending.size === 1) worker.ref()
      const message: Request = { id, call: request }
      worker.postMessage(message, transfer)
    })
  }

  // What the worker's PGlite answered; structured cloning keeps its values (Date, bigint, Uint8Array…).
  const queries = (transaction: number | null): EmbeddedQueries => ({
    query: <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
      // drizzle names the row type it expects; PGlite's own `query<T>` takes it on trust the same way.
      call(queryCall(sql, params, options, transaction)) as Promise<Results<T>>,
    exec: (sql: string) => call({ op: 'exec', sql, transaction }),
  })

  const { loadDataDir } = options
  try {
    await call({ op: 'open', dataDir: options.dataDir, loadDataDir }, loadDataDir ? [loadDataDir.bytes] : [])
  } catch (error) {
    closing = true
    await worker.terminate()
    throw error
  }

  return {
    ...queries(null),
    async transaction(callback) {
      const transaction = await call({ op: 'begin' })
      let closed = false
      const tx: EmbeddedTransaction = {
        ...queries(transaction),
        async rollback() {
          closed = true
          await call({ op: 'rollback', transaction })
        },
        get closed() {
          return closed
        },
      }
      let result: Awaited<ReturnType<typeof callback>>
      try {
        result = await callback(tx)
      } catch (error) {
        if (!closed) {
          closed = true
          // The callback's error is the one worth hearing; a failed rollback ends the transaction anyway.
          await call({ op: 'rollback', transaction }).catch(() => undefined)
        }
        throw error
      }
      if (!closed) {
        closed = true
        await call({ op: 'commit', transaction })
      }
      return result
    },
    async listen(channel, callback) {
      let entry = channels.get(channel)
      if (!entry) {
        const created = {
          listeners: new Set<(payload: string) => void>(),
          listening: call({ op: 'listen', channel }),
        }
        channels.set(channel, created)
        created.listening.catch(() => channels.get(channel) === created && channels.delete(channel))
        entry = created
      }
      await entry.listening
      entry.listeners.add(callback)
      const listened = entry
      return async () => {
        listened.listeners.delete(callback)
        if (listened.listeners.size > 0 || channels.get(channel) !== listened) return
        channels.delete(channel)
        await call({ op: 'unlisten', channel })
      }
    },
    async dumpDataDir() {
      const dump = await call({ op: 'dump' })
      return new Blob([dump.bytes], { type: dump.type })
    },
    async close() {
      if (stopped) return
      await call({ op: 'close' })
      closing = true
      await worker.terminate()
    },
  }
}
