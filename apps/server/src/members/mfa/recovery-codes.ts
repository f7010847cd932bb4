import { createHash, randomInt } from 'node:crypto'

/** Ten codes of 10 characters from an alphabet without look-alikes (about 50 bits each). */
export const RECOVERY_CODES = 10
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () =>
    Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  )
}

/** How a code is kept: SHA-256 of the code as typed, lower case and without spaces or dashes. */
export const recoveryCodeHash = (code: string) =>
  createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex')
