import { sql } from 'drizzle-orm'
import { DEFAULT_PROJECT_ID } from '@pg/shared/constants'
import { encodeSessionValue, sessionCookieName } from '../../apps/server/src/platform/appwrite/session-cookie'
import { createUserRepository } from '../../apps/server/src/members/account/user-repository'
import { createDemoMember } from '../../apps/server/src/members/management/demo-member'
import { hashSecret, newSecret } from '../../apps/server/src/platform/security/secrets'
import { BENCH_MEMBER, type Store } from './server'
import { openStoreDatabase } from './store-database'

/** One seeded member and the `Cookie` header of their session (as a browser that signed in sends it). */
export interface SeededMember {
  userId: string
  cookie: string
}

/** Rows per INSERT: a JSON array of this many sessions is well under any statement limit. */
const BATCH = 1_000
const SESSION_DAYS = 30

/**
 * Members for the realtime bench, written with SQL before the server starts (as bench:api's
 * member-collections seed does): `count` members granted by the owner, each with one live session whose
 * secret the bench keeps, so that thousands are signed in without thousands of sign-ins (sign-in is
 * rate-limited per address and per email, and each costs a password hash). A session row is what a
 * password sign-in writes (`factors = {password}`); the cookie is the SDK's `a_session_<project>` value.
 * The bench member (BENCH_MEMBER) is made as the server's DEMO makes it, with the `admin` label, and
 * signs in through the API.
 */
export async function seedRealtimeMembers(store: Store, count: number): Promise<SeededMember[]> {
  const database = await openStoreDatabase(store)
  try {
    await createDemoMember(createUserRepository(database.db), BENCH_MEMBER)
    await database.rows(sql`UPDATE users SET labels = '{admin}' WHERE email = ${BENCH_MEMBER.email}`)
    await database.rows(sql`
      INSERT INTO users (id, email, name, password_hash, granted_by_owner)
      SELECT 'rt-member-' || n, 'rt-member-' || n || '@example.com', 'Member ' || n, 'none', true
      FROM generate_series(1, ${count}) n`)
    const expires = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000).toISOString()
    const members: SeededMember[] = []
    for (let start = 1; start <= count; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, count - start + 1) }, (_, index) => {
        const userId = `rt-member-${start + index}`
        const secret = newSecret()
        const value = encodeSessionValue({ id: userId, secret })
        members.push({ userId, cookie: `${sessionCookieName(DEFAULT_PROJECT_ID)}=${value}` })
        return { id: `rt-session-${start + index}`, user_id: userId, secret_hash: hashSecret(secret) }
      })
      await database.rows(sql`
        INSERT INTO sessions (id, user_id, secret_hash, expires_at, ip, user_agent, factors)
        SELECT s.id, s.user_id, s.secret_hash, ${expires}::timestamptz, '127.0.0.1', 'bench:realtime', '{password}'
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS s(id text, user_id text, secret_hash text)`)
    }
    await database.rows(sql`ANALYZE users`)
    await database.rows(sql`ANALYZE sessions`)
    return members
  } finally {
    await database.close()
  }
}
