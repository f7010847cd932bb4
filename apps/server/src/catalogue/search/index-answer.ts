import type { ListQueries } from '../../platform/appwrite/queries'
import type { CollectionDefinition } from '../collections/collections'
import type { DocumentRepository } from '../collections/document-repository'
import type { Projection } from '../collections/projection'
import type { ResponseCache } from '../collections/response-cache'
import { joinCards } from './card-bytes'
import type { IndexPage } from './page-finder'
import { isCardProjection } from './project-cards'
import type { ProjectIndex } from './project-index'

export interface DocumentContext {
  databaseId: string
  collection: CollectionDefinition
}

interface Dependencies {
  documents: DocumentRepository
  cache: ResponseCache
}

const END = Buffer.from(']}')

const OPEN_BRACKET = 0x5b

/**
 * Whether an answer of this module (cached or not) has no document: both its forms end with the
 * documents' array, so an empty one ends with `[]}`. One byte read, on the search's path.
 */
export const hasNoDocuments = (answer: Buffer) =>
  answer.length >= 3 && answer[answer.length - 3] === OPEN_BRACKET

/** Addresses seen recently, as 32-bit hashes: a collision only caches an answer one request early. */
const SEEN_KEPT = 50_000

function hashOf(text: string): number {
  let hash = 0x811c9dc5
  for (let at = 0; at < text.length; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193)
  return hash >>> 0
}

/**
 * Turns a page the search index found into the answer (decisions 029–031). The gallery's cards are in
 * the index: that answer is put together from them, with no statement, and is cached only when its
 * address comes a second time (decision 033): most searches are made once, and caching each would push
 * the answers asked again and again out of the cache, while one asked again is cheaper cached. Any other
 * `select` reads the page's documents by id and caches the answer under `key`.
 */
export function createIndexAnswers({ documents, cache }: Dependencies) {
  const seen = new Set<number>()
  /** Whether `key` was seen before; it is from now on. */
  const seenBefore = (key: string) => {
    const hash = hashOf(key)
    if (seen.has(hash)) return true
    if (seen.size >= SEEN_KEPT) seen.clear()
    seen.add(hash)
    return false
  }
  return {
    async answer(
      index: ProjectIndex,
      context: DocumentContext,
      /** The request's `select`, and what it resolved to (checked before the index was asked). */
      select: ListQueries['select'],
      projection: Projection,
      key: string,
      /** The page, found on this thread or in the search worker (decision 055). */
      find: () => IndexPage | Promise<IndexPage>,
    ): Promise<Buffer> {
      if (index.cards.count === index.size && isCardProjection(projection)) {
        // The cards' bytes copied together: nothing is serialized or encoded again (decision 033).
        const fromCards = async () => {
          const { page, total } = await find()
          return joinCards(index.cards, page, Buffer.from(`{"total":${total},"documents":[`), END)
        }
        const hit = cache.peek(key)
        if (hit) return hit
        if (!seenBefore(key)) return fromCards()
        return cache.get(key, fromCards)
      }
      return cache.get(key, async () => {
        const { page, total } = await find()
        const ids = page.flatMap((position) => index.ids[position] ?? [])
        const found =
          ids.length === 0
            ? []
            : (
                await documents.list(
                  context,
                  {
                    filters: [{ method: 'equal', attribute: '$id', values: ids }],
                    select,
                    orders: [],
                    cursor: null,
                    limit: ids.length,
                    offset: 0,
                  },
                  false,
                )
              ).documents
        const byId = new Map(found.map((document) => [document.$id, document]))
        // A project deleted since the index was built is left out of its page.
        const ordered = ids.flatMap((id) => byId.get(id) ?? [])
        return JSON.stringify({ total, documents: ordered })
      })
    },
  }
}

export type IndexAnswers = ReturnType<typeof createIndexAnswers>
