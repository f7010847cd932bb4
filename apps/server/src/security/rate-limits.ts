import { sql } from 'drizzle-orm'
import { AppwriteError } from '../appwrite/errors'
import type { DatabaseHandle } from '../db/client'

export interface RateLimitRule {
  name: string
  limit: number
  windowSeconds: number
}

/** Counters live in the database so that several server instances share them. */
export function createRateLimiter(database: DatabaseHandle, now: () => Date = () => new Date()) {
  async function read(rule: RateLimitRule, subject: string) {
    const [row] = await database.rows(sql`
      SELECT hits, (extract(epoch FROM window_start) * 1000)::float8 AS window_ms FROM rate_limits WHERE key = ${`${rule.name}:${subject}`}`)
    return row
  }

  function exceeded(rule: RateLimitRule, hits: number, windowStart: Date): AppwriteError {
    const resetMs = windowStart.getTime() + rule.windowSeconds * 1000
    const reset = Math.ceil(resetMs / 1000)
    const retryAfter = Math.min(
      rule.windowSeconds,
      Math.max(1, Math.ceil((resetMs - now().getTime()) / 1000)),
    )
    return new AppwriteError('general_rate_limit_exceeded', undefined, {
      'X-RateLimit-Limit': String(rule.limit),
      'X-RateLimit-Remaining': String(Math.max(0, rule.limit - hits)),
      'X-RateLimit-Reset': String(reset),
      'Retry-After': String(retryAfter),
    })
  }

  return {
    /** Counts one attempt; returns the 429 to answer once the window holds more than the limit. */
    async hit(rule: RateLimitRule, subject: string): Promise<AppwriteError | null> {
      const at = now().toISOString()
      const [row] = await database.rows(sql`
        INSERT INTO rate_limits (key, hits, window_start) VALUES (${`${rule.name}:${subject}`}, 1, ${at})
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limits.window_start <= ${at}::timestamptz - make_interval(secs => ${rule.windowSeconds})
                 THEN 1 ELSE rate_limits.hits + 1 END,
          window_start = CASE WHEN rate_limits.window_start <= ${at}::timestamptz - make_interval(secs => ${rule.windowSeconds})
                 THEN ${at}::timestamptz ELSE rate_limits.window_start END
        RETURNING hits, (extract(epoch FROM window_start) * 1000)::float8 AS window_ms`)
      const hits = Number(row?.hits ?? 0)
      return hits > rule.limit ? exceeded(rule, hits, new Date(Number(row?.window_ms))) : null
    },

    /** Throws 429 if the subject has already used up the window, without counting. */
    async check(rule: RateLimitRule, subject: string): Promise<void> {
      const row = await read(rule, subject)
      if (!row) return
      const windowStart = new Date(Number(row.window_ms))
      const fresh = windowStart.getTime() + rule.windowSeconds * 1000 > now().getTime()
      if (fresh && Number(row.hits) >= rule.limit) throw exceeded(rule, Number(row.hits), windowStart)
    },

    async reset(rule: RateLimitRule, subject: string): Promise<void> {
      await database.rows(sql`DELETE FROM rate_limits WHERE key = ${`${rule.name}:${subject}`}`)
    },
  }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>
