/**
 * Vitest 5 reports failures with `Map.groupBy`, which Node 20 (this project's runtime) lacks; Node 21+
 * has it. Loaded by vitest.config.ts into the runner's own process; remove when the project moves to
 * Node 22.
 */
if (typeof Reflect.get(Map, 'groupBy') !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value<K, T>(items: Iterable<T>, keyOf: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>()
      let index = 0
      for (const item of items) {
        const key = keyOf(item, index++)
        const group = groups.get(key)
        if (group) group.push(item)
        else groups.set(key, [item])
      }
      return groups
    },
  })
}
