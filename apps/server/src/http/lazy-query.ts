import qs from 'qs'

type Query = Record<string, unknown>

/** The SDK sends `queries[0]=…&queries[1]=…`; keep arrays well past qs's default of 20 items. */
const parseQuery = (text: string): Query => qs.parse(text, { arrayLimit: 200, parameterLimit: 500, depth: 1 })

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
