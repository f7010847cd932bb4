const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const join = (path: string, key: string) => (path ? `${path}.${key}` : key)

/**
 * Where two contents differ, as the server names the fields (`faq.2.answer.es`): every leaf that
 * changed, and an item that one list has and the other has not. What a conflict lists, computed here
 * because the server sends the other draft, not the difference.
 */
export function changedPaths(before: unknown, after: unknown, path = ''): string[] {
  if (Object.is(before, after)) return []
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length)
    return Array.from({ length }, (_, index) =>
      index < before.length && index < after.length
        ? changedPaths(before[index], after[index], join(path, String(index)))
        : [join(path, String(index))],
    ).flat()
  }
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    return keys.flatMap((key) =>
      key in before && key in after
        ? changedPaths(before[key], after[key], join(path, key))
        : [join(path, key)],
    )
  }
  return [path]
}

/** A list moved: the item at `from` now at `to`, the others in their order. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const moved = [...list]
  const [taken] = moved.splice(from, 1)
  if (taken === undefined) return moved
  moved.splice(to, 0, taken)
  return moved
}
