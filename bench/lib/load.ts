import autocannon, { type Instance, type Options, type Result } from 'autocannon'

export interface LoadSettings {
  connections: number
  durationSeconds: number
  warmupSeconds: number
}

export interface Measurement {
  connections: number
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

/** The path of each request: the same one, or the next of a sequence (every request a new query). */
export type PathSource = string | (() => string)

/** A request that has not answered after this long counts as a timeout (and an error). */
const TIMEOUT_SECONDS = 10

const running = new Set<Instance>()

/** Stops the load in progress, if any (on SIGINT, or when the run's time is up). */
export function stopLoad(): void {
  for (const instance of running) instance.stop()
}

function start(options: Options): { instance: Instance; result: Promise<Result> } {
  let instance: Instance | undefined
  const result = new Promise<Result>((resolve, reject) => {
    instance = autocannon(options, (error, outcome) => {
      if (instance) running.delete(instance)
      if (error) reject(error)
      else resolve(outcome)
    })
  })
  if (!instance) throw new Error('autocannon did not start')
  running.add(instance)
  return { instance, result }
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits))

function loadOptions(url: string, cookie: string, connections: number, path: PathSource): Options {
  const nextPath = path
  return {
    url: `${url}${typeof path === 'string' ? path : ''}`,
    ...(typeof nextPath === 'function'
      ? { requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }] }
      : {}),
    connections,
    headers: { cookie, accept: 'application/json' },
    timeout: TIMEOUT_SECONDS,
  }
}

function summarise(result: Result, connections: number): Measurement {
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]),
  )
  return {
    connections,
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

/**
 * Loads `baseUrl` + path with a fixed number of connections, each request carrying the session cookie:
 * a short warm-up run (not recorded), then the measured run.
 */
export async function measure(
  baseUrl: string,
  path: PathSource,
  cookie: string,
  settings: LoadSettings,
): Promise<Measurement> {
  const options = loadOptions(baseUrl, cookie, settings.connections, path)
  if (settings.warmupSeconds > 0) await start({ ...options, duration: settings.warmupSeconds }).result
  const result = await start({ ...options, duration: settings.durationSeconds }).result
  return summarise(result, settings.connections)
}

/** Load with no set end (no warm-up): `stop()` ends it and gives its figures. */
export function startOpenLoad(
  baseUrl: string,
  path: PathSource,
  cookie: string,
  connections: number,
): { stop: () => Promise<Measurement> } {
  const { instance, result } = start({
    ...loadOptions(baseUrl, cookie, connections, path),
    duration: 24 * 60 * 60,
  })
  return {
    stop: async () => {
      instance.stop()
      return summarise(await result, connections)
    },
  }
}

export const hasProblems = (measurement: Measurement) =>
  measurement.non2xx > 0 || measurement.errors > 0 || measurement.requests === 0
