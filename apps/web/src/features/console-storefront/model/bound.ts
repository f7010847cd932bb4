/**
 * A part of the content as one field edits it: its value, how to change it, and its path as the schema
 * and the server name it (`landing.offer.price.amount`, `faq.2.answer.es`), which ties a problem the
 * server reports to the input it belongs under.
 */
export interface Bound<T> {
  value: T
  onChange: (next: T) => void
  path: string
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key)

/** The part of an object under `key`. */
export function part<T extends object, K extends keyof T & string>(bound: Bound<T>, key: K): Bound<T[K]> {
  return {
    value: bound.value[key],
    onChange: (next) => bound.onChange({ ...bound.value, [key]: next }),
    path: join(bound.path, key),
  }
}

/** One item of a list. */
export function item<T>(bound: Bound<T[]>, index: number, value: T): Bound<T> {
  return {
    value,
    onChange: (next) => bound.onChange(bound.value.map((old, at) => (at === index ? next : old))),
    path: join(bound.path, String(index)),
  }
}

/** The id of the input (or list) at a path: what the problems' summary links to. */
export const fieldId = (path: string) => `storefront-${path}`
