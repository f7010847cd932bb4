import type { OffsiteFailure } from '@pg/shared/offsite-backups'
import { PrivateAddressError } from '../../platform/security/outgoing-address'

/** A failure said in the owner's words, with its code for the console; never a secret in it. */
export interface UploadFailure {
  reason: OffsiteFailure
  detail: string
}

const UNREACHABLE = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'TimeoutError',
  'RequestTimeout',
])
const REFUSED_KEYS = new Set([
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'InvalidToken',
  'ExpiredToken',
  'CredentialsProviderError',
  'Forbidden',
  'Unauthorized',
])

function codesOf(error: unknown): string[] {
  const codes: string[] = []
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') break
    for (const field of ['code', 'name', 'Code'] as const) {
      const value = (current as Record<string, unknown>)[field]
      if (typeof value === 'string') codes.push(value)
    }
    const errors = (current as { errors?: unknown }).errors
    if (Array.isArray(errors)) for (const inner of errors) codes.push(...codesOf(inner))
    current = (current as { cause?: unknown }).cause
  }
  return codes
}

function privateAddressIn(error: unknown): PrivateAddressError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof PrivateAddressError) return current
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined
  }
  return undefined
}

/** Why an upload (or a listing, a download) failed, in the owner's words. */
export function describeUploadFailure(error: unknown, where: string): UploadFailure {
  const privateAddress = privateAddressIn(error)
  if (privateAddress)
    return {
      reason: 'privateAddress',
      detail: `${privateAddress.host} is a private address (${privateAddress.address}): the store uploads nothing there unless BACKUP_S3_ALLOW_PRIVATE=1 says it is yours.`,
    }
  const codes = codesOf(error)
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode
  if (codes.some((code) => UNREACHABLE.has(code)))
    return {
      reason: 'unreachable',
      detail: `The bucket's server (${where}) did not answer (${codes.find((code) => UNREACHABLE.has(code))}): check BACKUP_S3_ENDPOINT and the network. The store tries again.`,
    }
  if (codes.includes('NoSuchBucket'))
    return {
      reason: 'noBucket',
      detail: `There is no such bucket at ${where}: check BACKUP_S3_BUCKET and BACKUP_S3_REGION.`,
    }
  if (codes.some((code) => REFUSED_KEYS.has(code)) || status === 401 || status === 403)
    return {
      reason: 'refusedKeys',
      detail: `The bucket (${where}) refused the keys: check BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY, and that they may write there.`,
    }
  const message = error instanceof Error ? error.message : String(error)
  return { reason: 'other', detail: `The upload to ${where} failed: ${message.slice(0, 300)}` }
}

export const NO_KEY: UploadFailure = {
  reason: 'noKey',
  detail:
    'BACKUP_PASSPHRASE is not set: a backup holds members’ emails and password hashes, so it never leaves this machine unencrypted. Set it (and keep it safe: without it the backups cannot be read).',
}
