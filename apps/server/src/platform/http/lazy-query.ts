import qs from 'qs'

type Query = Record<string, unknown>

/** The SDK sends `queries[0]=…&queries[1]=…`; keep arrays well past qs's default of 20 items. */
const parseWithQs = (text: string): Query =>
  qs.parse(text, { arrayLimit: 200, parameterLimit: 500, depth: 1 })

/** As qs decodes a key or a value: `+` is a space, and a malformed escape is kept as it is. */
function decode(text: string): string {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text
  if (!spaced.includes('%')) return spaced
  try {
    return decodeURIComponent(spaced)
  } catch {
    return spaced
  }
}

/** The SDK's own shape, at most this many queries: `queries[0]` to `queries[n-1]` in order, `total`. */
const SDK_QUERIES = 100

/**
 * What the SDK sends, `queries[0]=…&…&queries[n-1]=…` in order and at most one `total`, read without
 * qs (whose general parser took a tenth of a catalogue request's time); anything else, null.
 */
function parseSdkShape(text: string): Query | null {
  // Keys in the order they come, as qs gives them.
  const query: Query = {}
  const queries: string[] = []
  for (const pair of text.split('&')) {
    const equals = pair.indexOf('=')
    if (equals === -1) return null
    const key = decode(pair.slice(0, equals))
    const value = decode(pair.slice(equals + 1))
    if (key === 'total' && !('total' in query)) {
      query.total = value
    } else if (key === `queries[${queries.length}]` && queries.length < SDK_QUERIES) {
      if (queries.length === 0) query.queries = queries
      queries.push(value)
    } else {
      return null
    }
  }
  return query
}

const parseQuery = (text: string): Query => parseSdkShape(text) ?? parseWithQs(text)

/**
 * The router parses every query string before a handler runs; most requests to the catalogue are
 * answered from the answer cache by their address alone and never read it (decision 033). The query
 * is therefore parsed when something first reads it: an object that behaves as the parsed query for
 * every way of reading one (properties, `in`, keys, spreading).
 */
export function lazyQuery(text: string): Query {
  if (text.length === 0) return {}
  let parsed: Query | undefined
  const query = () => (parsed ??= parseQuery(text))
  return new Proxy<Query>(
    {},
    {
      get: (_, key) => Reflect.get(query(), key),
      has: (_, key) => Reflect.has(query(), key),
      ownKeys: () => Reflect.ownKeys(query()),
      getOwnPropertyDescriptor: (_, key) => {
        const descriptor = Reflect.getOwnPropertyDescriptor(query(), key)
        // The target is empty: a property it lacks may only be reported as configurable.
        return descriptor && { ...descriptor, configurable: true }
      },
      set: (_, key, value) => Reflect.set(query(), key, value),
      deleteProperty: (_, key) => Reflect.deleteProperty(query(), key),
      getPrototypeOf: () => Reflect.getPrototypeOf(query()),
    },
  )
}
