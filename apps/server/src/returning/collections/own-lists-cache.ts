import type { DatabaseHandle } from '../../platform/db/client'
import { listenToChannel } from '../../platform/db/notifications'

export interface OwnListsCacheLimits {
  answers: number
  bytes: number
}

/** A member's dashboard asks for one list (or a few): room for every member of a large store. */
export const OWN_LISTS_CACHE_LIMITS: OwnListsCacheLimits = { answers: 50_000, bytes: 64 * 1024 * 1024 }

/** The channel migration 0016's triggers notify: an owner's id, or '*' for every owner. */
const CHANNEL = 'member_collections'

/**
 * The answers of members' lists of their own collections, kept in memory (issue 32: listing them stays
 * within the cached answers' targets). The database says whose collections changed, from any process
 * (migration 0016), and that member's answers go; a lost listening connection empties the cache, and
 * until it listens again nothing is kept. As the session view (decision 028), a read that began before
 * a change heard meanwhile answers its own request but is not kept.
 */
export function createOwnListsCache(limits: OwnListsCacheLimits = OWN_LISTS_CACHE_LIMITS) {
  /** By member, then by the list's queries; least recently kept member first. */
  const byMember = new Map<string, Map<string, string>>()
  let answers = 0
  let bytes = 0
  let listening = false
  let generation = 0

  function forget(memberId: string) {
    const kept = byMember.get(memberId)
    if (!kept) return
    for (const answer of kept.values()) bytes -= answer.length
    answers -= kept.size
    byMember.delete(memberId)
  }

  function forgetAll() {
    byMember.clear()
    answers = 0
    bytes = 0
  }

  return {
    /** The kept answer, and the generation to give `keep` with a fresh one when there is none. */
    find(memberId: string, key: string): { answer: string | undefined; generation: number } {
      return { answer: byMember.get(memberId)?.get(key), generation }
    },

    keep(memberId: string, key: string, answer: string, readAt: number) {
      if (!listening || readAt !== generation) return
      const kept = byMember.get(memberId) ?? new Map<string, string>()
      const before = kept.get(key)
      if (before !== undefined) {
        bytes -= before.length
        answers -= 1
      }
      kept.set(key, answer)
      byMember.delete(memberId)
      byMember.set(memberId, kept)
      answers += 1
      bytes += answer.length
      for (const oldest of byMember.keys()) {
        if (answers <= limits.answers && bytes <= limits.bytes) break
        forget(oldest)
      }
    },

    /** A notification: an owner's id, or '*'. */
    changed(payload: string) {
      generation += 1
      if (payload === '*') forgetAll()
      else forget(payload)
    },

    setListening(value: boolean) {
      generation += 1
      listening = value
      forgetAll()
    },

    size: () => ({ answers, bytes }),
  }
}

export type OwnListsCache = ReturnType<typeof createOwnListsCache>

/** The cache of this process, listening on the database; without a way to listen it keeps nothing. */
export async function openOwnListsCache(
  database: DatabaseHandle,
  limits?: OwnListsCacheLimits,
): Promise<OwnListsCache & { close: () => Promise<void> }> {
  const cache = createOwnListsCache(limits)
  const listener = await listenToChannel(database, CHANNEL, {
    onNotification: (payload) => cache.changed(payload),
    onListening: () => cache.setListening(true),
    onLost: () => cache.setListening(false),
  })
  return { ...cache, close: async () => listener?.close() }
}
