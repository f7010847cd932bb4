import { sql } from 'drizzle-orm'
import { ANALYTICS_OTHER_KEY } from '@pg/shared/analytics'
import type { DatabaseHandle } from '../platform/db/client'

/** One (day, metric, key)'s count since the last write. */
export interface DailyCount {
  day: string
  metric: string
  key: string
  count: number
}

/**
 * Adds counts to `analytics_counts` in one statement (decision 065): a key the day and metric already
 * have adds to its row; new keys take the room left under `keysPerDay` (the most counted first) and the
 * rest add to the day's `(other)` row, which is not one of the `keysPerDay`. A `kept` key (an owner's
 * campaign, decision 071) is written by name whatever the room, and takes room from later new keys once
 * written. Two instances writing at the same moment may each see the same room, so the bound can be
 * passed by one write's new keys, never more; the table stays within days × metrics × (keysPerDay + kept
 * keys + one write + 1) rows.
 */
export async function addDailyCounts(
  database: DatabaseHandle,
  counts: (DailyCount & { kept: boolean })[],
  keysPerDay: number,
): Promise<void> {
  if (counts.length === 0) return
  const values = sql.join(
    counts.map(
      (count) =>
        sql`(${count.day}::date, ${count.metric}::text, ${count.key}::text, ${count.count}::bigint, ${count.kept}::boolean)`,
    ),
    sql`, `,
  )
  await database.rows(sql`
    WITH batch (day, metric, key, count, always_named) AS (VALUES ${values}),
    kept AS (
      SELECT c.day, c.metric, count(*)::int AS keys
      FROM analytics_counts c
      JOIN (SELECT DISTINCT day, metric FROM batch) asked ON asked.day = c.day AND asked.metric = c.metric
      WHERE c.key <> ${ANALYTICS_OTHER_KEY}
      GROUP BY c.day, c.metric
    ),
    ranked AS (
      SELECT b.day, b.metric, b.key, b.count, b.always_named, c.key IS NOT NULL AS known,
        -- Places among the new keys that need room: neither an always named key nor (other) takes one.
        row_number() OVER (
          PARTITION BY b.day, b.metric, c.key IS NULL, b.always_named OR b.key = ${ANALYTICS_OTHER_KEY}
          ORDER BY b.count DESC, b.key
        ) AS place
      FROM batch b
      LEFT JOIN analytics_counts c ON c.day = b.day AND c.metric = b.metric AND c.key = b.key
    )
    INSERT INTO analytics_counts (day, metric, key, count)
    SELECT r.day, r.metric,
      CASE
        WHEN r.known OR r.always_named OR r.key = ${ANALYTICS_OTHER_KEY}
          OR r.place <= ${keysPerDay} - coalesce(k.keys, 0)
        THEN r.key ELSE ${ANALYTICS_OTHER_KEY}
      END,
      sum(r.count)
    FROM ranked r
    LEFT JOIN kept k ON k.day = r.day AND k.metric = r.metric
    GROUP BY 1, 2, 3
    ON CONFLICT (day, metric, key) DO UPDATE SET count = analytics_counts.count + excluded.count`)
}

/**
 * The day's keys counted by name of these metrics, at most `perMetric` each (the most counted first): what
 * a process starting the day knows the day has seen (new-keys.ts).
 */
export async function readDayKeys(
  database: DatabaseHandle,
  day: string,
  metrics: readonly string[],
  perMetric: number,
): Promise<{ metric: string; key: string }[]> {
  const rows = await database.rows(sql`
    SELECT metric, key FROM (
      SELECT metric, key, row_number() OVER (PARTITION BY metric ORDER BY count DESC, key) AS place
      FROM analytics_counts
      WHERE day = ${day}::date AND key <> ${ANALYTICS_OTHER_KEY} AND metric IN (${sql.join(
        metrics.map((metric) => sql`${metric}`),
        sql`, `,
      )})
    ) counted
    WHERE place <= ${perMetric}`)
  return rows.map((row) => ({ metric: String(row.metric), key: String(row.key) }))
}
