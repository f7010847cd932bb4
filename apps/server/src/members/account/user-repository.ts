import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../platform/db/client'
import { users } from '../../platform/db/schema'
import { singleLineText } from '@pg/shared/plain-text'
import { VISIT_GAP_MS } from '../../platform/http/previous-visit'
import { newId } from '../../platform/security/secrets'
import { enqueueWebhookEvent } from '../../platform/webhooks/webhook-outbox'
import { memberData } from '../../platform/webhooks/webhook-payloads'

export type UserRow = typeof users.$inferSelect

/** Names are stored as one line without control characters, whoever gives them (decision 058). */
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
      labels?: string[]
      /** The owner lets this member in (decision 057): no order's refund ends their access. */
      grantedByOwner?: boolean
    }): Promise<UserRow> {
      // The owner's webhooks hear of the new member in the transaction that makes them (issue 44).
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            id: input.id ?? newId(),
            email: input.email,
            name: singleLineText(input.name),
            passwordHash: input.passwordHash,
            labels: input.labels ?? [],
            grantedByOwner: input.grantedByOwner ?? false,
          })
          .returning()
        if (!row) throw new Error('Insert returned no user')
        await enqueueWebhookEvent(tx, 'member.created', memberData(row))
        return row
      })
    },

    /** The oldest member (by when they joined, `sequence`) who holds `label` now, if any. */
    async firstWithLabel(label: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`${label} = ANY(${users.labels})`)
        .orderBy(asc(users.sequence))
        .limit(1)
      return row
    },

    async count(): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users)
      return row?.count ?? 0
    },

    /** Two-step verification reset by the owner (`users mfa reset`, issue 43): off, nothing left of it. */
    async resetMfa(id: string): Promise<void> {
      await db
        .update(users)
        .set({
          mfa: false,
          totpSecret: null,
          totpVerifiedAt: null,
          totpLastStep: null,
          recoveryCodes: [],
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
    },

    async update(
      id: string,
      changes: Partial<Pick<UserRow, 'name' | 'prefs' | 'passwordHash' | 'passwordUpdatedAt'>>,
    ): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({
          ...changes,
          ...(changes.name === undefined ? {} : { name: singleLineText(changes.name) }),
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning()
      if (!row) throw new Error(`User ${id} vanished during an update`)
      return row
    },

    /** Every member, oldest first, with how many live sessions each holds. */
    async list(now: Date) {
      return db
        .select({
          user: users,
          // Spelled out: drizzle writes ${users.id} as a bare "id" here, which the subquery reads as s.id.
          sessions: sql<number>`(SELECT count(*)::int FROM sessions s WHERE s.user_id = users.id AND s.expires_at > ${now})`,
        })
        .from(users)
        .orderBy(asc(users.sequence))
    },

    async setLabels(id: string, labels: string[]): Promise<void> {
      await db.update(users).set({ labels, updatedAt: new Date() }).where(eq(users.id, id))
    },

    /** Enables or disables the member; a member disabled now is announced to the owner's webhooks. */
    async setEnabled(id: string, enabled: boolean): Promise<void> {
      await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(users)
          .set({ enabled, updatedAt: new Date() })
          .where(and(eq(users.id, id), eq(users.enabled, !enabled)))
          .returning()
        if (changed && !enabled) await enqueueWebhookEvent(tx, 'member.disabled', memberData(changed))
      })
    },

    /**
     * Access given back by the owner (`users enable`): enabled, no blocked reason, no inactivity warning
     * pending; `grant` makes it the owner's grant from now on (decision 057); `activeAt` starts a new
     * year of activity (a member reactivated after inactivity).
     */
    async restoreAccess(id: string, options: { grant: boolean; activeAt?: Date }): Promise<void> {
      const { grant, activeAt } = options
      await db
        .update(users)
        .set({
          enabled: true,
          blockedReason: null,
          ...(grant ? { grantedByOwner: true } : {}),
          inactivityWarnedAt: null,
          ...(activeAt ? { accessedAt: activeAt } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
    },

    /** Removes the member; their sessions and tokens go with them (foreign keys cascade). */
    async delete(id: string): Promise<void> {
      await db.delete(users).where(eq(users.id, id))
    },

    /**
     * Sets the member's first sign-in unless it is set; whether this call set it. `announce`: the owner's
     * webhooks hear of it (`member.first_sign_in`), in the same transaction.
     */
    async markFirstSignIn(id: string, at: Date, announce = true): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [marked] = await tx
          .update(users)
          .set({ firstSignedInAt: at })
          .where(and(eq(users.id, id), isNull(users.firstSignedInAt)))
          .returning()
        if (marked && announce) await enqueueWebhookEvent(tx, 'member.first_sign_in', memberData(marked))
        return marked !== undefined
      })
    },

    /**
     * The member's last activity (inactivity rules read it); a new spell of inactivity gets its own warning.
     * After more than `VISIT_GAP_MS` without a request, the last activity becomes the previous visit
     * ("Novedades" are the projects added since: issue 32), in the same statement, from the row as stored.
     */
    async touchAccessed(id: string, at: Date): Promise<void> {
      const newVisitBefore = new Date(at.getTime() - VISIT_GAP_MS)
      await db
        .update(users)
        .set({
          accessedAt: at,
          inactivityWarnedAt: null,
          previousVisitAt: sql`CASE WHEN ${users.accessedAt} < ${newVisitBefore.toISOString()}::timestamptz
            THEN ${users.accessedAt} ELSE ${users.previousVisitAt} END`,
        })
        .where(eq(users.id, id))
    },
  }
}

export type UserRepository = ReturnType<typeof createUserRepository>
