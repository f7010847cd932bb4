import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../platform/db/client'
import type { CatalogService } from '../catalogue/editing/catalog-service'
import { createSearchLogRepository } from '../catalogue/search-log/search-log-repository'

const DAYS = 30
const DAY_MS = 86_400_000

const count = (value: unknown) => Number(value ?? 0)

/**
 * The console's Overview (issue 13): members, live sessions, sales of the last 30 days by day, the
 * catalogue's counts, the most favourited projects (decision 040) and the gallery's searches that found
 * nothing most often (decision 044).
 */
export async function storeOverview(database: DatabaseHandle, catalog: CatalogService, now = new Date()) {
  const since = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (DAYS - 1) * DAY_MS,
  )
  const [members] = await database.rows(sql`
    SELECT count(*) FILTER (WHERE enabled AND blocked_reason IS NULL) AS active,
      count(*) FILTER (WHERE enabled AND blocked_reason IS NOT NULL) AS blocked,
      count(*) FILTER (WHERE NOT enabled) AS disabled,
      (SELECT count(*) FROM sessions WHERE expires_at > ${now}) AS sessions
    FROM users`)
  const sales = await database.rows(sql`
    SELECT to_char(date_trunc('day', purchased_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day,
      coalesce(currency, '') AS currency, count(*) AS orders, coalesce(sum(amount), 0) AS amount
    FROM orders WHERE status = 'paid' AND purchased_at >= ${since}
    GROUP BY 1, 2`)
  const favourites = await database.rows(sql`
    SELECT f.project_id, p.title, count(*) AS members
    FROM users u
    CROSS JOIN LATERAL jsonb_array_elements_text(
      CASE WHEN jsonb_typeof(u.prefs -> 'favoriteProjects') = 'array' THEN u.prefs -> 'favoriteProjects' ELSE '[]'::jsonb END
    ) AS f(project_id)
    JOIN projects p ON p.id = f.project_id
    GROUP BY f.project_id, p.title ORDER BY members DESC, p.title LIMIT 10`)

  const days = Array.from({ length: DAYS }, (_, index) => {
    const day = new Date(since.getTime() + index * DAY_MS).toISOString().slice(0, 10)
    const rows = sales.filter((row) => row.day === day)
    return {
      day,
      orders: rows.reduce((total, row) => total + count(row.orders), 0),
      /** Amounts in the currency's minor unit (cents), by currency. */
      revenue: Object.fromEntries(rows.map((row) => [String(row.currency), count(row.amount)])),
    }
  })
  const stats = await catalog.stats()
  const searches = await createSearchLogRepository(database).mostSearched(since.toISOString().slice(0, 10))
  return {
    members: {
      active: count(members?.active),
      blocked: count(members?.blocked),
      disabled: count(members?.disabled),
      liveSessions: count(members?.sessions),
    },
    sales: {
      days,
      orders: days.reduce((total, day) => total + day.orders, 0),
      revenue: days.reduce<Record<string, number>>((total, day) => {
        for (const [currency, amount] of Object.entries(day.revenue))
          total[currency] = (total[currency] ?? 0) + amount
        return total
      }, {}),
    },
    catalogue: {
      projects: stats.projects,
      categories: stats.categories,
      tags: stats.tags,
      uncategorizedProjects: stats.uncategorizedProjects,
    },
    mostFavourited: favourites.map((row) => ({
      projectId: String(row.project_id),
      title: String(row.title),
      members: count(row.members),
    })),
    /** The ten terms searched most often without a result in the last 30 days: `{ term, count, lastSearchedAt }`. */
    searchesWithoutResults: searches.terms,
    /** Searches without a result counted without their term: the day already held its 500 terms (decision 058). */
    otherSearchesWithoutResults: searches.otherSearches,
  }
}
