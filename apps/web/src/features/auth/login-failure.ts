import { AppwriteException } from 'appwrite'
import { BLOCKED_REASONS, type BlockedReason } from '@pg/shared/purchase'
import { z } from 'zod/mini'
import { retryAfterSeconds } from '../../lib/retry-after'

/**
 * Why signing in failed: a blocked account (with the server's reason when it gave one: a refund, a
 * dispute, a year without activity), a wrong email or password, too many attempts (with the seconds to
 * wait when the server said), each told in the page's language (issue 15); otherwise the server's own
 * message (empty when it sent none).
 */
export type LoginFailure =
  | { kind: 'blocked'; reason: BlockedReason | null }
  | { kind: 'invalidCredentials' }
  | { kind: 'rateLimited'; retryAfterSeconds: number | null }
  | { kind: 'message'; text: string }

const blockedBodySchema = z.object({ reason: z.enum(BLOCKED_REASONS) })

/** The `reason` beside Appwrite's four fields in a `user_blocked` body (the SDK keeps the raw body). */
function blockedReason(body: string): BlockedReason | null {
  try {
    const parsed = blockedBodySchema.safeParse(JSON.parse(body))
    return parsed.success ? parsed.data.reason : null
  } catch {
    return null
  }
}

export function loginFailure(error: unknown): LoginFailure {
  if (!(error instanceof AppwriteException)) return { kind: 'message', text: '' }
  switch (error.type) {
    case 'user_blocked':
      return { kind: 'blocked', reason: blockedReason(error.response) }
    case 'user_invalid_credentials':
      return { kind: 'invalidCredentials' }
    case 'general_rate_limit_exceeded':
      return { kind: 'rateLimited', retryAfterSeconds: retryAfterSeconds(error.response) }
    default:
      return { kind: 'message', text: error.message }
  }
}
