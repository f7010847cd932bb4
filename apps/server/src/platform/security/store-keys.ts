import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { storeKeys } from '../db/schema'

/**
 * `sign-in-stand-in` gives an email that is no member's a stable stand-in id (decision 063);
 * `news-email-unsubscribe` signs the weekly email's one-click unsubscribe links (decision 064);
 * `analytics-members` keys the hashes of weekly active members (decision 065).
 */
export type StoreKeyName =
  | 'sign-in-stand-in'
  | 'news-email-unsubscribe'
  | 'analytics-members'
  /** Seals members' TOTP secrets at rest (issue 43). */
  | 'mfa-secrets'
  /** Seals the webhook endpoints' signing secrets at rest (issue 44). */
  | 'webhook-secrets'

/**
 * A key the store makes for itself the first time it is needed and keeps in its database, so that every
 * instance on one PostgreSQL, and the store after a restart or a copy, use the same one. 256 random bits;
 * the first instance to write it wins, the others read that one.
 */
export async function readStoreKey(db: Database, name: StoreKeyName): Promise<Buffer> {
  await db
    .insert(storeKeys)
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing({ target: storeKeys.name })
  const [row] = await db.select({ value: storeKeys.value }).from(storeKeys).where(eq(storeKeys.name, name))
  if (!row) throw new Error(`The store key ${name} could not be kept`)
  return Buffer.from(row.value, 'base64')
}
