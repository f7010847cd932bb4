/**
 * The search worker (decision 055): a thread that finds the pages of the member's searches and of
 * `contains(title, …)` on copies of the search index, so that the server's main thread spends its time
 * on HTTP while the search uses the second core. It holds the indexes the server sends it and answers
 * `findPage`'s page for each ask, in the order asked.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { findPage } from './page-finder'
import type { SearchableIndex } from './project-index'
import {
  INDEXES_KEPT,
  SEARCH_WORKER,
  type FromSearchWorker,
  type FromSearchWorkerBatch,
  type ToSearchWorker,
  type ToSearchWorkerBatch,
} from './search-worker-protocol'

const port = workerData === SEARCH_WORKER ? parentPort : null
/** The indexes sent, oldest first. */
const indexes: SearchableIndex[] = []

function answer({ id, version, ask }: Extract<ToSearchWorker, { kind: 'page' }>): FromSearchWorker {
  const index = indexes.find((kept) => kept.version === version)
  if (!index) return { id, ok: false, error: `No index of version ${version} was sent` }
  try {
    return { id, ok: true, ...findPage(index, ask) }
  } catch (error) {
    return { id, ok: false, error: error instanceof Error ? error.message : String(error) }
  }
}

port?.on('message', (batch: ToSearchWorkerBatch) => {
  const answers: FromSearchWorkerBatch = []
  for (const message of batch) {
    if (message.kind === 'page') answers.push(answer(message))
    else {
      indexes.push(message.index)
      if (indexes.length > INDEXES_KEPT) indexes.shift()
    }
  }
  if (answers.length > 0) port.postMessage(answers)
})
