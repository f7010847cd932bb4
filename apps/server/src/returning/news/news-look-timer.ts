import type { NewsLookReport, WeeklyLook } from './weekly-look'

/** How often the store asks whether a week's look is due: the look itself happens once a week. */
const CHECK_INTERVAL_MS = 15 * 60_000

export interface NewsLookTimer {
  /** Looks now if a look is due, after any look under way (the timer's and a test's never overlap). */
  check: () => Promise<NewsLookReport | null>
  /** Stops the timer and waits for a look under way, so the database is not closed beneath it. */
  stop: () => Promise<void>
}

/**
 * Asks at start and every 15 minutes whether the weekly look is due, so a look is at most that late; the
 * timer never keeps the process alive. Several store processes on one PostgreSQL ask alike: one looks.
 */
export function startNewsLookTimer(options: {
  look: WeeklyLook
  onReport: (report: NewsLookReport) => void
  onError: (error: unknown) => void
}): NewsLookTimer {
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false
  const check = () => {
    const run = running.then(() => (stopped ? null : options.look.lookIfDue()))
    running = run.catch(() => undefined)
    return run
  }
  const scheduled = () =>
    void check().then((report) => {
      if (report) options.onReport(report)
    }, options.onError)
  scheduled()
  const timer = setInterval(scheduled, CHECK_INTERVAL_MS)
  timer.unref()
  return {
    check,
    stop: async () => {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
