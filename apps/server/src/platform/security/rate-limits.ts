import { sql } from 'drizzle-orm'
import { AppwriteError } from '../appwrite/errors'
import type { DatabaseHandle } from '../db/client'
import type { ErrorMessage } from '../error-messages/error-message'

export interface RateLimitRule {
  name: string
  limit: number
  windowSeconds: number
  /** What the 429 says, when a rule says more than Appwrite's general message: given the wait in minutes. */
  message?: (wait: { minutes: number }) => ErrorMessage
}

/** Counters live in the database so that several server instances share them. */
export function createRateLimiter(database: DatabaseHandle, now: () => Date = () => new Date()) {
  function exceeded(rule: RateLimitRule, hits: number, windowStart: Date): AppwriteError {
    const resetMs = windowStart.getTime() + rule.windowSeconds * 1000
    const reset = Math.ceil(resetMs / 1000)
    const retryAfter = Math.min(
      rule.windowSeconds,
      Math.max(1, Math.ceil((resetMs - now().getTime()) / 1000)),
    )
    return new AppwriteError(
      'general_rate_limit_exceeded',
      rule.message?.({ minutes: Math.max(1, Math.ceil(retryAfter / 60)) }),
      {
        'X-RateLimit-Limit': String(rule.limit),
        'X-RateLimit-Remaining': String(Math.max(0, rule.limit - hits)),
        'X-RateLimit-Reset': String(reset),
        'Retry-After': String(retryAfter),
      },
      // In the body too: a browser app (the web SDK) reads the body, not the headers.
      { retryAfter: String(retryAfter) },
    )
  }

  return {
    /**
     * Counts one attempt in one atomic statement, before the work it guards, so attempts made at the
     * same moment each see the others; returns the 429 to answer once the window holds more than the limit.
     */
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

    /** Takes back one counted attempt that turned out not to count (a successful sign-in). */
    async undo(rule: RateLimitRule, subject: string): Promise<void> {
      await database.rows(
        sql`UPDATE rate_limits SET hits = greatest(hits - 1, 0) WHERE key = ${`${rule.name}:${subject}`}`,
      )
    },

    /** The attempts counted in the subject's live window, without counting one; null when none is live. */
    async peek(rule: RateLimitRule, subject: string): Promise<{ hits: number; windowStart: Date } | null> {
      const at = now().toISOString()
      const [row] = await database.rows(sql`
        SELECT hits, (extract(epoch FROM window_start) * 1000)::float8 AS window_ms FROM rate_limits
        WHERE key = ${`${rule.name}:${subject}`}
          AND window_start > ${at}::timestamptz - make_interval(secs => ${rule.windowSeconds})`)
      return row ? { hits: Number(row.hits), windowStart: new Date(Number(row.window_ms)) } : null
    },

    async reset(rule: RateLimitRule, subject: string): Promise<void> {
      await database.rows(sql`DELETE FROM rate_limits WHERE key = ${`${rule.name}:${subject}`}`)
    },
  }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>
