export interface ResponseCacheLimits {
  /** Characters of keys and bytes of answers together (a key's character takes one or two bytes). */
  maxBytes: number
  /** Entries, whatever their size: each also costs the map's own bookkeeping. */
  maxEntries: number
}

/** 32 MB of keys and answers, in 10,000 entries at most (decisions 005 and 017). */
export const ANSWER_CACHE_LIMITS: ResponseCacheLimits = { maxBytes: 32 * 1024 * 1024, maxEntries: 10_000 }

/**
 * Serialized list responses, bounded by the size of their keys and answers and by their number, least
 * recently used out first (decision 017). Concurrent misses on one key share a single computation, so a
 * burst of identical requests makes one database query. Answers are kept as UTF-8 bytes, encoded once:
 * a hit is written to the socket as it is, with no conversion (decision 030).
 */
export function createResponseCache(limits: ResponseCacheLimits) {
  const entries = new Map<string, Buffer>()
  const pending = new Map<string, Promise<Buffer>>()
  let bytes = 0
  const sizeOf = (key: string, value: Buffer) => key.length + value.byteLength

  function store(key: string, value: Buffer) {
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

  /** The answer held under `key`, now the most recently used. */
  function peek(key: string): Buffer | undefined {
    const hit = entries.get(key)
    if (hit !== undefined) {
      entries.delete(key)
      entries.set(key, hit)
    }
    return hit
  }

  return {
    peek,
    /** The answer under `key`, computed (as JSON text or its UTF-8 bytes) and kept when missing. */
    async get(key: string, compute: () => Promise<string | Buffer>): Promise<Buffer> {
      const hit = peek(key)
      if (hit !== undefined) return hit
      const inFlight = pending.get(key)
      if (inFlight) return inFlight
      const computing = compute()
        .then((json) => (typeof json === 'string' ? Buffer.from(json) : json))
        .finally(() => pending.delete(key))
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
