import { ADMIN_LABEL } from '@pg/shared/account'
import type { sessions, users } from '../db/schema'

/**
 * Who sends a request, once their session cookie is checked: the member and the session. The wings
 * below `members/` (the catalogue, pages) know a signed-in person by this shape alone; `members/account`
 * finds them (its `Member` is this type).
 */
export interface SignedIn {
  user: typeof users.$inferSelect
  session: typeof sessions.$inferSelect
  /** Set when an API key sends the request (issue 44): the key's id, name and scopes; `user` stands in. */
  key?: { id: string; name: string; scopes: readonly string[] }
}

/** Who may use the owner's console and its routes (`admin` access): members with the admin label. */
export const isAdmin = (member: SignedIn) => member.user.labels.includes(ADMIN_LABEL)

/**
 * A session that still needs a second factor (issue 43): its member has two-step verification on and the
 * session proved none yet. It is no signed-in member anywhere but on the routes that complete it.
 */
export const needsSecondFactor = (member: SignedIn) => member.user.mfa && member.session.mfaUpdatedAt === null
