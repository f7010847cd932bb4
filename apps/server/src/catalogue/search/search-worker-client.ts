import { Worker } from 'node:worker_threads'
import { serverFiles } from '../../platform/server-files'
import { findPage, type IndexPage, type PageAsk, type PageFinder } from './page-finder'
import type { ProjectIndex, SearchableIndex } from './project-index'
import {
  INDEXES_KEPT,
  SEARCH_WORKER,
  type FromSearchWorkerBatch,
  type ToSearchWorker,
  type ToSearchWorkerBatch,
} from './search-worker-protocol'

/** After this many unexpected ends of the worker, pages are found on the main thread until the server stops. */
const STARTS_ALLOWED = 3

interface Waiting {
  index: ProjectIndex
  ask: PageAsk
  resolve: (page: IndexPage) => void
  reject: (error: unknown) => void
}

/** The parts of an index the worker searches; its ids and cards stay on the main thread. */
const searchablePart = ({
  version,
  size,
  createdRank,
  titleRank,
  titleWords,
  authorWords,
  vocabulary,
  titles,
}: ProjectIndex): SearchableIndex => ({
  version,
  size,
  createdRank,
  titleRank,
  titleWords,
  authorWords,
  vocabulary,
  titles,
})

/** The page found here, as the worker would have answered it (its error too). */
function findHere({ index, ask, resolve, reject }: Waiting) {
  try {
    resolve(findPage(index, ask))
  } catch (error) {
    reject(error)
  }
}

/**
 * Finds pages in a worker thread (decision 055): the main thread sends it each index once (a copy of
 * its searchable parts) and then only asks, so a search costs the main thread two small messages
 * instead of the search itself. Started on the first page asked. A worker that ends unexpectedly is
 * reported and started again on the next ask; the pages it was finding are found here meanwhile, so no
 * request fails for it.
 */
export function createSearchWorker(options: {
  onError: (error: unknown) => void
  /** Tests end the worker through it, as a crash would. */
  onWorker?: (worker: Worker) => void
}): PageFinder {
  let worker: Worker | null = null
  /** The versions the worker holds, oldest first: the same rule as the worker's, in the same order. */
  let sent: string[] = []
  const pending = new Map<number, Waiting>()
  let lastId = 0
  let starts = 0
  let closing = false

  function start(): Worker {
    starts++
    const started = new Worker(serverFiles.searchWorker, {
      workerData: SEARCH_WORKER,
      execArgv: serverFiles.workerExecArgv,
    })
    options.onWorker?.(started)
    // Idle, the worker does not keep the process alive; busy, it does.
    started.unref()
    started.on('message', (answers: FromSearchWorkerBatch) => {
      for (const answer of answers) {
        const waiting = pending.get(answer.id)
        pending.delete(answer.id)
        if (!waiting) continue
        if (answer.ok) waiting.resolve({ page: answer.page, total: answer.total })
        // Not expected (every version asked for was sent): found here, with its error if it has one.
        else findHere(waiting)
      }
      if (pending.size === 0) started.unref()
    })
    const ended = (cause: Error) => {
      if (worker !== started) return
      worker = null
      sent = []
      if (!closing) options.onError(cause)
      for (const [id, waiting] of pending) {
        pending.delete(id)
        findHere(waiting)
      }
    }
    started.on('error', ended)
    started.on('exit', (code) => ended(new Error(`The search worker stopped (exit code ${code})`)))
    return started
  }

  /** What this turn of the event loop sends, sent at its end as one message (to the worker it was for). */
  let batch: { to: Worker; messages: ToSearchWorkerBatch } | null = null
  function send(to: Worker, message: ToSearchWorker) {
    if (batch?.to !== to) {
      const current = { to, messages: [] as ToSearchWorkerBatch }
      batch = current
      setImmediate(() => {
        if (batch === current) batch = null
        // A worker that ended meanwhile: its pages were found here (`ended`), and these go nowhere.
        if (worker === to) to.postMessage(current.messages)
      })
    }
    batch.messages.push(message)
  }

  return {
    find(index, ask) {
      if (closing || (!worker && starts >= STARTS_ALLOWED)) return findPage(index, ask)
      worker ??= start()
      const to = worker
      if (!sent.includes(index.version)) {
        send(to, { kind: 'index', index: searchablePart(index) })
        sent.push(index.version)
        if (sent.length > INDEXES_KEPT) sent.shift()
      }
      const id = ++lastId
      return new Promise<IndexPage>((resolve, reject) => {
        pending.set(id, { index, ask, resolve, reject })
        if (pending.size === 1) to.ref()
        send(to, { kind: 'page', id, version: index.version, ask })
      })
    },

    async close() {
      closing = true
      const stopping = worker
      worker = null
      for (const [id, waiting] of pending) {
        pending.delete(id)
        findHere(waiting)
      }
      await stopping?.terminate()
    },
  }
}
