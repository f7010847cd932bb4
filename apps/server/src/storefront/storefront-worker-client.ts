import { existsSync } from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { serverFiles } from '../platform/server-files'
import {
  STOREFRONT_WORKER,
  type FromStorefrontWorker,
  type StorefrontDrawing,
  type StorefrontWorkerData,
  type ToStorefrontWorker,
} from './storefront-worker-protocol'

/** A drawing takes well under a second; one that has not answered by then is a worker gone wrong. */
const DRAWING_TIMEOUT_MS = 60_000
/** The worker's heap: some forty pages of a few hundred KB each, and the content twice resolved. */
const WORKER_HEAP_MB = 192

/** Draws the storefront's pages of a content: every page of both languages, or those of `only`. */
export interface PageDrawer {
  /** Whether the web build can draw at run time (it has a `.server/` folder with the server entry). */
  readonly available: boolean
  draw: (drawing: StorefrontDrawing) => Promise<Record<string, string>>
  /** Starts the worker and has it load the server entry, so that the next drawing only draws. */
  warm: () => Promise<void>
  close: () => Promise<void>
}

interface Waiting {
  resolve: (pages: Record<string, string>) => void
  reject: (error: Error) => void
  timer: NodeJS.Timeout
}

/**
 * The storefront worker (storefront-worker.ts), started on the first drawing and kept: it imports the web
 * build's server entry once. Idle, it does not keep the process alive. One that ends or stops answering
 * fails the drawings under way (the pages served stay as they are) and is started again on the next one.
 */
export function createPageDrawer(webDir: string): PageDrawer {
  const serverDir = path.join(webDir, '.server')
  const available = existsSync(path.join(serverDir, 'entry-server.js'))
  let worker: Worker | null = null
  const pending = new Map<number, Waiting>()
  let lastId = 0
  let closing = false

  function failAll(from: Worker, error: Error): Promise<unknown> {
    if (worker !== from) return Promise.resolve()
    worker = null
    const stopped = from.terminate()
    for (const [id, waiting] of pending) {
      pending.delete(id)
      clearTimeout(waiting.timer)
      waiting.reject(error)
    }
    return stopped
  }

  function start(): Worker {
    const data: StorefrontWorkerData = { marker: STOREFRONT_WORKER, serverDir }
    const started = new Worker(serverFiles.storefrontWorker, {
      workerData: data,
      execArgv: serverFiles.workerExecArgv,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 8 },
    })
    started.unref()
    started.on('message', (answer: FromStorefrontWorker) => {
      const waiting = pending.get(answer.id)
      if (!waiting) return
      pending.delete(answer.id)
      clearTimeout(waiting.timer)
      if (answer.ok) waiting.resolve(answer.pages)
      else waiting.reject(new Error(`The storefront could not be drawn: ${answer.error}`))
      if (pending.size === 0) started.unref()
    })
    started.on('error', (error) => void failAll(started, error))
    started.on('exit', (code) => {
      void failAll(started, new Error(`The storefront worker stopped (exit code ${code})`))
    })
    return started
  }

  function ask(drawing?: StorefrontDrawing): Promise<Record<string, string>> {
    if (!available) return Promise.reject(new Error(`${serverDir} holds no entry-server.js`))
    if (closing) return Promise.reject(new Error('The server is stopping'))
    const to = (worker ??= start())
    const id = ++lastId
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => void failAll(to, new Error(`The storefront worker did not answer in ${DRAWING_TIMEOUT_MS} ms`)),
        DRAWING_TIMEOUT_MS,
      )
      timer.unref()
      pending.set(id, { resolve, reject, timer })
      to.ref()
      const message: ToStorefrontWorker = { id, ...(drawing ? { drawing } : {}) }
      to.postMessage(message)
    })
  }

  return {
    available,
    draw: (drawing) => ask(drawing),
    warm: async () => void (await ask()),
    async close() {
      closing = true
      if (worker) await failAll(worker, new Error('The server is stopping'))
    },
  }
}
