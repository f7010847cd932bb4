export const MAIL_LANGUAGES = ['es', 'en'] as const
export type MailLanguage = (typeof MAIL_LANGUAGES)[number]

const isMailLanguage = (value: string): value is MailLanguage =>
  MAIL_LANGUAGES.some((language) => language === value)

/**
 * The language of an email: the app's own choice (`X-Appwrite-Locale`, which the SDK sends after
 * `client.setLocale`), else the browser's `Accept-Language` in order of preference, else Spanish.
 */
export function pickMailLanguage(
  locale: string | undefined,
  acceptLanguage: string | undefined,
): MailLanguage {
  const preferences = acceptLanguage
    ?.split(',')
    .map((part) => {
      const [tag = '', ...parameters] = part.trim().split(';')
      const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean)
      return { tag, quality: quality === undefined ? 1 : Number(quality) }
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality)
    .map((entry) => entry.tag)
  for (const tag of [locale ?? '', ...(preferences ?? [])]) {
    const primary = tag.trim().toLowerCase().split('-')[0] ?? ''
    if (isMailLanguage(primary)) return primary
  }
  return 'es'
}

/** The language a request asks its emails in: `X-Appwrite-Locale`, else `Accept-Language`, else Spanish. */
export function requestedMailLanguage(headers: Record<string, string | string[] | undefined>): MailLanguage {
  const locale = headers['x-appwrite-locale']
  const accepted = headers['accept-language']
  return pickMailLanguage(
    typeof locale === 'string' ? locale : undefined,
    typeof accepted === 'string' ? accepted : undefined,
  )
}
