import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import type { Database } from '../../platform/db/client'
import { catalogState, emailQueue, newsEmails, projects, users } from '../../platform/db/schema'

/** Any number, the same in every store process: the key of the lock of the weekly look for news. */
const NEWS_LOOK_LOCK = 7_352_013

/** A week's look as `news_emails` keeps it. */
export type NewsLook = typeof newsEmails.$inferSelect

/** A member the weekly email may go to, with what decides its language. */
export interface NewsReader {
  id: string
  /** `prefs.emailLanguage` as stored (anything; checked by `memberMailLanguage`). */
  emailLanguage: unknown
  /** The language of their latest order, if they have one. */
  orderLanguage: string | null
}

/** Projects the week counts: added in (since, until], and after the catalogue's first load. */
const addedIn = (since: Date, until: Date, firstLoadedAt: Date) =>
  and(gt(projects.createdAt, since), lte(projects.createdAt, until), gt(projects.createdAt, firstLoadedAt))

export function createNewsLookRepository(db: Database) {
  return {
    /**
     * Whether this transaction takes the look: another store process on the same PostgreSQL may be
     * looking now, and then this one leaves it (the lock ends with the transaction).
     */
    async takeLookTurn(): Promise<boolean> {
      const [row] = await db
        .select({ taken: sql<boolean>`pg_try_advisory_xact_lock(${NEWS_LOOK_LOCK})` })
        .from(sql`(VALUES (1)) AS turn`)
      return row?.taken === true
    },

    async lastLook(): Promise<NewsLook | null> {
      const [row] = await db.select().from(newsEmails).orderBy(desc(newsEmails.until)).limit(1)
      return row ?? null
    },

    /** When the catalogue first got projects; null while it never had any. */
    async firstLoadedAt(): Promise<Date | null> {
      const [row] = await db
        .select({ at: catalogState.firstLoadedAt })
        .from(catalogState)
        .where(eq(catalogState.id, 1))
      return row?.at ?? null
    },

    async countAdded(since: Date, until: Date, firstLoadedAt: Date): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(projects)
        .where(addedIn(since, until, firstLoadedAt))
      return Number(row?.total ?? 0)
    },

    /** Members with access who have not turned the weekly email off, in the order they joined. */
    readers(): Promise<NewsReader[]> {
      return db
        .select({
          id: users.id,
          emailLanguage: sql<unknown>`${users.prefs} -> 'emailLanguage'`,
          // Spelled out: drizzle writes ${users.id} as a bare "id", which the subquery would read as o.id.
          orderLanguage: sql<
            string | null
          >`(SELECT o.language FROM orders o WHERE o.user_id = users.id ORDER BY o.sequence DESC LIMIT 1)`,
        })
        .from(users)
        .where(
          and(
            eq(users.enabled, true),
            isNull(users.blockedReason),
            sql`coalesce(${users.prefs} -> 'newsEmail', 'true'::jsonb) <> 'false'::jsonb`,
          ),
        )
        .orderBy(asc(users.sequence))
    },

    async recordLook(look: Omit<NewsLook, 'sequence' | 'createdAt' | 'updatedAt'>): Promise<void> {
      await db.insert(newsEmails).values(look)
    },

    /** Queues the week's email to each member once: the unique (week, member) makes a repeat a no-op. */
    async queueEmails(
      newsEmailId: string,
      emails: { id: string; userId: string; language: string }[],
    ): Promise<void> {
      for (let at = 0; at < emails.length; at += 500) {
        await db
          .insert(emailQueue)
          .values(emails.slice(at, at + 500).map((email) => ({ ...email, kind: 'news', newsEmailId })))
          .onConflictDoNothing()
      }
    },

    /** The week's projects as they are now, newest first: at most `limit`, and how many in all. */
    async projectsOf(newsEmailId: string, limit: number) {
      const [look] = await db.select().from(newsEmails).where(eq(newsEmails.id, newsEmailId))
      const firstLoadedAt = await this.firstLoadedAt()
      if (!look || !firstLoadedAt) return null
      const where = addedIn(look.since, look.until, firstLoadedAt)
      const rows = await db
        .select({
          id: projects.id,
          title: projects.title,
          category: sql<string | null>`(SELECT c.name FROM categories c WHERE c.id = projects.category_id)`,
        })
        .from(projects)
        .where(where)
        .orderBy(desc(projects.createdAt), desc(projects.sequence))
        .limit(limit)
      const total = await this.countAdded(look.since, look.until, firstLoadedAt)
      return { projects: rows, total }
    },
  }
}

export type NewsLookRepository = ReturnType<typeof createNewsLookRepository>
