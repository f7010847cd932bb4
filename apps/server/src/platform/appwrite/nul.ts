/** PostgreSQL text cannot hold U+0000; any string that carries one is refused at the boundary. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (depth > 64 || typeof value !== 'object' || value === null) return false
  const entries = Array.isArray(value) ? value.map((item) => ['', item] as const) : Object.entries(value)
  return entries.some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1))
}
