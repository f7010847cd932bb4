/**
 * A console page's filters and page live in its address (`?status=…&from=…&offset=…`), so a view can be
 * shared, bookmarked or reloaded. What an address cannot mean is read as no filter rather than sent to
 * the server.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A day as YYYY-MM-DD when it is one, else none (''). */
export const readDay = (value: string | null): string =>
  value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : ''

/** A page's first row: a whole number above 0, else the first page (0). */
export function readOffset(value: string | null): number {
  const offset = Number(value)
  return Number.isSafeInteger(offset) && offset > 0 ? offset : 0
}

/** One of a filter's choices, else none (''). */
export const readChoice = <Choice extends string>(
  choices: readonly Choice[],
  value: string | null,
): Choice | '' => choices.find((choice) => choice === value) ?? ''

/**
 * The address after a change: empty values and the first page leave no parameter behind. `names` gives the parameter of a field named otherwise in the address (`search` as `q`).
 */
export function writeFilter<Filter extends object>(
  old: URLSearchParams,
  change: Partial<Filter>,
  names: Readonly<Record<string, string>> = {},
): URLSearchParams {
  const next = new URLSearchParams(old)
  for (const [key, value] of Object.entries(change)) {
    const name = names[key] ?? key
    if (value === '' || value === 0 || value === undefined) next.delete(name)
    else next.set(name, String(value))
  }
  return next
}
