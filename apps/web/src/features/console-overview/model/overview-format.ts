import { formatMoney } from '@pg/shared/money'
import type { Revenue, SalesDay } from '../api/overview-api'

/** Each currency's total, largest first: "US$50.00 · €20.00". Empty when nothing was earned. */
export function formatRevenue(revenue: Revenue, language: string): string {
  return Object.entries(revenue)
    .filter(([, amount]) => amount > 0)
    .sort(([, a], [, b]) => b - a)
    .flatMap(([currency, amount]) => formatMoney(amount, currency, language) ?? [])
    .join(' · ')
}

/** A server day (`YYYY-MM-DD`, a UTC day) as "3 mar" / "Mar 3", and in full for tables. */
export function dayFormats(language: string) {
  const short = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' })
  const long = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' })
  const at = (day: string) => new Date(`${day}T00:00:00Z`)
  return { short: (day: string) => short.format(at(day)), long: (day: string) => long.format(at(day)) }
}

/** The day with the most orders (the latest of equals), or null when there was none. */
export function busiestDay(days: readonly SalesDay[]): SalesDay | null {
  let best: SalesDay | null = null
  for (const day of days) if (day.orders > 0 && (!best || day.orders >= best.orders)) best = day
  return best
}
