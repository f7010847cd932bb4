/** The currency's digits after the point (none for JPY, three for KWD); undefined for a code Intl refuses. */
function fractionDigits(currency: string): number | undefined {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits
  } catch {
    return undefined
  }
}

/**
 * "$25.00", "€19.90", "¥3,000" from an amount in minor units; the bare number and code for a currency
 * Intl does not know; empty when the provider gave no amount.
 */
export function formatAmount(amount: number | null, currency: string | null): string {
  if (amount === null) return ''
  const digits = currency ? fractionDigits(currency) : undefined
  if (!currency || digits === undefined) return `${amount} ${currency ?? ''}`.trim()
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount / 10 ** digits)
}

/** "25.00" for a spreadsheet: the amount in the currency's major unit, without grouping or symbol. */
export function decimalAmount(amount: number | null, currency: string | null): string {
  if (amount === null) return ''
  const digits = (currency ? fractionDigits(currency) : undefined) ?? 2
  return (amount / 10 ** digits).toFixed(digits)
}
