/** Longer terms are cut: enough for any real search, and a row stays small. */
export const SEARCH_TERM_MAX_LENGTH = 100

const SPACES = /\s+/gu
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u

/**
 * A member's search as the log keeps it (decision 044): trimmed, lower case, one space between words,
 * at most 100 characters. Null when it says no letter or digit: nothing an owner could add for it.
 */
export function normaliseSearchTerm(text: string): string | null {
  let term = text.normalize('NFC').toLowerCase().replace(SPACES, ' ').trim()
  if (term.length > SEARCH_TERM_MAX_LENGTH) {
    // Cut by characters, not UTF-16 units, so an emoji or other astral character is never split.
    term = Array.from(term).slice(0, SEARCH_TERM_MAX_LENGTH).join('').trimEnd()
  }
  return LETTER_OR_DIGIT.test(term) ? term : null
}
