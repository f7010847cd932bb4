import { z } from 'zod'
import { and, count, eq } from 'drizzle-orm'
import { toAppwriteDate } from '../../platform/appwrite/dates'
import { bodyParams, requiredParam } from '../../platform/appwrite/params'
import { recordAuditEvent } from '../../platform/audit/audit-log'
import type { Database } from '../../platform/db/client'
import { emailQueue } from '../../platform/db/schema'
import { said } from '../../platform/error-messages/error-message'
import { consoleActor } from '../../platform/http/admin-routes'
import type { RouteDefinition } from '../../platform/http/route-table'
import type { SignedIn } from '../../platform/http/signed-in'
import { NEWS_EMAIL_SETTING, newsEmailIsOn, setNewsEmail } from './news-switch'
import type { WeeklyLook } from './weekly-look'

/** The weekly email as the console's Settings page shows it: the store's switch, the last look, the next. */
async function newsEmailState(db: Database, look: WeeklyLook) {
  const { last, next } = await look.schedule()
  const [sent] = last
    ? await db
        .select({ total: count() })
        .from(emailQueue)
        .where(and(eq(emailQueue.newsEmailId, last.id), eq(emailQueue.status, 'sent')))
    : []
  return {
    enabled: await newsEmailIsOn(db),
    lastLook: last && {
      $id: last.id,
      since: toAppwriteDate(last.since),
      until: toAppwriteDate(last.until),
      projects: last.projectCount,
      recipients: last.recipientCount,
      sent: Number(sent?.total ?? 0),
    },
    nextLookAt: next && toAppwriteDate(next),
  }
}

/**
 * The console's routes of the weekly email (decision 064): what it did last and when it looks next, and
 * the store's switch, whose changes are audited as `settings set` is.
 */
export function newsAdminRoutes(options: {
  db: Database
  look: WeeklyLook
  now?: () => Date
}): RouteDefinition<SignedIn>[] {
  const { db, look } = options
  const now = options.now ?? (() => new Date())
  return [
    {
      method: 'GET',
      url: '/v1/store/news-email',
      access: 'admin',
      handler: () => newsEmailState(db, look),
    },
    {
      method: 'PUT',
      url: '/v1/store/news-email',
      access: 'admin',
      handler: async ({ request, member }) => {
        const enabled = requiredParam(bodyParams(request.body), 'enabled', z.boolean(), said('booleanReason'))
        await db.transaction(async (tx) => {
          const before = await newsEmailIsOn(tx)
          await setNewsEmail(tx, enabled, now())
          if (before !== enabled)
            await recordAuditEvent(tx, consoleActor(member), {
              action: 'settings set',
              subject: `settings/${NEWS_EMAIL_SETTING}`,
              before: { value: before ? 'on' : 'off' },
              after: { value: enabled ? 'on' : 'off' },
            })
        })
        return newsEmailState(db, look)
      },
    },
  ]
}
