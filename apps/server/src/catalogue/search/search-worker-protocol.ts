import type { IndexPage, PageAsk } from './page-finder'
import type { SearchableIndex } from './project-index'

/**
 * The messages between the server and its search worker (decision 055). The worker holds the indexes of
 * the last `INDEXES_KEPT` versions it was sent, as the server counts them: a page is asked of a version
 * the server has sent and not pushed out since, in the order of the messages.
 */
export const INDEXES_KEPT = 2

/** What the server passes as `workerData`, so that only its worker serves (not a test runner's thread). */
export const SEARCH_WORKER = 'projects-gallery search worker'

export type ToSearchWorker =
  { kind: 'index'; index: SearchableIndex } | { kind: 'page'; id: number; version: string; ask: PageAsk }

export type FromSearchWorker =
  ({ id: number; ok: true } & IndexPage) | { id: number; ok: false; error: string }

/**
 * Messages cross in batches: those of one turn of the event loop in one message each way (a message
 * costs the main thread about as much as the search it saves, whatever its size).
 */
export type ToSearchWorkerBatch = ToSearchWorker[]
export type FromSearchWorkerBatch = FromSearchWorker[]
