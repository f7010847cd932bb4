import type { FastifyInstance } from 'fastify'
import type { StoreIdentityReader } from '../../mail/store-identity'
import type { DatabaseHandle } from '../../platform/db/client'
import type { RouteDefinition } from '../../platform/http/route-table'
import type { SignedIn } from '../../platform/http/signed-in'
import { newsAdminRoutes } from './news-admin-routes'
import { startNewsLookTimer, type NewsLookTimer } from './news-look-timer'
import { createNewsSubscription } from './news-subscription'
import { createUnsubscribeLinks } from './unsubscribe-link'
import { registerUnsubscribeRoutes } from './unsubscribe-routes'
import { createWeeklyLook } from './weekly-look'

export interface NewsEmail {
  /** The weekly look for news: its timer runs it; tests call `check()` with a moved clock. */
  look: NewsLookTimer
  /** The console's routes of the weekly email: the console's one admin table takes them (decision 035). */
  adminRoutes: RouteDefinition<SignedIn>[]
}

/**
 * The weekly "what's new" email (issue 32, decision 064): the look for news once a week, the one-click
 * unsubscribe link's routes, and the console's routes (`app.newsEmail.adminRoutes`).
 */
export function registerNewsEmail(
  app: FastifyInstance,
  {
    database,
    storeIdentity,
    now,
  }: { database: DatabaseHandle; storeIdentity: StoreIdentityReader; now?: () => Date },
): void {
  const look = createWeeklyLook({ db: database.db, now, onEmailQueued: () => app.emailQueue.kick() })
  const timer = startNewsLookTimer({
    look,
    onReport: (report) => app.log.info(report, 'weekly look for news'),
    onError: (error) => app.log.error({ err: error }, 'the weekly look for news failed'),
  })
  app.addHook('onClose', async () => timer.stop())
  registerUnsubscribeRoutes(app, {
    links: createUnsubscribeLinks(database.db),
    subscription: createNewsSubscription(database.db, now),
    storeIdentity,
  })
  app.decorate('newsEmail', {
    look: timer,
    adminRoutes: newsAdminRoutes({ db: database.db, look, now }),
  } satisfies NewsEmail)
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The weekly "what's new" email (the returning wing registers it). */
    newsEmail: NewsEmail
  }
}
