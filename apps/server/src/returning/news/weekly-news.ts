import type { WeeklyNews } from '../../mail/news-email'
import type { Database } from '../../platform/db/client'
import { createNewsLookRepository } from './news-look-repository'
import { createUnsubscribeLinks } from './unsubscribe-link'

/** What the mail wing's weekly email reads when it is sent: the week's projects and the member's link. */
export function createWeeklyNews(db: Database): WeeklyNews {
  const links = createUnsubscribeLinks(db)
  return {
    projectsOf: (newsEmailId, limit) => createNewsLookRepository(db).projectsOf(newsEmailId, limit),
    unsubscribeLink: (userId, origin) => links.link(userId, origin),
  }
}
