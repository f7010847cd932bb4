import { AppwriteException } from 'appwrite'
import { retryAfterSeconds } from './retry-after'

/** Six digits, spaces and dashes a member may type or paste between them left out. */
export const typedCode = (value: string) => value.replace(/[\s-]/g, '')
export const isCode = (value: string) => /^\d{6}$/.test(value)

/**
 * Why a code from an authenticator app or a recovery code was refused (issue 43), in the product's words:
 * a wrong or used code (`user_invalid_token`), too many tries (with the seconds to wait when the server
 * said), or anything else.
 */
export type CodeFailure =
  { kind: 'wrongCode' } | { kind: 'tooMany'; waitSeconds: number | null } | { kind: 'failed' }

export function codeFailure(error: unknown): CodeFailure {
  if (!(error instanceof AppwriteException)) return { kind: 'failed' }
  if (error.type === 'user_invalid_token') return { kind: 'wrongCode' }
  if (error.type === 'general_rate_limit_exceeded')
    return { kind: 'tooMany', waitSeconds: retryAfterSeconds(error.response) }
  return { kind: 'failed' }
}
