import { measure, type LoadSettings, type Measurement } from './load'
import { checkScenario, type Scenario, type ScenarioKey } from './scenarios'
import { startServer, type RunningServer, type Store } from './server'

/** One scenario on one server, then on two servers of the same PostgreSQL database (issue 14). */
export interface InstancesResult {
  key: ScenarioKey
  label: string
  /** The first server alone, with all the connections. */
  one: Measurement
  /**
   * Both servers at the same time, half the connections each (as a load balancer spreads them): req/s
   * and counts added up, latencies those of the slower of the two.
   */
  two: Measurement
  each: Measurement[]
  /** Two servers' req/s ÷ one server's. */
  ratio: number
  /** What the servers (at LOG_LEVEL=warn) printed during the runs. */
  serverLog: string[]
  secondServerStartSeconds: number
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits))

/** Two measurements taken at the same time, as one: what a client of both saw. */
export function addedUp(runs: Measurement[]): Measurement {
  const sum = (pick: (run: Measurement) => number) => runs.reduce((total, run) => total + pick(run), 0)
  const most = (pick: (run: Measurement) => number) => Math.max(...runs.map(pick))
  const requests = sum((run) => run.requests)
  const statusCodes: Record<string, number> = {}
  for (const run of runs)
    for (const [code, count] of Object.entries(run.statusCodes))
      statusCodes[code] = (statusCodes[code] ?? 0) + count
  return {
    connections: sum((run) => run.connections),
    requestsPerSecond: round(
      sum((run) => run.requestsPerSecond),
      1,
    ),
    latencyAverageMs: round(sum((run) => run.latencyAverageMs * run.requests) / Math.max(requests, 1)),
    latencyP50Ms: most((run) => run.latencyP50Ms),
    latencyP99Ms: most((run) => run.latencyP99Ms),
    latencyMaxMs: most((run) => run.latencyMaxMs),
    requests,
    ok: sum((run) => run.ok),
    non2xx: sum((run) => run.non2xx),
    errors: sum((run) => run.errors),
    timeouts: sum((run) => run.timeouts),
    statusCodes,
    durationSeconds: most((run) => run.durationSeconds),
  }
}

/**
 * Issue 14: a second server is started on the same PostgreSQL database (as `npm start` on another
 * machine would be, here on the same two cores), then each scenario is measured on the first server
 * alone with all the connections, and right after on both at once with half the connections each.
 * A varied scenario's sequence is shared, so no request of either server repeats another.
 */
export async function runInstances(
  first: RunningServer,
  store: Store,
  cookie: string,
  scenarios: Scenario[],
  settings: LoadSettings,
  log: (line: string) => void,
): Promise<InstancesResult[]> {
  const second = await startServer(store)
  const results: InstancesResult[] = []
  try {
    for (const scenario of scenarios) {
      // The session made on the first server is valid on the second (it lives in the database).
      await checkScenario(second.baseUrl, cookie, scenario)
      const path = scenario.nextPath ?? scenario.path
      first.child.takeNewLines()
      second.child.takeNewLines()
      const one = await measure(first.baseUrl, path, cookie, settings)
      const half = { ...settings, connections: Math.max(1, Math.floor(settings.connections / 2)) }
      const each = await Promise.all(
        [first, second].map((server) => measure(server.baseUrl, path, cookie, half)),
      )
      const two = addedUp(each)
      const ratio = round(two.requestsPerSecond / Math.max(one.requestsPerSecond, 1), 2)
      const serverLog = [...first.child.takeNewLines(), ...second.child.takeNewLines()]
      results.push({
        key: scenario.key,
        label: scenario.label,
        one,
        two,
        each,
        ratio,
        serverLog: serverLog.slice(0, 20),
        secondServerStartSeconds: round(second.startSeconds, 1),
      })
      log(
        `${scenario.label}: one server ${Math.round(one.requestsPerSecond)} req/s (p99 ${one.latencyP99Ms} ms), ` +
          `two servers ${Math.round(two.requestsPerSecond)} req/s (${each.map((run) => Math.round(run.requestsPerSecond)).join(' + ')}, ` +
          `p99 ${two.latencyP99Ms} ms), ×${ratio}` +
          (two.non2xx + two.errors + one.non2xx + one.errors > 0
            ? ` — ${one.non2xx + two.non2xx} non-2xx, ${one.errors + two.errors} errors`
            : '') +
          (serverLog.length ? ` — servers printed ${serverLog.length} lines, first: ${serverLog[0]}` : ''),
      )
    }
  } finally {
    await second.child.stop()
  }
  return results
}
