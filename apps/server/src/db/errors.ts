/** PostgreSQL's unique_violation, whether raised by pg or PGlite and whether or not drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') return true
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined
  }
  return false
}
