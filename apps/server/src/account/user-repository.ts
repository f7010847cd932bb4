import { eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { users } from '../db/schema'
import { newId } from '../security/secrets'

export type UserRow = typeof users.$inferSelect

export function createUserRepository(db: Database) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1)
      return row
    },

    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
      return row
    },

    async create(input: {
      email: string
      name: string
      passwordHash: string
      id?: string
    }): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({
          id: input.id ?? newId(),
          email: input.email,
          name: input.name,
          passwordHash: input.passwordHash,
        })
        .returning()
      if (!row) throw new Error('Insert returned no user')
      return row
    },

    async count(): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users)
      return row?.count ?? 0
    },

    async update(
      id: string,
      changes: Partial<Pick<UserRow, 'name' | 'prefs' | 'passwordHash' | 'passwordUpdatedAt'>>,
    ): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning()
      if (!row) throw new Error(`User ${id} vanished during an update`)
      return row
    },

    async touchAccessed(id: string, at: Date): Promise<void> {
      await db.update(users).set({ accessedAt: at }).where(eq(users.id, id))
    },
  }
}

export type UserRepository = ReturnType<typeof createUserRepository>
