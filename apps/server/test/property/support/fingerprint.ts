import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../../../src/platform/db/client'
import { TABLES } from './query-model'

/** Row counts and hashes of every table a query could touch: equal before and after means no change. */
export async function fingerprint(database: DatabaseHandle): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = {}
  for (const table of Object.values(TABLES)) {
    result[table] = await database.rows(sql`
      SELECT count(*)::int AS n, coalesce(md5(string_agg(t::text, ',' ORDER BY t.id)), '') AS h
      FROM ${sql.identifier(table)} t`)
  }
  // Sign-in legitimately touches accessed_at; everything a query could change is compared.
  result.users = await database.rows(sql`
    SELECT count(*)::int AS n,
      coalesce(md5(string_agg(concat_ws('|', id, email, name, password_hash, enabled::text, prefs::text),
        ',' ORDER BY id)), '') AS h
    FROM users`)
  return result
}
