/*
 * The dates and amounts the database can be given, checked at every edge where one comes in (a
 * request's filter, a provider's delivery). PostgreSQL's timestamps reach far past year 9999, but a
 * JavaScript Date outside years 1–9999 is written as `+010000-…` or `0000-…`, which it refuses: an
 * answer of 500 for a day a client typed. An amount is a whole number of minor units in a `bigint`.
 */

/** The first and last moments a Date can be written as: 0001-01-01 to 9999-12-31, UTC. */
export const STORABLE_TIMES = {
  earliest: Date.parse('0001-01-01T00:00:00.000Z'),
  latest: Date.parse('9999-12-31T23:59:59.999Z'),
} as const

/** Whether a Date (or milliseconds since the epoch) is a moment the database can be given. */
export function isStorableTime(time: Date | number): boolean {
  const at = typeof time === 'number' ? time : time.getTime()
  return at >= STORABLE_TIMES.earliest && at <= STORABLE_TIMES.latest
}

/** The days a day filter may name: its whole day (and the next day's start, its end) storable. */
export const STORABLE_DAYS = { earliest: '0001-01-01', latest: '9999-12-30' } as const

const DAY_MS = 86_400_000

/** A `YYYY-MM-DD` day as its start and the next day's start (UTC), or null when either is not storable. */
export function storableDay(day: string): { start: Date; end: Date } | null {
  const start = Date.parse(`${day}T00:00:00.000Z`)
  if (!isStorableTime(start) || !isStorableTime(start + DAY_MS)) return null
  return { start: new Date(start), end: new Date(start + DAY_MS) }
}

/**
 * Whether an amount fits the `bigint` amount columns as a whole number of minor units: a safe
 * integer (the driver reads bigints back as numbers) and not negative (no price is).
 */
export const isStorableAmount = (amount: number): boolean => Number.isSafeInteger(amount) && amount >= 0
