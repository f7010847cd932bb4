/*
 * What PostgreSQL cannot hold of a JavaScript string: U+0000 in `text` (it ends C strings), and half a
 * surrogate pair in `jsonb` (JSON.stringify writes it as `\ud800`, which jsonb refuses). What a request
 * sends with either is refused (`unstorableText`); what a provider sends is kept cleaned (`storableText`).
 */

/** Deeper than this, nothing is looked at: the schemas refuse such values before anything is stored. */
const MAX_DEPTH = 64

/** PostgreSQL text cannot hold U+0000; any string that carries one is refused at the boundary. */
export function containsNul(value: unknown, depth = 0): boolean {
  return unstorableText(value, depth) === 'nul'
}

/**
 * What a request's value (a string, or the strings and keys of an object or array) carries that the
 * database cannot hold: `nul`, `surrogate` (half a pair), or null when it holds none.
 */
export function unstorableText(value: unknown, depth = 0): 'nul' | 'surrogate' | null {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return 'nul'
    return value.isWellFormed() ? null : 'surrogate'
  }
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return null
  const entries = Array.isArray(value) ? value.map((item) => ['', item] as const) : Object.entries(value)
  let found: 'nul' | 'surrogate' | null = null
  for (const [key, item] of entries) {
    for (const here of [unstorableText(key, depth + 1), unstorableText(item, depth + 1)]) {
      if (here === 'nul') return here
      found ??= here
    }
  }
  return found
}

/**
 * An address whose path or query string decodes to a NUL (`%00`): no id, name or search holds one. The
 * raw request line cannot carry a NUL byte (Node's parser refuses it), nor half a surrogate pair (its
 * percent-encoding is not UTF-8, and the decoders keep such an escape as it is).
 */
export function urlCarriesNul(url: string): boolean {
  if (!url.includes('%00')) return false
  const [path = '', search = ''] = url.split('?', 2)
  if (path.includes('%00')) return true
  // A NUL in `queries` is the query parser's to refuse, with Appwrite's query error (`queryNul`).
  return search.split('&').some((pair) => pair.includes('%00') && !/^queries(%5B|\[|=)/iu.test(pair))
}

/**
 * A provider's text as the database can hold it: each NUL and each half of a surrogate pair becomes
 * U+FFFD (as `toWellFormed` does) rather than vanish, so a cleaned email never spells another address.
 */
export const storableText = (text: string) => text.replaceAll('\u0000', '\uFFFD').toWellFormed()
