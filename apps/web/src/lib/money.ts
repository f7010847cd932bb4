/**
 * "US$25.00" from 2500 cents of USD, in the page's language; null without an amount (a sale the owner
 * recorded, a provider that sent none) or with a currency Intl does not know. Minor units follow the
 * currency (none for JPY, two for most). The members' purchase page and the console's orders and
 * overview show amounts alike.
 */
export function formatMoney(amount: number | null, currency: string | null, language: string): string | null {
  if (amount === null || !currency) return null
  try {
    const format = new Intl.NumberFormat(language, { style: 'currency', currency })
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2
    return format.format(amount / 10 ** digits)
  } catch {
    return null
  }
}
