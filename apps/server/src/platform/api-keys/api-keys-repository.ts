import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { apiKeys } from '../db/schema'
import { newId } from '../security/secrets'

export type ApiKeyRow = typeof apiKeys.$inferSelect

/** How often a key's last use is written: at most once a minute per key, not on every call. */
const ACCESS_WRITE_SECONDS = 60

export function createApiKeysRepository(db: Database) {
  return {
    async create(input: {
      name: string
      scopes: string[]
      secretHash: string
      hint: string
      expiresAt: Date | null
    }): Promise<ApiKeyRow> {
      const [row] = await db
        .insert(apiKeys)
        .values({ id: newId(), ...input })
        .onConflictDoNothing()
        .returning()
      return row ?? Promise.reject(new ApiKeyNameTaken(input.name))
    },

    /** The keys not revoked, oldest first (expired ones included: the console says they expired). */
    list: () => db.select().from(apiKeys).where(isNull(apiKeys.revokedAt)).orderBy(asc(apiKeys.sequence)),

    async findLive(id: string): Promise<ApiKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      return row
    },

    async findByName(name: string): Promise<ApiKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.name, name), isNull(apiKeys.revokedAt)))
      return row
    },

    async findBySecretHash(secretHash: string): Promise<ApiKeyRow | undefined> {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.secretHash, secretHash))
      return row
    },

    async revoke(id: string, at: Date): Promise<ApiKeyRow | undefined> {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: at, updatedAt: at })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .returning()
      return row
    },

    /** Records a use: written when the last one recorded is a minute old or more. */
    async touch(id: string, at: Date): Promise<void> {
      await db
        .update(apiKeys)
        .set({ accessedAt: at })
        .where(
          and(
            eq(apiKeys.id, id),
            or(
              isNull(apiKeys.accessedAt),
              lt(
                apiKeys.accessedAt,
                sql`${at.toISOString()}::timestamptz - make_interval(secs => ${ACCESS_WRITE_SECONDS})`,
              ),
            ),
          ),
        )
    },
  }
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>

/** Another key that is not revoked has this name: names tell keys apart in the audit log. */
export class ApiKeyNameTaken extends Error {
  constructor(readonly keyName: string) {
    super(`A key named ${keyName} exists already`)
  }
}
