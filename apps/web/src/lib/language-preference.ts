/**
 * The visitor's language choice, kept in this browser (`localStorage.lang`) and in a cookie the server
 * reads to send its prerendered pages in that language. No framework here: the storefront island
 * (src/storefront-island.ts) uses it without React or i18next.
 */
export const languages = ['es', 'en'] as const
export type Language = (typeof languages)[number]

const STORAGE_KEY = 'lang'
/** A year, site-wide. */
const COOKIE_ATTRIBUTES = '; Path=/; Max-Age=31536000; SameSite=Lax'

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value)

/** One of ours, else Spanish. */
export const currentLanguage = (language: string | undefined): Language =>
  isLanguage(language) ? language : 'es'

/** The remembered choice; storage may be unavailable (privacy modes) or hold anything. */
export function readStoredLanguage(): Language | undefined {
  try {
    const stored = localStorage.getItem(STORAGE_KEY)
    return isLanguage(stored) ? stored : undefined
  } catch {
    return undefined
  }
}

/** Remembers the choice in this browser and tells the server, which prerenders pages in both languages. */
export function storeLanguage(language: Language): void {
  document.cookie = `${STORAGE_KEY}=${language}${COOKIE_ATTRIBUTES}`
  try {
    localStorage.setItem(STORAGE_KEY, language)
  } catch {
    // Without storage the cookie still carries the choice; nothing to report.
  }
}

const hasLanguageCookie = () => /(^|;\s*)lang=/.test(document.cookie)

/**
 * A choice remembered before the server could read it (no cookie yet): tells the server, and when the
 * page came in the other language, reloads it in the right one (once: only if the cookie was kept).
 * True when the page is being reloaded.
 */
export function sendStoredLanguage(pageLanguage: Language): boolean {
  const stored = readStoredLanguage()
  if (!stored || hasLanguageCookie()) return false
  storeLanguage(stored)
  if (stored === pageLanguage || !hasLanguageCookie()) return false
  window.location.reload()
  return true
}
