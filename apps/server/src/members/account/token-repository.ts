import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Database } from '../../platform/db/client'
import { tokens } from '../../platform/db/schema'
import { newId } from '../../platform/security/secrets'

export type TokenRow = typeof tokens.$inferSelect

export function createTokenRepository(db: Database) {
  return {
    async create(
      input: Pick<TokenRow, 'userId' | 'kind' | 'secretHash' | 'expiresAt'> &
        Partial<Pick<TokenRow, 'id' | 'createdAt'>>,
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
