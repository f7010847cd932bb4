import { and, desc, eq, gt, isNull, ne, notInArray, sql } from 'drizzle-orm'
import type { Database } from '../../platform/db/client'
import { sessions, users } from '../../platform/db/schema'
import { newId } from '../../platform/security/secrets'

export type SessionRow = typeof sessions.$inferSelect

/** Appwrite's default: a member keeps at most this many sessions; the oldest go first. */
export const MAX_SESSIONS_PER_USER = 10

export function createSessionRepository(db: Database) {
  // Runs on every signed-in request: built once and prepared on the database under a name.
  const findActiveStatement = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.secretHash, sql.placeholder('secretHash')),
        eq(sessions.userId, sql.placeholder('userId')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.enabled, true),
        isNull(users.blockedReason),
      ),
    )
    .limit(1)
    .prepare('find_active_session')

  return {
    async create(input: Pick<SessionRow, 'userId' | 'secretHash' | 'expiresAt' | 'ip' | 'userAgent'>) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(sessions)
          .values({ id: newId(), ...input })
          .returning()
        if (!row) throw new Error('Insert returned no session')
        const keep = tx
          .select({ id: sessions.id })
          .from(sessions)
          .where(eq(sessions.userId, input.userId))
          .orderBy(desc(sessions.sequence))
          .limit(MAX_SESSIONS_PER_USER)
        await tx.delete(sessions).where(and(eq(sessions.userId, input.userId), notInArray(sessions.id, keep)))
        return row
      })
    },

    /** The live session with this secret hash, and its member, if both are still valid. */
    async findActive(userId: string, secretHash: string, now: Date) {
      const [row] = await findActiveStatement.execute({ userId, secretHash, now })
      return row
    },

    async listForUser(userId: string, now: Date) {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.sequence))
    },

    /** When the session was last used (its `updatedAt`), moved at most once an hour by the account service. */
    async touch(sessionId: string, at: Date): Promise<void> {
      await db.update(sessions).set({ updatedAt: at }).where(eq(sessions.id, sessionId))
    },

    async delete(userId: string, sessionId: string): Promise<boolean> {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
        .returning({ id: sessions.id })
      return deleted.length > 0
    },

    /** Signs the member out everywhere (or everywhere but one session); returns how many went. */
    async deleteAllForUser(userId: string, exceptSessionId?: string): Promise<number> {
      const deleted = await db
        .delete(sessions)
        .where(
          exceptSessionId
            ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
            : eq(sessions.userId, userId),
        )
        .returning({ id: sessions.id })
      return deleted.length
    },
  }
}

export type SessionRepository = ReturnType<typeof createSessionRepository>
