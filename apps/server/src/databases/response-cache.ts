export interface ResponseCacheLimits {
  /** Characters of keys and answers together (a JavaScript string holds one or two bytes each). */
  maxBytes: number
  /** Entries, whatever their size: each also costs the map's own bookkeeping. */
  maxEntries: number
}

/** 32 MB of keys and answers, in 10,000 entries at most (decisions 005 and 017). */
export const ANSWER_CACHE_LIMITS: ResponseCacheLimits = { maxBytes: 32 * 1024 * 1024, maxEntries: 10_000 }

/**
 * Serialized list responses, bounded by the size of their keys and answers and by their number, least
 * recently used out first (decision 017). Concurrent misses on one key share a single computation, so a
 * burst of identical requests makes one database query.
 */
export function createResponseCache(limits: ResponseCacheLimits) {
  const entries = new Map<string, string>()
  const pending = new Map<string, Promise<string>>()
  let bytes = 0
  const sizeOf = (key: string, value: string) => key.length + value.length

  function store(key: string, value: string) {
    const size = sizeOf(key, value)
    if (size > limits.maxBytes / 4) return
    const previous = entries.get(key)
    if (previous !== undefined) {
      entries.delete(key)
      bytes -= sizeOf(key, previous)
    }
    entries.set(key, value)
    bytes += size
    for (const [oldest, evicted] of entries) {
      if (bytes <= limits.maxBytes && entries.size <= limits.maxEntries) break
      entries.delete(oldest)
      bytes -= sizeOf(oldest, evicted)
    }
  }

  return {
    async get(key: string, compute: () => Promise<string>): Promise<string> {
      const hit = entries.get(key)
      if (hit !== undefined) {
        entries.delete(key)
        entries.set(key, hit)
        return hit
      }
      const inFlight = pending.get(key)
      if (inFlight) return inFlight
      const computing = compute().finally(() => pending.delete(key))
      pending.set(key, computing)
      const value = await computing
      store(key, value)
      return value
    },
    /** What the cache holds against its limits. */
    usage() {
      return { entries: entries.size, bytes, ...limits }
    },
  }
}

export type ResponseCache = ReturnType<typeof createResponseCache>

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared cache of catalogue answers (decision 005), so tests can read its usage. */
    answerCache: ResponseCache
  }
}
