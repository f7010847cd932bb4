import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import type { Database } from '../../platform/db/client'
import { tokens } from '../../platform/db/schema'
import { newId } from '../../platform/security/secrets'

export type TokenRow = typeof tokens.$inferSelect

export function createTokenRepository(db: Database) {
  return {
    async create(
      input: Pick<TokenRow, 'userId' | 'kind' | 'secretHash' | 'expiresAt'> &
        Partial<Pick<TokenRow, 'id' | 'createdAt' | 'requestedFrom'>>,
    ): Promise<TokenRow> {
      const [row] = await db
        .insert(tokens)
        .values({ id: newId(), ...input, updatedAt: input.createdAt })
        .returning()
      if (!row) throw new Error('Insert returned no token')
      return row
    },

    /** Marks a live, unused token as used and returns it; a second use finds nothing. */
    async consume(input: {
      userId: string
      kind: string
      secretHash: string
      now: Date
    }): Promise<TokenRow | undefined> {
      const [row] = await db
        .update(tokens)
        .set({ usedAt: input.now, updatedAt: input.now })
        .where(
          and(
            eq(tokens.userId, input.userId),
            eq(tokens.kind, input.kind),
            eq(tokens.secretHash, input.secretHash),
            gt(tokens.expiresAt, input.now),
            isNull(tokens.usedAt),
          ),
        )
        .returning()
      return row
    },

    /** The member's live tokens of one kind, newest first (a sign-in code is looked up among them). */
    async live(userId: string, kind: string, now: Date): Promise<TokenRow[]> {
      const rows = await db
        .select()
        .from(tokens)
        .where(
          and(
            eq(tokens.userId, userId),
            eq(tokens.kind, kind),
            gt(tokens.expiresAt, now),
            isNull(tokens.usedAt),
          ),
        )
      return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    },

    /** Marks one live token used; false when another request used or ended it first. */
    async consumeById(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(tokens)
        .set({ usedAt: now, updatedAt: now })
        .where(and(eq(tokens.id, id), gt(tokens.expiresAt, now), isNull(tokens.usedAt)))
        .returning({ id: tokens.id })
      return rows.length === 1
    },

    /** Ends a member's tokens of these kinds not used yet (a newer sign-in link ends the older). */
    async endOutstandingOf(userId: string, kinds: string[], now: Date): Promise<void> {
      await db
        .update(tokens)
        .set({ usedAt: now, updatedAt: now })
        .where(and(eq(tokens.userId, userId), inArray(tokens.kind, kinds), isNull(tokens.usedAt)))
    },

    /** Ends every link of a member not used yet (a new password, a disabled or signed-out member). */
    async endOutstanding(userId: string, now: Date): Promise<void> {
      await db
        .update(tokens)
        .set({ usedAt: now, updatedAt: now })
        .where(and(eq(tokens.userId, userId), isNull(tokens.usedAt)))
    },
  }
}

export type TokenRepository = ReturnType<typeof createTokenRepository>
