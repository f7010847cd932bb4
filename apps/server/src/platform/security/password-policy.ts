import { readFileSync } from 'node:fs'
import { passwordSchema } from '@pg/shared/account'
import { serverFiles } from '../server-files'

/** Shipped with the project (see the file's header for its source), read once. */
const commonPasswords = new Set(
  readFileSync(serverFiles.commonPasswords, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.toLowerCase()),
)

export const isCommonPassword = (password: string) => commonPasswords.has(password.toLowerCase())

/**
 * The rules for a password a member chooses (ASVS V2.1): 8 to 256 characters, any characters, no
 * composition rules, and not one of the most common passwords.
 */
export const newPasswordSchema = passwordSchema.refine(
  (password) => !isCommonPassword(password),
  'is one of the most common passwords; choose another',
)
