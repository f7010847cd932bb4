import { AppwriteException } from 'appwrite'
import { retryAfterSeconds } from '../../lib/retry-after'

export type SignInEmailFailure = 'invalidCode' | 'tooMany' | 'failed'

/** What went wrong asking for a link or typing a code, in the product's words. */
export function signInEmailFailure(error: unknown): SignInEmailFailure {
  if (!(error instanceof AppwriteException)) return 'failed'
  if (error.type === 'user_invalid_token') return 'invalidCode'
  if (error.type === 'general_rate_limit_exceeded') return 'tooMany'
  return 'failed'
}

/**
 * Asking for a sign-in email refused by one of the store's email limits (issue 40): the seconds to wait,
 * when the server said; null for any other failure.
 */
export function emailLimitWait(error: unknown): number | null {
  if (!(error instanceof AppwriteException) || error.type !== 'general_rate_limit_exceeded') return null
  return retryAfterSeconds(error.response)
}
