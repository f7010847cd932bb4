import { toAppwriteDate } from '../../platform/appwrite/dates'
import { AppwriteError } from '../../platform/appwrite/errors'
import type { MailLanguage } from '../../mail/mail-language'
import type { Mailer } from '../../mail/mailer'
import type { StoreIdentityReader } from '../../mail/store-identity'
import { hashPassword } from '../../platform/security/password'
import type { RateLimiter } from '../../platform/security/rate-limits'
import { limitAccountEmailRequest, type AccountEmailCeiling } from './account-email-limits'
import { hashSecret } from '../../platform/security/secrets'
import {
  INVITE_TTL_SECONDS,
  issueInvitationLink,
  issuePasswordLink,
  newLinkToken,
  PASSWORD_LINK_KIND,
  type LinkToken,
} from './password-link'
import { memberMailLanguage } from './member-mail-language'
import { passwordLinkEmail, type PasswordLinkKind } from './password-link-email'
import type { SessionRepository } from './session-repository'
import type { TokenRepository, TokenRow } from './token-repository'
import type { UserRepository, UserRow } from './user-repository'

export const RECOVERY_TTL_SECONDS = 3600

interface Dependencies {
  users: UserRepository
  sessions: SessionRepository
  tokens: TokenRepository
  rateLimiter: RateLimiter
  mailer: Mailer
  /** The store's name as published when the email is composed. */
  storeIdentity: StoreIdentityReader
  /** The store's hourly ceiling on the emails visitors can make it send (issue 40). */
  ceiling: AccountEmailCeiling
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
  storeIdentity,
  ceiling,
  onMailError,
  now = () => new Date(),
}: Dependencies) {
  /** The email carrying a set-password link, in the member's language; the message is only composed here. */
  async function passwordLinkMessage(
    user: UserRow,
    link: string,
    options: { kind: PasswordLinkKind; language: MailLanguage; ttlSeconds: number },
  ) {
    const email = passwordLinkEmail({
      kind: options.kind,
      language: options.language,
      store: await storeIdentity(options.language),
      name: user.name,
      link,
      validHours: Math.round(options.ttlSeconds / 3600),
    })
    return { to: user.email, ...email, link }
  }

  /** The work that differs for a member: it runs after the answer, so its time tells nothing. */
  async function sendRecovery(email: string, token: LinkToken, url: URL, language: MailLanguage) {
    const user = await users.findByEmail(email)
    if (!user?.enabled || !(await ceiling.admits())) return
    const { link } = await issuePasswordLink(tokens, user, url, token)
    await mailer.send(
      await passwordLinkMessage(user, link, {
        kind: 'recovery',
        language: memberMailLanguage(user, language),
        ttlSeconds: RECOVERY_TTL_SECONDS,
      }),
    )
  }

  return {
    /**
     * Answers the same whether or not the email belongs to a member (no account enumeration, decision
     * 013): one token id and times made the same way, the user id left out, and the look-up, the stored
     * token and the email all done after the answer, so its time does not tell either.
     */
    async request(input: { email: string; url: URL; language: MailLanguage; ip: string }) {
      const { email, url, language } = input
      await limitAccountEmailRequest(rateLimiter, input)
      const token = newLinkToken(RECOVERY_TTL_SECONDS, now())
      void sendRecovery(email, token, url, language).catch(onMailError)
      return tokenModel({ ...token, userId: '' })
    },

    /** The store owner's invitation to choose a password; waits for the mail so the owner hears of failures. */
    async invite(user: UserRow, options: { webOrigin: string; language: MailLanguage }) {
      const { link } = await issueInvitationLink(tokens, user, { webOrigin: options.webOrigin, now: now() })
      await mailer.send(
        await passwordLinkMessage(user, link, {
          kind: 'invite',
          language: options.language,
          ttlSeconds: INVITE_TTL_SECONDS,
        }),
      )
    },

    /** Sets the new password with a single-use token and signs the member out everywhere. */
    async complete(input: { userId: string; secret: string; password: string }) {
      const token = await tokens.consume({
        userId: input.userId,
        kind: PASSWORD_LINK_KIND,
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
