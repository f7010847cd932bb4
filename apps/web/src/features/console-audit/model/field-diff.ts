/** One field of a change: what it was and what it became (undefined: it did not exist on that side). */
export interface FieldChange {
  field: string
  before: unknown
  after: unknown
}

/** Bookkeeping every edit changes; the log's own date says when. */
const IGNORED = new Set(['updatedAt', 'createdAt'])

/** Nothing, an empty text and an empty list are all "empty". */
const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
const same = (a: unknown, b: unknown) => (isEmpty(a) && isEmpty(b)) || JSON.stringify(a) === JSON.stringify(b)

/**
 * The fields that differ between the row before and after a change, in the row's own order: every
 * field an update changed; for a creation the fields it set, for a deletion those it removed (empty
 * ones left out).
 */
export function fieldDiff(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  return fields
    .filter((field) => !IGNORED.has(field))
    .map((field) => ({ field, before: before?.[field], after: after?.[field] }))
    .filter((change) => !same(change.before, change.after))
}

/** A value as the owner reads it: text as it is, numbers and yes/no plainly, lists and objects as JSON. */
export function valueText(value: unknown): string | null {
  if (isEmpty(value)) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value, null, 2)
}

/** What the event was about, by its name when the row carries one (a title, an email, a name). */
export function subjectName(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string | null {
  for (const row of [after, before])
    for (const key of ['title', 'email', 'name']) {
      const value = row?.[key]
      if (typeof value === 'string' && value.trim()) return value
    }
  return null
}
