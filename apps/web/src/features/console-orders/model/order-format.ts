/**
 * "US$25.00" from 2500 cents of USD, in the page's language; null without an amount (a sale the owner
 * recorded) or with a currency Intl does not know. Minor units follow the currency (none for JPY).
 */
export function formatMoney(amount: number | null, currency: string | null, language: string) {
  if (amount === null || !currency) return null
  try {
    const format = new Intl.NumberFormat(language, { style: 'currency', currency })
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2
    return format.format(amount / 10 ** digits)
  } catch {
    return null
  }
}

/** Date and time in the page's language and the owner's time zone. */
export const dateTimeFormat = (language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' })
