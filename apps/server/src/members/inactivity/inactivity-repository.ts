import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm'
import type { Database } from '../../platform/db/client'
import { users } from '../../platform/db/schema'

/** Any number, the same in every store process: the key of the lock of the daily inactivity check. */
const INACTIVITY_CHECK_LOCK = 7_352_011

/** Only members who can sign in become inactive: a disabled or already blocked one has nothing to lose. */
const withAccess = () => and(eq(users.enabled, true), isNull(users.blockedReason))

const inactiveMember = {
  id: users.id,
  email: users.email,
  name: users.name,
  accessedAt: users.accessedAt,
  warnedAt: users.inactivityWarnedAt,
}
export interface InactiveMember {
  id: string
  email: string
  name: string
  /** Their last activity: the last sign-in, or a request at most an hour before it. */
  accessedAt: Date
  /** When their inactivity warning was queued; null until then. */
  warnedAt: Date | null
}

export function createInactivityRepository(db: Database) {
  return {
    /**
     * Whether this transaction takes the daily check: another store process on the same PostgreSQL
     * may be doing it now, and then this one leaves it (the lock ends with the transaction).
     */
    async takeCheckTurn(): Promise<boolean> {
      const [row] = await db
        .select({ taken: sql<boolean>`pg_try_advisory_xact_lock(${INACTIVITY_CHECK_LOCK})` })
        .from(sql`(VALUES (1)) AS turn`)
      return row?.taken === true
    },

    /** Members with access inactive since before `cutoff`, longest inactive first; `lock` holds them. */
    inactiveBefore(cutoff: Date, { lock = false } = {}): Promise<InactiveMember[]> {
      const query = db
        .select(inactiveMember)
        .from(users)
        .where(and(withAccess(), lt(users.accessedAt, cutoff)))
        .orderBy(asc(users.accessedAt), asc(users.sequence))
      return lock ? query.for('update') : query
    },

    /**
     * Marks as warned at `at` the members inactive since before `cutoff` and not warned yet, and returns
     * them with the language to write in: that of their latest order, else Spanish.
     */
    markWarned(cutoff: Date, at: Date) {
      return db
        .update(users)
        .set({ inactivityWarnedAt: at })
        .where(and(withAccess(), lt(users.accessedAt, cutoff), isNull(users.inactivityWarnedAt)))
        .returning({
          id: users.id,
          // Spelled out: drizzle writes ${users.id} as a bare "id", which the subquery would read as o.id.
          language: sql<string>`coalesce((SELECT o.language FROM orders o WHERE o.user_id = users.id ORDER BY o.sequence DESC LIMIT 1), 'es')`,
        })
    },

    /** Members with access inactive since before `cutoff` who were warned by `warnedBy`, locked. */
    warnedBefore(cutoff: Date, warnedBy: Date): Promise<InactiveMember[]> {
      return db
        .select(inactiveMember)
        .from(users)
        .where(and(withAccess(), lt(users.accessedAt, cutoff), lte(users.inactivityWarnedAt, warnedBy)))
        .orderBy(asc(users.accessedAt), asc(users.sequence))
        .for('update')
    },
  }
}
