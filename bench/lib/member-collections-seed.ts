import { sql } from 'drizzle-orm'
import { createUserRepository } from '../../apps/server/src/members/account/user-repository'
import { createDemoMember } from '../../apps/server/src/members/management/demo-member'
import { BENCH_MEMBER, type Store } from './server'
import { openStoreDatabase } from './store-database'

/** Issue 32's scale: 10,000 members holding 10 collections each (one in five shared), the bench member among them. */
export const COLLECTION_MEMBERS = 10_000
export const COLLECTIONS_PER_MEMBER = 10

/**
 * Seeds the members and their collections with SQL, on the seeded catalogue, before the server starts.
 * The bench member is made as the server's DEMO makes it (the server makes none on a users table that
 * is not empty); the others cannot sign in. Each collection holds 10 of the first 1,000 projects.
 */
export async function seedMemberCollections(store: Store): Promise<number> {
  const started = performance.now()
  const database = await openStoreDatabase(store)
  try {
    await createDemoMember(createUserRepository(database.db), BENCH_MEMBER)
    await database.rows(sql`
      INSERT INTO users (id, email, name, password_hash, granted_by_owner)
      SELECT 'bench-member-' || n, 'bench-member-' || n || '@example.com', 'Member ' || n, 'none', true
      FROM generate_series(1, ${COLLECTION_MEMBERS - 1}) n`)
    await database.rows(sql`
      WITH picked AS (SELECT array_agg(id ORDER BY sequence) AS ids
                      FROM (SELECT id, sequence FROM projects ORDER BY sequence LIMIT 1000) first_projects)
      INSERT INTO member_collections (id, owner_id, name, project_ids, position, share_id)
      SELECT 'bc-' || u.sequence || '-' || c, u.id, 'Colección ' || c,
             picked.ids[(u.sequence * 10 + c) % 990 + 1 : (u.sequence * 10 + c) % 990 + 10], c,
             CASE WHEN c % 5 = 0 THEN replace(gen_random_uuid()::text, '-', '') END
      FROM users u CROSS JOIN generate_series(0, ${COLLECTIONS_PER_MEMBER - 1}) c CROSS JOIN picked`)
    await database.rows(sql`ANALYZE users`)
    await database.rows(sql`ANALYZE member_collections`)
  } finally {
    await database.close()
  }
  return (performance.now() - started) / 1000
}
