import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from './client'

/**
 * Removes what can no longer be used: expired sessions and tokens, finished rate-limit windows, and
 * searches that found nothing older than 90 days (decision 044).
 */
export async function sweepExpired(database: DatabaseHandle): Promise<void> {
  await database.rows(sql`DELETE FROM sessions WHERE expires_at < now()`)
  await database.rows(sql`DELETE FROM tokens WHERE expires_at < now() - interval '1 day'`)
  await database.rows(sql`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`)
  await database.rows(
    sql`DELETE FROM searches_without_results WHERE day < (now() AT TIME ZONE 'UTC')::date - 90`,
  )
}

/** Sweeps once an hour while the server runs; the timer never keeps the process alive. */
export function startHousekeeping(database: DatabaseHandle, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => void sweepExpired(database).catch(onError), 3_600_000)
  timer.unref()
  return () => clearInterval(timer)
}
