import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import type {
  Call,
  Dump,
  Notification,
  OpenCall,
  Request,
  Response,
  SerializedError,
} from './embedded-worker-protocol'

/**
 * The worker thread that owns the embedded database (decision 027): PGlite runs here, so a statement
 * uses this thread's core and never the server's event loop. Node loads this file by itself (type
 * stripping): it imports packages only, and from this folder only types.
 */

export const embeddedExtensions = { pg_trgm, unaccent }

/**
 * A data directory's tarball for PGlite's `loadDataDir`, holding the bytes it was given. PGlite reads the
 * tarball with `arrayBuffer()`: a Blob made of the bytes would copy them in, and Node reads a Blob back in
 * chunks it then joins, 100 ms of CPU and as much garbage for each 45 MB test database (decision 068).
 * Everything else a Blob does, it does on a Blob of the same bytes.
 */
export class Tarball extends Blob {
  readonly #bytes: ArrayBuffer

  constructor(bytes: ArrayBuffer, type: string) {
    super([], { type })
    this.#bytes = bytes
    // Blob declares `size` a property (no accessor may override it): this one's is its bytes'.
    Object.defineProperty(this, 'size', { value: bytes.byteLength })
  }

  /** The bytes a view shows, copied only when it shows part of its buffer. */
  static of(view: Uint8Array, type: string): Tarball {
    const { buffer } = view
    const whole =
      buffer instanceof ArrayBuffer && view.byteOffset === 0 && view.byteLength === buffer.byteLength
    return new Tarball(whole ? buffer : view.slice().buffer, type)
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes)
  }

  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return Promise.resolve(new Uint8Array(this.#bytes))
  }

  override slice(start?: number, end?: number, type?: string): Blob {
    return this.#asBlob().slice(start, end, type)
  }

  override stream(): ReturnType<Blob['stream']> {
    return this.#asBlob().stream()
  }

  override text(): Promise<string> {
    return this.#asBlob().text()
  }

  #asBlob(): Blob {
    return new Blob([this.#bytes], { type: this.type })
  }
}

/** What the server passes as `workerData`, so that only its worker serves (not a test runner's thread). */
export const EMBEDDED_WORKER = 'projects-gallery:embedded-database'

/** The port to the server, in the worker thread the server started; null wherever else this is imported. */
const port = workerData === EMBEDDED_WORKER ? parentPort : null

let database: PGlite | undefined
const transactions = new Map<
  number,
  { tx: Transaction; end: (commit: boolean) => void; ended: Promise<void> }
>()
let lastTransaction = 0
/** One PGlite listener per channel; the server fans notifications out to its own listeners. */
const listening = new Map<string, () => Promise<void>>()
/** Listening and unlistening in the order asked, each done before the next is looked at. */
let channelChanges: Promise<void> = Promise.resolve()
/** drizzle's parsers keep a few types as text; the same handful of combinations comes every time. */
const textParsers = new Map<string, Record<number, (value: string) => string>>()

function open(): PGlite {
  if (!database) throw new Error('The embedded database is not open')
  return database
}

/** PGlite itself, or the transaction a statement belongs to (PGlite runs one statement at a time). */
function runner(transaction: number | null): PGlite | Transaction {
  if (transaction === null) return open()
  const entry = transactions.get(transaction)
  if (!entry) throw new Error(`Transaction ${transaction} is not open`)
  return entry.tx
}

function parsersFor(textTypes: number[]) {
  const key = textTypes.join(',')
  let parsers = textParsers.get(key)
  if (!parsers) {
    parsers = Object.fromEntries(textTypes.map((type) => [type, (value: string) => value]))
    textParsers.set(key, parsers)
  }
  return parsers
}

/**
 * Opens a transaction and keeps it open until `commit` or `rollback`: PGlite's `transaction` holds its
 * lock meanwhile, so statements from outside the transaction wait, as they would on the main thread.
 */
function begin(): Promise<number> {
  const id = ++lastTransaction
  let end: (commit: boolean) => void = () => undefined
  const decided = new Promise<boolean>((resolve) => (end = resolve))
  let began: (tx: Transaction) => void = () => undefined
  const started = new Promise<Transaction>((resolve) => (began = resolve))
  const ended = open()
    .transaction(async (tx) => {
      began(tx)
      if (!(await decided)) await tx.rollback()
    })
    .finally(() => transactions.delete(id))
  // BEGIN failed: the caller hears it; once begun, the end is heard by `commit` or `rollback`.
  return Promise.race([started, ended.then(() => undefined)]).then((tx) => {
    if (!tx) throw new Error('The transaction ended before it began')
    transactions.set(id, { tx, end, ended })
    return id
  })
}

async function finish(transaction: number, commit: boolean) {
  const entry = transactions.get(transaction)
  if (!entry) throw new Error(`Transaction ${transaction} is not open`)
  entry.end(commit)
  await entry.ended
}

async function changeChannel(op: 'listen' | 'unlisten', channel: string) {
  const unlisten = listening.get(channel)
  if (op === 'unlisten') {
    listening.delete(channel)
    await unlisten?.()
  } else if (!unlisten) {
    const notify = (payload: string) => {
      const message: Notification = { notification: { channel, payload } }
      port?.postMessage(message)
    }
    listening.set(channel, await open().listen(channel, notify))
  }
}

/**
 * PostgreSQL's buffer pool is memory the WASM heap takes at start and never gives back: PGlite's default
 * of 128 MB is a quarter of the server's memory budget (issue 12), while its files are read through the
 * operating system's cache anyway. 32 MB held the catalogue's indexes at 100,000 projects (decision 030).
 */
const EMBEDDED_SETTINGS = ['shared_buffers = 32MB']

async function openDatabase(call: OpenCall) {
  const { dataDir, loadDataDir } = call
  database = await PGlite.create(dataDir, {
    extensions: embeddedExtensions,
    postgresqlconf: EMBEDDED_SETTINGS,
    ...(loadDataDir ? { loadDataDir: new Tarball(loadDataDir.bytes, loadDataDir.type) } : {}),
  })
}

async function dump(): Promise<Dump> {
  const tarball = await open().dumpDataDir('gzip')
  return { bytes: await tarball.arrayBuffer(), type: tarball.type }
}

async function run(call: Call): Promise<unknown> {
  switch (call.op) {
    case 'open':
      return openDatabase(call)
    case 'query':
      return runner(call.transaction).query(call.sql, call.params, {
        rowMode: call.rowMode,
        parsers: parsersFor(call.textTypes),
        ...(call.paramTypes ? { paramTypes: call.paramTypes } : {}),
      })
    case 'exec':
      return runner(call.transaction).exec(call.sql)
    case 'begin':
      return begin()
    case 'commit':
      return finish(call.transaction, true)
    case 'rollback':
      return finish(call.transaction, false)
    case 'listen':
    case 'unlisten': {
      const change = channelChanges.then(() => changeChannel(call.op, call.channel))
      channelChanges = change.catch(() => undefined)
      return change
    }
    case 'dump':
      return dump()
    case 'close':
      await database?.close()
      database = undefined
      return undefined
  }
}

/** PGlite's errors carry PostgreSQL's fields (`code`, `constraint`…): the primitive ones cross as they are. */
function serialize(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} }
  const fields: SerializedError['fields'] = {}
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value
  }
  return { name: error.name, message: error.message, fields }
}

function answer(response: Response, transfer: ArrayBuffer[] = []) {
  port?.postMessage(response, transfer)
}

port?.on('message', (request: Request) => {
  run(request.call).then(
    (value) => {
      const transfer = request.call.op === 'dump' && isDump(value) ? [value.bytes] : []
      answer({ id: request.id, ok: true, value }, transfer)
    },
    (error: unknown) => answer({ id: request.id, ok: false, error: serialize(error) }),
  )
})

function isDump(value: unknown): value is Dump {
  return typeof value === 'object' && value !== null && 'bytes' in value && value.bytes instanceof ArrayBuffer
}
