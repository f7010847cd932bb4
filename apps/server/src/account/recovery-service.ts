import { toAppwriteDate } from '../appwrite/dates'
import { AppwriteError } from '../appwrite/errors'
import type { MailLanguage } from '../mail/mail-language'
import type { Mailer } from '../mail/mailer'
import { hashPassword } from '../security/password'
import type { RateLimiter, RateLimitRule } from '../security/rate-limits'
import { hashSecret, newId, newSecret } from '../security/secrets'
import { passwordLinkEmail, type PasswordLinkKind } from './password-link-email'
import type { SessionRepository } from './session-repository'
import type { TokenRepository, TokenRow } from './token-repository'
import type { UserRepository, UserRow } from './user-repository'

export const RECOVERY_TTL_SECONDS = 3600
/** An invitation from the store owner waits longer than a recovery the member just asked for. */
export const INVITE_TTL_SECONDS = 7 * 86_400
/** Appwrite's limit for POST /account/recovery: 10 an hour per email. */
export const RECOVERY_RULE: RateLimitRule = { name: 'recovery:email', limit: 10, windowSeconds: 3600 }
/** The page of the web app that sets a password with a link's token. */
export const RESET_PASSWORD_PATH = '/reset-password'
const KIND = 'recovery'

interface Dependencies {
  users: UserRepository
  sessions: SessionRepository
  tokens: TokenRepository
  rateLimiter: RateLimiter
  mailer: Mailer
  /** A recovery email is prepared and sent after the answer: its failures are reported here. */
  onMailError: (error: unknown) => void
  now?: () => Date
}

/** The Appwrite Token model; the secret only travels in the emailed link. */
function tokenModel(token: Pick<TokenRow, 'id' | 'createdAt' | 'userId' | 'expiresAt'>) {
  return {
    $id: token.id,
    $createdAt: toAppwriteDate(token.createdAt),
    userId: token.userId,
    secret: '',
    expire: toAppwriteDate(token.expiresAt),
    phrase: '',
  }
}

export function createRecoveryService({
  users,
  sessions,
  tokens,
  rateLimiter,
  mailer,
  onMailError,
  now = () => new Date(),
}: Dependencies) {
  /** A token's id and times, chosen before anyone looks the email up. */
  function newToken(ttlSeconds: number) {
    const createdAt = now()
    return { id: newId(), createdAt, expiresAt: new Date(createdAt.getTime() + ttlSeconds * 1000) }
  }

  /** A single-use token and the email carrying its link; the message is only composed here. */
  async function passwordLink(
    user: UserRow,
    options: {
      kind: PasswordLinkKind
      url: URL
      language: MailLanguage
      ttlSeconds: number
      token?: ReturnType<typeof newToken>
    },
  ) {
    const secret = newSecret()
    const { id, createdAt, expiresAt } = options.token ?? newToken(options.ttlSeconds)
    const token = await tokens.create({
      id,
      createdAt,
      userId: user.id,
      kind: KIND,
      secretHash: hashSecret(secret),
      expiresAt,
    })
    const link = new URL(options.url)
    link.searchParams.set('userId', user.id)
    link.searchParams.set('secret', secret)
    link.searchParams.set('expire', toAppwriteDate(expiresAt))
    const email = passwordLinkEmail({
      kind: options.kind,
      language: options.language,
      name: user.name,
      link: link.toString(),
      validHours: Math.round(options.ttlSeconds / 3600),
    })
    return { token, message: { to: user.email, ...email, link: link.toString() } }
  }

  /** The work that differs for a member: it runs after the answer, so its time tells nothing. */
  async function sendRecovery(
    email: string,
    token: ReturnType<typeof newToken>,
    url: URL,
    language: MailLanguage,
  ) {
    const user = await users.findByEmail(email)
    if (!user?.enabled) return
    const { message } = await passwordLink(user, {
      kind: 'recovery',
      url,
      language,
      ttlSeconds: RECOVERY_TTL_SECONDS,
      token,
    })
    await mailer.send(message)
  }

  return {
    /**
     * Answers the same whether or not the email belongs to a member (no account enumeration, decision
     * 013): one token id and times made the same way, the user id left out, and the look-up, the stored
     * token and the email all done after the answer, so its time does not tell either.
     */
    async request(email: string, url: URL, language: MailLanguage = 'es') {
      const limited = await rateLimiter.hit(RECOVERY_RULE, email.toLowerCase())
      if (limited) throw limited
      const token = newToken(RECOVERY_TTL_SECONDS)
      void sendRecovery(email, token, url, language).catch(onMailError)
      return tokenModel({ ...token, userId: '' })
    },

    /** The store owner's invitation to choose a password; waits for the mail so the owner hears of failures. */
    async invite(user: UserRow, options: { webOrigin: string; language: MailLanguage }) {
      const { message } = await passwordLink(user, {
        kind: 'invite',
        url: new URL(RESET_PASSWORD_PATH, options.webOrigin),
        language: options.language,
        ttlSeconds: INVITE_TTL_SECONDS,
      })
      await mailer.send(message)
    },

    /** Sets the new password with a single-use token and signs the member out everywhere. */
    async complete(input: { userId: string; secret: string; password: string }) {
      const token = await tokens.consume({
        userId: input.userId,
        kind: KIND,
        secretHash: hashSecret(input.secret),
        now: now(),
      })
      if (!token) throw new AppwriteError('user_invalid_token')
      const user = await users.findById(input.userId)
      if (!user?.enabled) throw new AppwriteError('user_blocked')
      // Every other link of the member ends with this one: a new password makes them all stale.
      await tokens.endOutstanding(input.userId, now())
      await users.update(input.userId, {
        passwordHash: await hashPassword(input.password),
        passwordUpdatedAt: now(),
      })
      await sessions.deleteAllForUser(input.userId)
      return tokenModel(token)
    },
  }
}

export type RecoveryService = ReturnType<typeof createRecoveryService>
