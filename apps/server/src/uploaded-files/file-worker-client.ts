import { Worker } from 'node:worker_threads'
import type { CatalogFileFormat } from '@pg/shared/catalog-file'
import { AppwriteError } from '../platform/appwrite/errors'
import { said } from '../platform/error-messages/error-message'
import type { MailLanguage } from '../mail/mail-language'
import { serverFiles } from '../platform/server-files'
import {
  FILE_WORKER,
  type FileEntries,
  type FileEntriesPart,
  type FileTask,
  type FileTaskResults,
  type FromFileWorker,
  type SentCatalogRead,
} from './file-worker-protocol'

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

/** The parts of a file's entries, gathered as they arrive (each a message of its own). */
function gather(entries: FileEntries, part: FileEntriesPart): void {
  switch (part.list) {
    case 'categories':
      return void entries.categories.push(...part.entries)
    case 'tags':
      return void entries.tags.push(...part.entries)
    case 'projects':
      return void entries.projects.push(...part.entries)
    case 'projectTags':
      return void entries.projectTags.push(...part.entries)
    case 'members':
      return void entries.members.push(...part.entries)
  }
}

const withEntries = (read: SentCatalogRead, entries: FileEntries): SentCatalogRead => ({
  ...read,
  file: {
    categories: entries.categories,
    tags: entries.tags,
    projects: entries.projects,
    projectTags: entries.projectTags,
  },
})

interface Done<K extends FileTask['kind']> {
  result: FileTaskResults[K]
  entries: FileEntries
}

/** One task in a worker of its own: its result and entries, or the API error the worker answered. */
function inWorker<K extends FileTask['kind']>(task: FileTask & { kind: K }): Promise<Done<K>> {
  const entries: FileEntries = { categories: [], tags: [], projects: [], projectTags: [], members: [] }
  return new Promise((resolve, reject) => {
    const worker = new Worker(serverFiles.fileWorker, {
      workerData: FILE_WORKER,
      execArgv: serverFiles.workerExecArgv,
      resourceLimits: { maxOldGenerationSizeMb: FILE_WORKER_HEAP_MB },
    })
    let answered = false
    worker.on('message', (message: FromFileWorker<K>) => {
      if (message.kind === 'part') return gather(entries, message)
      answered = true
      if (message.ok) resolve({ result: message.result, entries })
      else reject(new AppwriteError(message.error.type, said('spoken', message.error.spoken)))
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
  function read<K extends FileTask['kind']>(task: FileTask & { kind: K }): Promise<Done<K>> {
    const turn = queue.then(() => inWorker<K>(task))
    queue = turn.catch(() => undefined)
    return turn
  }
  return {
    /** `POST /v1/store/catalog/import`'s body: `fileName`, `content`, `dryRun`, `format`. */
    async catalogUpload(body: unknown) {
      const { result, entries } = await read({ kind: 'catalog upload', body: bytesOf(body) })
      return { ...result, read: withEntries(result.read, entries) }
    },
    /** A catalogue file's text (the admin CLI's `catalog import`). */
    async catalogFile(content: string, format: CatalogFileFormat) {
      const { result, entries } = await read({ kind: 'catalog file', content, format })
      return withEntries(result, entries)
    },
    /** `POST /v1/store/members/import`'s body; `language` when it names none. */
    async membersUpload(body: unknown, language: MailLanguage) {
      const { result, entries } = await read({ kind: 'members upload', body: bytesOf(body), language })
      const file = result.file.ok ? { ok: true as const, members: entries.members } : result.file
      return { ...result, file }
    },
  }
}

export type FileReader = ReturnType<typeof createFileReader>
