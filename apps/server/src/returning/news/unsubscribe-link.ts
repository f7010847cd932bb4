import { createHmac, timingSafeEqual } from 'node:crypto'
import { ID_PATTERN } from '@pg/shared/constants'
import type { Database } from '../../platform/db/client'
import { readStoreKey } from '../../platform/security/store-keys'

/** Where a weekly email's unsubscribe link leads: outside the API, as a download link is. */
export const UNSUBSCRIBE_PATH = '/news-email/unsubscribe'

const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/

/**
 * The weekly email's one-click unsubscribe links (RFC 8058): the member's id and an HMAC-SHA-256 of it
 * under the store's own key (`store_keys`, the same for every instance on one PostgreSQL). The link is
 * the credential: no session, no expiry (a member may unsubscribe from an old email), and all it can do
 * is turn that member's weekly email off.
 */
export function createUnsubscribeLinks(db: Database) {
  let key: Promise<Buffer> | undefined
  // Read once; a failed read (the database away) is tried again by the next use.
  const storeKey = () =>
    (key ??= readStoreKey(db, 'news-email-unsubscribe').catch((error: unknown) => {
      key = undefined
      throw error
    }))
  const sign = async (userId: string) =>
    createHmac('sha256', await storeKey())
      .update(`news-email-unsubscribe:${userId}`)
      .digest('base64url')

  return {
    async link(userId: string, origin: string): Promise<string> {
      const path = `${UNSUBSCRIBE_PATH}/${encodeURIComponent(userId)}/${await sign(userId)}`
      return new URL(path, origin).toString()
    },

    /** The member a link names when its signature is the store's; null for anything else. */
    async memberOf(userId: string, signature: string): Promise<string | null> {
      if (!ID_PATTERN.test(userId) || !SIGNATURE_PATTERN.test(signature)) return null
      const expected = Buffer.from(await sign(userId))
      const given = Buffer.from(signature)
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null
    },
  }
}

export type UnsubscribeLinks = ReturnType<typeof createUnsubscribeLinks>
