import { formatMoney } from '@pg/shared/money'

/** Numbers, shares and UTC days (`YYYY-MM-DD`) in the console's language. */
export function analyticsFormats(language: string) {
  const number = new Intl.NumberFormat(language)
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 })
  const short = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' })
  const long = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' })
  const at = (day: string) => new Date(`${day}T00:00:00Z`)
  return {
    number: (value: number) => number.format(value),
    /** A share (0.25 is 25 %); null when the step before counted nothing. */
    percent: (value: number | null) => (value === null ? null : percent.format(value)),
    shortDay: (day: string) => short.format(at(day)),
    longDay: (day: string) => long.format(at(day)),
  }
}
export type AnalyticsFormats = ReturnType<typeof analyticsFormats>

/** Revenue per currency, largest first: "US$50.00 · €20.00"; empty when nothing was earned. */
export function formatRevenue(revenue: readonly { currency: string; amount: number }[], language: string) {
  return [...revenue]
    .filter(({ amount }) => amount > 0)
    .sort((a, b) => b.amount - a.amount)
    .flatMap(({ amount, currency }) => formatMoney(amount, currency, language) ?? [])
    .join(' · ')
}

/** The item with the largest `value` (the latest of equals), or null when every value is 0. */
export function largest<Item>(items: readonly Item[], value: (item: Item) => number): Item | null {
  let best: Item | null = null
  for (const item of items) if (value(item) > 0 && (!best || value(item) >= value(best))) best = item
  return best
}
