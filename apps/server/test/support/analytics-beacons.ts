import { sql } from 'drizzle-orm'
import type { TestServer } from './test-app'

/** A desktop browser `isbot` lets through. */
export const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

/** A storefront beacon as the page's script sends it (decision 065), from an address and a browser. */
export function sendVisit(
  server: TestServer,
  body: Record<string, unknown>,
  from: { address: string; userAgent?: string },
) {
  return server.app.inject({
    method: 'POST',
    url: '/v1/store/analytics/visits',
    remoteAddress: from.address,
    headers: {
      'content-type': 'application/json',
      'user-agent': from.userAgent ?? CHROME,
      'sec-fetch-site': 'same-origin',
    },
    payload: body,
  })
}

/** Every count written so far (whatever the day), as `metric key` → count, after writing what is held. */
export async function writtenCounts(server: TestServer): Promise<Record<string, number>> {
  await server.app.analytics.flush()
  const rows = await server.database.rows(sql`SELECT metric, key, count FROM analytics_counts`)
  const found: Record<string, number> = {}
  for (const row of rows) found[`${String(row.metric)} ${String(row.key)}`] = Number(row.count)
  return found
}

/** The counts of one metric, as key → count. */
export async function countsOf(server: TestServer, metric: string): Promise<Record<string, number>> {
  const all = await writtenCounts(server)
  return Object.fromEntries(
    Object.entries(all)
      .filter(([name]) => name.startsWith(`${metric} `))
      .map(([name, count]) => [name.slice(metric.length + 1), count]),
  )
}

/** Forgets every count and visitor, after writing what is held (each test starts from an empty day). */
export async function clearAnalytics(server: TestServer): Promise<void> {
  await server.app.analytics.flush()
  await server.database.rows(sql`DELETE FROM analytics_counts`)
  await server.database.rows(sql`DELETE FROM analytics_visitors`)
}
