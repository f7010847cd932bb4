/**
 * Money as the store shows it: amounts are kept in the currency's minor unit (2500 cents), and the
 * currency's own digits (none for JPY and CLP, two for most, three for KWD) come from Intl. The web app's
 * purchase page and console, and the admin CLI's orders, format with these.
 */

/** The currency's digits after the point; undefined for a code Intl refuses. */
export function currencyDigits(currency: string): number | undefined {
  try {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency })
    return format.resolvedOptions().maximumFractionDigits ?? 2
  } catch {
    return undefined
  }
}

/**
 * "US$25.00" from 2500 cents of USD, in the given language ("$25.00" in `en`, "25,00 €" for EUR in `es`);
 * null without an amount (a sale the owner recorded, a provider that sent none), without a currency, or
 * with a currency or language Intl does not know.
 */
export function formatMoney(amount: number | null, currency: string | null, language: string): string | null {
  if (amount === null || !currency) return null
  const digits = currencyDigits(currency)
  if (digits === undefined) return null
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount / 10 ** digits)
  } catch {
    return null // a language tag Intl refuses
  }
}

/** "25.00" for a spreadsheet: the amount in the currency's major unit, without grouping or symbol. */
export function decimalAmount(amount: number | null, currency: string | null): string {
  if (amount === null) return ''
  const digits = (currency ? currencyDigits(currency) : undefined) ?? 2
  return (amount / 10 ** digits).toFixed(digits)
}
