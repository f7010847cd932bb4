import type { InactivityReport, InactivityService } from './inactivity-service'

const DAY_MS = 86_400_000

export interface InactivityChecks {
  /** Checks now, after any check under way (the timer's and a test's never overlap). */
  check: () => Promise<InactivityReport | null>
  /** Stops the timer and waits for a check under way, so the database is not closed beneath it. */
  stop: () => Promise<void>
}

/**
 * Applies the inactivity rule once at start and then once a day while the server runs
 * (INACTIVITY_BLOCK_DAYS); the timer never keeps the process alive.
 */
export function startInactivityChecks(options: {
  inactivity: InactivityService
  blockDays: number
  onReport: (report: InactivityReport) => void
  onError: (error: unknown) => void
}): InactivityChecks {
  let running: Promise<unknown> = Promise.resolve()
  const check = () => {
    const run = running.then(() => options.inactivity.enforce(options.blockDays))
    running = run.catch(() => undefined)
    return run
  }
  const scheduled = () =>
    void check().then((report) => {
      if (report && report.warned + report.blocked > 0) options.onReport(report)
    }, options.onError)
  scheduled()
  const timer = setInterval(scheduled, DAY_MS)
  timer.unref()
  return {
    check,
    stop: async () => {
      clearInterval(timer)
      await running
    },
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily inactivity check when INACTIVITY_BLOCK_DAYS is set, else null (`buildApp`; tests run it). */
    inactivityChecks: InactivityChecks | null
  }
}
