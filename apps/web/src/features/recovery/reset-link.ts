import { AppwriteException } from 'appwrite'
import { z } from 'zod/mini'

export const RESET_PASSWORD_PATH = '/reset-password'

const linkSchema = z.object({
  userId: z.string().check(z.minLength(1), z.maxLength(36)),
  secret: z.string().check(z.minLength(1), z.maxLength(256)),
  expire: z.optional(z.string()),
})

export type ResetLink = { userId: string; secret: string; expiresAt: number | null }

/** The reset link's query (`userId`, `secret`, `expire`), or null when it is missing or malformed. */
export function readResetLink(params: URLSearchParams): ResetLink | null {
  const parsed = linkSchema.safeParse(Object.fromEntries(params))
  if (!parsed.success) return null
  const expiresAt = parsed.data.expire ? Date.parse(parsed.data.expire) : Number.NaN
  return {
    userId: parsed.data.userId,
    secret: parsed.data.secret,
    expiresAt: Number.isNaN(expiresAt) ? null : expiresAt,
  }
}

export { checkNewPassword, type PasswordProblem } from '../../lib/new-password'

export type RecoveryFailure = 'invalidLink' | 'blocked' | 'weakPassword' | 'tooMany' | 'failed'

/** What went wrong, in the product's words; never the raw exception text. */
export function recoveryFailure(error: unknown): RecoveryFailure {
  if (!(error instanceof AppwriteException)) return 'failed'
  if (error.type === 'user_invalid_token') return 'invalidLink'
  if (error.type === 'user_blocked') return 'blocked'
  if (error.type === 'general_rate_limit_exceeded') return 'tooMany'
  if (error.type === 'general_argument_invalid' && /password/i.test(error.message)) return 'weakPassword'
  return 'failed'
}
