import type { Database } from '../../platform/db/client'
import { newId } from '../../platform/security/secrets'
import { memberMailLanguage } from '../../members/account/member-mail-language'
import { createNewsLookRepository, type NewsLook } from './news-look-repository'
import { newsEmailIsOn } from './news-switch'

export const WEEK_MS = 7 * 86_400_000

/** What a week's look found and did. */
export interface NewsLookReport {
  since: Date
  until: Date
  projects: number
  /** Emails queued: 0 when nothing was new, the store's switch was off or nobody wants it. */
  recipients: number
}

/**
 * When the next look is due: a week after the last one's `until`; the first a week after the catalogue's
 * first load (the first import is not news). Null while the catalogue never had a project.
 */
export function nextLookAt(last: NewsLook | null, firstLoadedAt: Date | null): Date | null {
  if (last) return new Date(last.until.getTime() + WEEK_MS)
  return firstLoadedAt ? new Date(firstLoadedAt.getTime() + WEEK_MS) : null
}

/**
 * The weekly look for news (issue 32, decision 064): once a week, the projects added since the last look
 * (after the catalogue's first load) and, when there are some and the store's switch is on, one email per
 * member with access who has not turned it off, in their language, queued in the same transaction as the
 * week's row. A week with nothing new is recorded with 0 recipients. The first look covers at most the
 * week before it: a store whose catalogue was loaded long before this feature sends no backlog.
 */
export function createWeeklyLook({
  db,
  onEmailQueued = () => undefined,
  now = () => new Date(),
}: {
  db: Database
  /** Called after a commit that queued emails, so they go out now rather than at the next poll. */
  onEmailQueued?: () => void
  now?: () => Date
}) {
  return {
    /** Looks if a look is due; null when it is not, or another store process is looking now. */
    async lookIfDue(): Promise<NewsLookReport | null> {
      const report = await db.transaction(async (tx) => {
        const repository = createNewsLookRepository(tx)
        if (!(await repository.takeLookTurn())) return null
        const until = now()
        const last = await repository.lastLook()
        const firstLoadedAt = await repository.firstLoadedAt()
        const due = nextLookAt(last, firstLoadedAt)
        if (!firstLoadedAt || !due || due > until) return null
        const since = last
          ? last.until
          : new Date(Math.max(firstLoadedAt.getTime(), until.getTime() - WEEK_MS))
        const projects = await repository.countAdded(since, until, firstLoadedAt)
        const readers = projects > 0 && (await newsEmailIsOn(tx)) ? await repository.readers() : []
        const id = newId()
        await repository.recordLook({
          id,
          since,
          until,
          projectCount: projects,
          recipientCount: readers.length,
        })
        await repository.queueEmails(
          id,
          readers.map((reader) => ({
            id: newId(),
            userId: reader.id,
            language: memberMailLanguage(
              { prefs: { emailLanguage: reader.emailLanguage } },
              reader.orderLanguage === 'en' ? 'en' : 'es',
            ),
          })),
        )
        return { since, until, projects, recipients: readers.length }
      })
      if (report && report.recipients > 0) onEmailQueued()
      return report
    },

    /** The last look and when the next is due, for the console. */
    async schedule(): Promise<{ last: NewsLook | null; next: Date | null }> {
      const repository = createNewsLookRepository(db)
      const [last, firstLoadedAt] = await Promise.all([repository.lastLook(), repository.firstLoadedAt()])
      return { last, next: nextLookAt(last, firstLoadedAt) }
    },
  }
}

export type WeeklyLook = ReturnType<typeof createWeeklyLook>
