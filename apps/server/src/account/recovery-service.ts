import { toAppwriteDate } from '../appwrite/dates'
import { AppwriteError } from '../appwrite/errors'
import type { Mailer } from '../mail/mailer'
import { hashPassword } from '../security/password'
import type { RateLimiter, RateLimitRule } from '../security/rate-limits'
import { hashSecret, newSecret } from '../security/secrets'
import type { SessionRepository } from './session-repository'
import type { TokenRepository, TokenRow } from './token-repository'
import type { UserRepository } from './user-repository'

export const RECOVERY_TTL_SECONDS = 3600
/** Appwrite's limit for POST /account/recovery: 10 an hour per email. */
export const RECOVERY_RULE: RateLimitRule = { name: 'recovery:email', limit: 10, windowSeconds: 3600 }
const KIND = 'recovery'

interface Dependencies {
  users: UserRepository
  sessions: SessionRepository
  tokens: TokenRepository
  rateLimiter: RateLimiter
  mailer: Mailer
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
  return {
    /**
     * Answers the same whether or not the email belongs to a member (no account enumeration): the
     * user id is left out and the email is sent in the background, so timing does not tell either.
     */
    async request(email: string, url: URL) {
      const limited = await rateLimiter.hit(RECOVERY_RULE, email.toLowerCase())
      if (limited) throw limited
      const expiresAt = new Date(now().getTime() + RECOVERY_TTL_SECONDS * 1000)
      const user = await users.findByEmail(email)
      if (!user || !user.enabled) {
        return tokenModel({ id: newSecret().slice(0, 20), createdAt: now(), userId: '', expiresAt })
      }
      const secret = newSecret()
      const token = await tokens.create({
        userId: user.id,
        kind: KIND,
        secretHash: hashSecret(secret),
        expiresAt,
      })
      const link = new URL(url)
      link.searchParams.set('userId', user.id)
      link.searchParams.set('secret', secret)
      link.searchParams.set('expire', toAppwriteDate(expiresAt))
      void mailer
        .send({
          to: user.email,
          subject: 'Restablece tu contraseña · Reset your password',
          text: [
            `Hola${user.name ? ` ${user.name}` : ''}:`,
            '',
            'Para elegir una nueva contraseña de Projects Gallery, abre este enlace (válido durante 1 hora):',
            link.toString(),
            '',
            'Si no lo pediste, ignora este mensaje: tu contraseña no cambia.',
            '',
            '—',
            '',
            'To choose a new Projects Gallery password, open the link above (valid for 1 hour).',
            'If you did not ask for it, ignore this message: your password stays the same.',
          ].join('\n'),
        })
        .catch(onMailError)
      return { ...tokenModel(token), userId: '' }
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
