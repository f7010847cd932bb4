import { Worker } from 'node:worker_threads'
import type { CatalogFileFormat } from '@pg/shared/catalog-file'
import { AppwriteError } from '../appwrite/errors'
import { said } from '../error-messages/error-message'
import type { MailLanguage } from '../mail/mail-language'
import { serverFiles } from '../server-files'
import { FILE_WORKER, type FileTask, type FileTaskAnswer, type FileTaskResults } from './file-worker-protocol'

/**
 * The file worker's heap. A 32 MB body of `[{},{},…]` parses into about 550 MB; a file that needs more
 * than this is refused (400) instead of the process running out of memory.
 */
const FILE_WORKER_HEAP_MB = 1024

const isOutOfMemory = (error: unknown) =>
  error instanceof Error && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY'

/** A file route's body as Fastify read it (file routes keep it as bytes: http/route-table.ts). */
const bytesOf = (body: unknown): Uint8Array | null => (body instanceof Uint8Array ? body : null)

/**
 * The body's memory is handed to the worker rather than copied when the body has it to itself; a small
 * Buffer may share Node's pool with others, and is copied.
 */
function transferable(task: FileTask): ArrayBuffer[] {
  const body = 'body' in task ? task.body : null
  if (!body || body.byteOffset !== 0 || !(body.buffer instanceof ArrayBuffer)) return []
  return body.buffer.byteLength === body.byteLength ? [body.buffer] : []
}

/** One task in a worker of its own: its result, or the API error the worker answered. */
function inWorker<K extends FileTask['kind']>(task: FileTask & { kind: K }): Promise<FileTaskResults[K]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(serverFiles.fileWorker, {
      workerData: FILE_WORKER,
      execArgv: serverFiles.workerExecArgv,
      resourceLimits: { maxOldGenerationSizeMb: FILE_WORKER_HEAP_MB },
    })
    let answered = false
    worker.once('message', (answer: FileTaskAnswer<K>) => {
      answered = true
      if (answer.ok) resolve(answer.result)
      else reject(new AppwriteError(answer.error.type, said('spoken', answer.error.spoken)))
    })
    worker.once('error', (error) => {
      answered = true
      reject(
        isOutOfMemory(error)
          ? new AppwriteError('general_argument_invalid', said('fileTooLargeToRead'))
          : error,
      )
    })
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`The file worker ended without an answer (exit code ${code})`))
    })
    worker.postMessage(task, transferable(task))
  })
}

/**
 * Reads the files of the console's routes and of `catalog import` off the main thread (decision 056),
 * one at a time in this process: each worker holds its file parsed (hundreds of MB for 32 MB of tiny
 * entries), and a second file waits for the first rather than doubling that.
 */
export function createFileReader() {
  let queue: Promise<unknown> = Promise.resolve()
  function read<K extends FileTask['kind']>(task: FileTask & { kind: K }): Promise<FileTaskResults[K]> {
    const turn = queue.then(() => inWorker<K>(task))
    queue = turn.catch(() => undefined)
    return turn
  }
  return {
    /** `POST /v1/store/catalog/import`'s body: `fileName`, `content`, `dryRun`, `format`. */
    catalogUpload: (body: unknown) => read({ kind: 'catalog upload', body: bytesOf(body) }),
    /** A catalogue file's text (the admin CLI's `catalog import`). */
    catalogFile: (content: string, format: CatalogFileFormat) =>
      read({ kind: 'catalog file', content, format }),
    /** `POST /v1/store/members/import`'s body; `language` when it names none. */
    membersUpload: (body: unknown, language: MailLanguage) =>
      read({ kind: 'members upload', body: bytesOf(body), language }),
  }
}

export type FileReader = ReturnType<typeof createFileReader>
