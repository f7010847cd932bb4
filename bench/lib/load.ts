import autocannon, { type Instance, type Options, type Result } from 'autocannon'

export interface LoadSettings {
  connections: number
  durationSeconds: number
  warmupSeconds: number
}

export interface Measurement {
  requestsPerSecond: number
  latencyAverageMs: number
  latencyP50Ms: number
  latencyP99Ms: number
  latencyMaxMs: number
  requests: number
  ok: number
  non2xx: number
  /** Connection errors, timeouts included. */
  errors: number
  timeouts: number
  statusCodes: Record<string, number>
  durationSeconds: number
}

let current: Instance | null = null

/** Stops the load in progress, if any (on SIGINT, or when the run's time is up). */
export function stopLoad(): void {
  current?.stop()
}

function fire(options: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    current = autocannon(options, (error, result) => {
      current = null
      if (error) reject(error)
      else resolve(result)
    })
  })
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits))

/**
 * Loads one URL with a fixed number of connections, each request carrying the session cookie:
 * a short warm-up run (not recorded), then the measured run.
 */
export async function measure(
  url: string,
  cookie: string,
  settings: LoadSettings,
  paths?: string[],
): Promise<Measurement> {
  let next = 0
  const base: Options = {
    url,
    ...(paths && paths.length > 0
      ? {
          requests: [
            {
              setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] ?? request.path }),
            },
          ],
        }
      : {}),
    connections: settings.connections,
    headers: { cookie, accept: 'application/json' },
    timeout: 10,
  }
  if (settings.warmupSeconds > 0) await fire({ ...base, duration: settings.warmupSeconds })
  const result = await fire({ ...base, duration: settings.durationSeconds })
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]),
  )
  return {
    requestsPerSecond: round(result.requests.average, 1),
    latencyAverageMs: round(result.latency.average),
    latencyP50Ms: round(result.latency.p50),
    latencyP99Ms: round(result.latency.p99),
    latencyMaxMs: round(result.latency.max),
    requests: result.requests.total,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    durationSeconds: round(result.duration),
  }
}

export const hasProblems = (measurement: Measurement) =>
  measurement.non2xx > 0 || measurement.errors > 0 || measurement.requests === 0
