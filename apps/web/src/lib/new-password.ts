import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@pg/shared/constants'

export type PasswordProblem = 'tooShort' | 'tooLong' | 'mismatch'

/**
 * A new password as the server will judge its length (ASVS: length only, no composition rules), and its
 * confirmation: for the recovery page and "My account" alike.
 */
export function checkNewPassword(password: string, confirmation: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort'
  if (password.length > PASSWORD_MAX_LENGTH) return 'tooLong'
  if (password !== confirmation) return 'mismatch'
  return null
}
