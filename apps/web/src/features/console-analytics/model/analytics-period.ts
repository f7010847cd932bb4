import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '@pg/shared/analytics'

/** The period shown when the address names none: the server's default too. */
export const DEFAULT_PERIOD: AnalyticsPeriod = 30

/** The period an address asks for (`?days=7`), else the default: what it cannot mean is not sent. */
export const readPeriod = (params: URLSearchParams): AnalyticsPeriod =>
  ANALYTICS_PERIODS.find((days) => String(days) === params.get('days')) ?? DEFAULT_PERIOD

/** The address of a period: the default leaves no parameter behind, as other console filters do. */
export function periodAddress(params: URLSearchParams, days: AnalyticsPeriod): string {
  const next = new URLSearchParams(params)
  if (days === DEFAULT_PERIOD) next.delete('days')
  else next.set('days', String(days))
  const query = next.toString()
  return query ? `?${query}` : '?'
}
