import Negotiator from 'negotiator'

/** The languages the store speaks, Spanish first: its audience's, and the answer when nothing is asked. */
export const LANGUAGES = ['es', 'en'] as const
export type Language = (typeof LANGUAGES)[number]

const isLanguage = (value: string | undefined): value is Language =>
  LANGUAGES.some((language) => language === value)

/** The best of ours for a list such as `en-US,en;q=0.9` (q-values, regions and `*` as RFC 9110 says). */
const negotiated = (accepted: string): Language | undefined => {
  const language = new Negotiator({ headers: { 'accept-language': accepted } }).language(LANGUAGES)
  return isLanguage(language) ? language : undefined
}

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined)

/**
 * The language a request asks for: the app's own choice (`X-Appwrite-Locale`, which the SDK sends after
 * `client.setLocale`: `es`, `es-419`, `en-US`), else the browser's `Accept-Language`, else Spanish.
 */
export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const locale = single(headers['x-appwrite-locale'])?.trim()
  const accepted = single(headers['accept-language'])?.trim()
  return (locale && negotiated(locale)) || (accepted && negotiated(accepted)) || 'es'
}
