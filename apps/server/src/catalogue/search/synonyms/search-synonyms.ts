import { asc } from 'drizzle-orm'
import type { DatabaseHandle } from '../../../platform/db/client'
import { listenToChannel, type ChannelListener } from '../../../platform/db/notifications'
import { searchSynonyms } from '../../../platform/db/schema'
import { createQuerySynonyms, type QuerySynonyms } from './query-synonyms'
import type { Synonym } from './synonym-sides'

/** The channel migration 0017's trigger notifies when a statement changed the synonyms. */
const CHANNEL = 'search_synonyms'
/** Without a listening connection (lost, or a database that cannot listen), how often they are read. */
const READ_WITHOUT_LISTENING_MS = 1_000

/** The synonyms this process searches with: `version` goes up at each read, and keys cached answers. */
export interface SynonymsInForce {
  version: number
  synonyms: readonly Synonym[]
  query: QuerySynonyms
}

/**
 * The owner's synonyms, kept in memory by every process and applied to the query's words (decision 067,
 * synonyms): a change is heard on `search_synonyms` from any process and read again (at most 500 rows),
 * so the next search anywhere uses it, with no index to rebuild. Until the first read, and while a read
 * fails, searches go on with the synonyms known.
 */
export function createSearchSynonyms(database: DatabaseHandle, onError: (error: unknown) => void) {
  let inForce: SynonymsInForce = { version: 0, synonyms: [], query: createQuerySynonyms([]) }
  let reading: Promise<void> | null = null
  let again = false
  let listener: ChannelListener | null = null
  let polling: NodeJS.Timeout | undefined
  let stopped = false

  async function read(): Promise<void> {
    const rows = await database.db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.createdAt))
    inForce = { version: inForce.version + 1, synonyms: rows, query: createQuerySynonyms(rows) }
  }

  /** Reads them again; a change heard during a read is read once more after it. */
  function reload(): Promise<void> {
    if (stopped) return Promise.resolve()
    if (reading) {
      again = true
      return reading
    }
    const current = read()
      .catch((error: unknown) => {
        if (!stopped) onError(error)
      })
      .finally(() => {
        reading = null
        if (again) {
          again = false
          void reload()
        }
      })
    reading = current
    return current
  }

  const poll = (on: boolean) => {
    clearInterval(polling)
    polling = on && !stopped ? setInterval(() => void reload(), READ_WITHOUT_LISTENING_MS).unref() : undefined
  }

  return {
    current: (): SynonymsInForce => inForce,

    /** This process has just changed them: read now, so its own next search and answer use them. */
    async changed(): Promise<void> {
      // A read under way may have begun before the change: the one after it has not.
      if (reading) await reading
      await reload()
    },

    /** Listens for changes and reads them; a process that cannot listen reads them every second. */
    async start(): Promise<void> {
      listener = await listenToChannel(database, CHANNEL, {
        onNotification: () => void reload(),
        onListening: () => {
          poll(false)
          void reload()
        },
        onLost: () => poll(true),
      })
      if (!listener) poll(true)
      await reload()
    },

    async stop(): Promise<void> {
      stopped = true
      poll(false)
      await listener?.close()
      await reading
    },
  }
}

export type SearchSynonyms = ReturnType<typeof createSearchSynonyms>
