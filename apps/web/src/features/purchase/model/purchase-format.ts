/** "15 de marzo de 2026" / "March 15, 2026", in the member's language and time zone. */
export const formatDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso))

/** With the hour: the download window closes at an exact moment, not at the end of the day. */
export const formatDateTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso))

/**
 * "US$25.00" from 2500 cents of USD; null when the provider gave no amount or a currency Intl does not
 * know. Minor units follow the currency (none for JPY, two for most).
 */
export function formatAmount(amount: number | null, currency: string | null, language: string) {
  if (amount === null || !currency) return null
  try {
    const format = new Intl.NumberFormat(language, { style: 'currency', currency })
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2
    return format.format(amount / 10 ** digits)
  } catch {
    return null
  }
}
