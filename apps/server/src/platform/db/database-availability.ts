/** The database could not be reached, or its connection was lost where a retry would be unsafe. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The database is unreachable', { cause })
  }
}

/** Whether `error` (or what it wraps: drizzle wraps driver errors) is a DatabaseUnavailableError. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof DatabaseUnavailableError) return true
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined
  }
  return false
}

/** The driver's own words (the innermost error): drizzle's wrapper would add the query's parameters. */
function reasonOf(cause: unknown): string {
  let innermost = cause
  while (typeof innermost === 'object' && innermost !== null && 'cause' in innermost && innermost.cause) {
    innermost = innermost.cause
  }
  return innermost instanceof Error ? innermost.message : String(innermost)
}

/** `reason` says why, when the database became unreachable. */
export type AvailabilityListener = (reachable: boolean, reason?: string) => void

export interface DatabaseAvailability {
  /** A statement failed for want of a connection. */
  failed: (cause: unknown) => void
  /** A statement that started at `startedAt` (performance.now()) succeeded. */
  succeeded: (startedAt: number) => void
  /** Hears each change, once: unreachable, then reachable again. Returns the unsubscribe. */
  onChange: (listener: AvailabilityListener) => () => void
}

/**
 * Tells when the database stops answering and when it answers again, once each, however many requests
 * meet the outage. Only a statement started after the last failure proves the database is back, so
 * requests that were already under way when it went away do not make the state flicker.
 */
export function createDatabaseAvailability(
  now: () => number = () => performance.now(),
): DatabaseAvailability {
  let lastFailure: number | null = null
  const listeners = new Set<AvailabilityListener>()
  return {
    failed(cause) {
      const wasReachable = lastFailure === null
      lastFailure = now()
      if (wasReachable) for (const listener of listeners) listener(false, reasonOf(cause))
    },
    succeeded(startedAt) {
      if (lastFailure === null || startedAt <= lastFailure) return
      lastFailure = null
      for (const listener of listeners) listener(true)
    },
    onChange(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}
