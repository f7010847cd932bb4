/** Longer terms are cut: enough for any real search, and a row stays small. */
export const SEARCH_TERM_MAX_LENGTH = 100

/** What the log keeps in place of an email address or a phone number (decision 058). */
export const REDACTED = { email: '[email]', phone: '[tel]' } as const

const SPACES = /\s+/gu
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u
/** Something@something, however short: `ana@correo`, `ana.perez+x@example.com`. */
const EMAIL = /[^\s@]+@[^\s@]+/gu
/**
 * Seven digits or more, as phone numbers are written (`+34 612 34 56 78`, `(55) 1234-5678`,
 * `612.345.678`): also card, account and identity numbers. Shorter numbers (`4k`, `2024`, `gpt 4`) stay.
 */
const PHONE = /[+(]{0,2}\p{Nd}(?:[\s().\-/]{0,3}\p{Nd}){6,}/gu

/**
 * A member's search as the log keeps it (decisions 044 and 058): trimmed, lower case, one space between
 * words, every email address and phone number (or other long number) replaced by `[email]` / `[tel]`
 * before anything is counted, then at most 100 characters. Null when it says no letter or digit:
 * nothing an owner could add for it.
 */
export function normaliseSearchTerm(text: string): string | null {
  let term = text
    .normalize('NFC')
    .toLowerCase()
    .replace(SPACES, ' ')
    // On the whole text, before it is cut: a cut must not leave part of an address or a number behind.
    .replace(EMAIL, REDACTED.email)
    .replace(PHONE, REDACTED.phone)
    .trim()
  if (term.length > SEARCH_TERM_MAX_LENGTH) {
    // Cut by characters, not UTF-16 units, so an emoji or other astral character is never split.
    term = Array.from(term).slice(0, SEARCH_TERM_MAX_LENGTH).join('').trimEnd()
  }
  return LETTER_OR_DIGIT.test(term) ? term : null
}
