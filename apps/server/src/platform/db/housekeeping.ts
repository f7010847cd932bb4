import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from './client'

/** Any number, the same in every store process: the key of the lock of the hourly sweep. */
const SWEEP_LOCK = 7_352_012

/**
 * Removes what can no longer be used: expired sessions and tokens, finished rate-limit windows,
 * searches that found nothing older than 90 days (decision 044), and the analytics' past salts and
 * visitors' hashes and old weeks of active members (decision 065). One transaction, taken by one store
 * process at a time (decision 046): another instance on the same PostgreSQL sweeping now keeps the lock,
 * and this one leaves the sweep to it. Resolves with whether this process swept. The statements delete
 * only what is past its time, so a sweep after another one's finds little and changes nothing that
 * matters.
 */
export async function sweepExpired(database: DatabaseHandle): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const [turn] = await tx
      .select({ taken: sql<boolean>`pg_try_advisory_xact_lock(${SWEEP_LOCK})` })
      .from(sql`(VALUES (1)) AS turn`)
    if (turn?.taken !== true) return false
    await tx.execute(sql`DELETE FROM sessions WHERE expires_at < now()`)
    await tx.execute(sql`DELETE FROM tokens WHERE expires_at < now() - interval '1 day'`)
    await tx.execute(sql`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`)
    await tx.execute(
      sql`DELETE FROM searches_without_results WHERE day < (now() AT TIME ZONE 'UTC')::date - 90`,
    )
    // The days before today lose their salt and visitors' hashes (decision 065): nobody is recognised
    // across days. Weeks of active members are kept as long as the longest report looks back.
    await tx.execute(sql`DELETE FROM analytics_salts WHERE day < (now() AT TIME ZONE 'UTC')::date`)
    await tx.execute(sql`DELETE FROM analytics_visitors WHERE day < (now() AT TIME ZONE 'UTC')::date`)
    await tx.execute(
      sql`DELETE FROM analytics_active_members WHERE week < (now() AT TIME ZONE 'UTC')::date - 98`,
    )
    return true
  })
}

/** Sweeps once an hour while the server runs; the timer never keeps the process alive. */
export function startHousekeeping(database: DatabaseHandle, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => void sweepExpired(database).catch(onError), 3_600_000)
  timer.unref()
  return () => clearInterval(timer)
}
