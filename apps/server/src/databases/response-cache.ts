/**
 * Serialized list responses, bounded by size, least recently used out first. Concurrent misses on one
 * key share a single computation, so a burst of identical requests makes one database query.
 */
export function createResponseCache(options: { maxBytes: number }) {
  const entries = new Map<string, string>()
  const pending = new Map<string, Promise<string>>()
  let bytes = 0

  function store(key: string, value: string) {
    if (value.length > options.maxBytes / 4) return
    entries.set(key, value)
    bytes += value.length
    for (const [oldest, evicted] of entries) {
      if (bytes <= options.maxBytes) break
      entries.delete(oldest)
      bytes -= evicted.length
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
    get size() {
      return entries.size
    },
  }
}

export type ResponseCache = ReturnType<typeof createResponseCache>
