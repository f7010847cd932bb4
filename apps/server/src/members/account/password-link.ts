import { toAppwriteDate } from '../../platform/appwrite/dates'
import { hashSecret, newId, newSecret } from '../../platform/security/secrets'
import type { TokenRepository, TokenRow } from './token-repository'
import type { UserRow } from './user-repository'

/** An invitation (from the store owner, or after a purchase) waits longer than a recovery the member asked for. */
export const INVITE_TTL_SECONDS = 7 * 86_400
/** The page of the web app that sets a password with a link's token. */
export const RESET_PASSWORD_PATH = '/reset-password'
/** Recovery and invitation links are one kind of token: `PUT /v1/account/recovery` takes either. */
export const PASSWORD_LINK_KIND = 'recovery'

/** A token's id and times, which a recovery chooses before anyone looks the email up. */
export interface LinkToken {
  id: string
  createdAt: Date
  expiresAt: Date
}

export function newLinkToken(ttlSeconds: number, now: Date): LinkToken {
  return { id: newId(), createdAt: now, expiresAt: new Date(now.getTime() + ttlSeconds * 1000) }
}

/**
 * Stores a single-use token and returns the link that carries its secret. The secret exists only in
 * the link (the token keeps its hash), so the link must go straight into a message, never into a log.
 */
export async function issuePasswordLink(
  tokens: TokenRepository,
  user: Pick<UserRow, 'id'>,
  url: URL,
  { id, createdAt, expiresAt }: LinkToken,
): Promise<{ token: TokenRow; link: string }> {
  const secret = newSecret()
  const token = await tokens.create({
    id,
    createdAt,
    userId: user.id,
    kind: PASSWORD_LINK_KIND,
    secretHash: hashSecret(secret),
    expiresAt,
  })
  const link = new URL(url)
  link.searchParams.set('userId', user.id)
  link.searchParams.set('secret', secret)
  link.searchParams.set('expire', toAppwriteDate(expiresAt))
  return { token, link: link.toString() }
}

/** An invitation to choose a password on the store's own page: valid 7 days, single use. */
export function issueInvitationLink(
  tokens: TokenRepository,
  user: Pick<UserRow, 'id'>,
  options: { webOrigin: string; now: Date },
) {
  return issuePasswordLink(
    tokens,
    user,
    new URL(RESET_PASSWORD_PATH, options.webOrigin),
    newLinkToken(INVITE_TTL_SECONDS, options.now),
  )
}
