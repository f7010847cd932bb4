/** Whether `error`, or an error it wraps (drizzle wraps the driver's), carries this SQLSTATE. */
function hasSqlState(error: unknown, state: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && 'code' in current && current.code === state) return true
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined
  }
  return false
}

/** PostgreSQL's unique_violation, whether raised by pg or PGlite and whether or not drizzle wrapped it. */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505')

/** query_canceled: on a PostgreSQL server, the statement timeout (decision 016) ended the statement. */
export const isStatementTimeout = (error: unknown) => hasSqlState(error, '57014')

/** undefined_table: a database older than the migration that creates the table (a test's, a backup's). */
export const isUndefinedTable = (error: unknown) => hasSqlState(error, '42P01')
