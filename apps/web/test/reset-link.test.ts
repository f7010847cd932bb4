import { AppwriteException } from 'appwrite'
import { describe, expect, it } from 'vitest'
import { checkNewPassword, readResetLink, recoveryFailure } from '../src/features/recovery/reset-link'

describe('the reset link', () => {
  it('reads userId, secret and expire from the address', () => {
    const link = readResetLink(
      new URLSearchParams('userId=u1&secret=s3cr3t&expire=2026-01-05T10%3A00%3A00.000%2B00%3A00'),
    )
    expect(link).toEqual({ userId: 'u1', secret: 's3cr3t', expiresAt: Date.parse('2026-01-05T10:00:00Z') })
    expect(readResetLink(new URLSearchParams('userId=u1&secret=s'))?.expiresAt).toBeNull()
  })

  it('is null when a part is missing or malformed', () => {
    expect(readResetLink(new URLSearchParams('userId=u1'))).toBeNull()
    expect(readResetLink(new URLSearchParams(`userId=${'u'.repeat(37)}&secret=s`))).toBeNull()
    expect(readResetLink(new URLSearchParams(''))).toBeNull()
  })
})

describe('a new password', () => {
  it('needs 8 to 256 characters of anything, typed twice the same', () => {
    expect(checkNewPassword('1234567', '1234567')).toBe('tooShort')
    expect(checkNewPassword('x'.repeat(257), 'x'.repeat(257))).toBe('tooLong')
    expect(checkNewPassword('ocho car', 'ocho cat')).toBe('mismatch')
    expect(checkNewPassword('ñandú 🦤', 'ñandú 🦤')).toBeNull()
  })

  it('failures map to the product’s words, never the raw message', () => {
    const failure = (type: string, message = '') => recoveryFailure(new AppwriteException(message, 400, type))
    expect(failure('user_invalid_token')).toBe('invalidLink')
    expect(failure('user_blocked')).toBe('blocked')
    expect(failure('general_rate_limit_exceeded')).toBe('tooMany')
    expect(failure('general_argument_invalid', 'Invalid `password` param: …')).toBe('weakPassword')
    expect(failure('general_argument_invalid', 'Invalid `secret` param: …')).toBe('failed')
    expect(recoveryFailure(new TypeError('Failed to fetch'))).toBe('failed')
  })
})
