import { createHmac } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../platform/db/client'
import { utcDay } from './daily-counts'

export interface ActiveMembersLimits {
  flushEveryMs: number
  /** Members remembered in memory as counted this week; later ones are not counted until the next week. */
  membersPerWeek: number
}

/** The Monday (UTC) of the week `at` falls in. */
export function weekOf(at: Date): string {
  const monday = new Date(at)
  monday.setUTCDate(at.getUTCDate() - ((at.getUTCDay() + 6) % 7))
  return utcDay(monday)
}

/**
 * Members active per week (decision 065): a member's first signed-in request of a week adds an HMAC of
 * their id under a key of the store's to the week's rows, so members are counted, never listed. Which
 * members this process already counted this week is held in memory (ids, never written), so any later
 * request of theirs costs one set lookup.
 */
export function createActiveMembers(options: {
  database: DatabaseHandle
  limits: ActiveMembersLimits
  /** The store's key for the hashes (store-keys.ts); read once. */
  key: () => Promise<Buffer>
  now: () => Date
  onError: (error: unknown) => void
}) {
  const { database, limits } = options
  let week = ''
  let counted = new Set<string>()
  let pending: { week: string; memberId: string }[] = []
  let writing: Promise<void> = Promise.resolve()

  async function write(): Promise<void> {
    if (pending.length === 0) return
    const members = pending
    pending = []
    const key = await options.key()
    const values = sql.join(
      members.map(
        ({ week: monday, memberId }) =>
          sql`(${monday}::date, ${createHmac('sha256', key).update(memberId).digest('hex').slice(0, 32)}::text)`,
      ),
      sql`, `,
    )
    await database.rows(sql`
      INSERT INTO analytics_active_members (week, member_hash) VALUES ${values}
      ON CONFLICT (week, member_hash) DO NOTHING`)
  }

  function flush(): Promise<void> {
    writing = writing.then(write).catch(options.onError)
    return writing
  }

  const timer = setInterval(() => {
    if (pending.length > 0) void flush()
  }, limits.flushEveryMs)
  timer.unref()

  return {
    /** A signed-in member's request. */
    seen(memberId: string): void {
      if (counted.has(memberId)) return
      const now = weekOf(options.now())
      if (now !== week) {
        week = now
        counted = new Set()
      }
      if (counted.has(memberId) || counted.size >= limits.membersPerWeek) return
      counted.add(memberId)
      pending.push({ week, memberId })
    },
    flush,
    stop(): Promise<void> {
      clearInterval(timer)
      return flush()
    },
  }
}

export type ActiveMembers = ReturnType<typeof createActiveMembers>
