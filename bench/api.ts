/**
 * API load bench: the real server on PostgreSQL and on PGlite, at each catalogue size, under autocannon,
 * beside a bare Node server answering the same bytes; prints the targets of issue 12 as PASS/MISS.
 * `npm run bench:api`; settings, targets and how to read the figures in bench/README.md.
 */
import { cpus } from 'node:os'
import path from 'node:path'
import { removeStoresInUse, runCase } from './lib/bench-case'
import { killAllChildren } from './lib/children'
import { stopLoad } from './lib/load'
import { readOptions, targetSize, type BenchOptions } from './lib/options'
import { postgresProblem } from './lib/postgres'
import {
  formatGrowth,
  formatInstances,
  formatLoadRuns,
  formatResults,
  writeJson,
  type CaseResult,
} from './lib/report'
import { evaluateTargets, formatTargets, summariseTargets } from './lib/targets'

const started = performance.now()
const log = (line: string) => process.stdout.write(`${line}\n`)
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`

/** Whatever happens, no server is left running: signals, the overall time limit and exit all kill them. */
function installSafetyNets(options: BenchOptions): void {
  const abort = (why: string, code: number) => {
    process.stderr.write(`\n${why}: stopping the load and the servers…\n`)
    stopLoad()
    killAllChildren()
    const bounded = new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref())
    void Promise.race([removeStoresInUse(), bounded]).finally(() => process.exit(code))
  }
  process.on('SIGINT', () => abort('Interrupted', 130))
  process.on('SIGTERM', () => abort('Terminated', 143))
  process.on('exit', killAllChildren)
  const limit = options.timeoutMinutes * 60_000
  setTimeout(() => abort(`Time limit of ${options.timeoutMinutes} min reached`, 1), limit).unref()
}

async function main() {
  const options = readOptions()
  installSafetyNets(options)
  const atSize = targetSize(options.sizes)
  log(
    `API bench: ${options.databases.join(', ')} × ${options.sizes.map((size) => size.toLocaleString('en-US')).join(', ')} projects, ` +
      `groups ${options.groups.join(', ')}; ${options.connections} connections, ${options.durationSeconds} s per run ` +
      `(+${options.warmupSeconds} s warm-up); at ${atSize.toLocaleString('en-US')} projects also ` +
      `${options.stressConnections} connections for ${options.stressDurationSeconds} s and an import of ` +
      `${options.importProjects.toLocaleString('en-US')} projects`,
  )
  const cases: CaseResult[] = []
  for (const database of options.databases) {
    const problem = database === 'postgres' ? await postgresProblem(options.adminUrl) : null
    if (problem) {
      log(`PostgreSQL is unreachable at ${new URL(options.adminUrl).host} (${problem}): skipping PostgreSQL.`)
    }
    for (const size of options.sizes) {
      if (problem) {
        cases.push({
          database,
          projects: size,
          status: 'skipped',
          reason: 'PostgreSQL unreachable',
          scenarios: [],
          unavailable: [],
          stress: [],
          memory: {},
        })
        continue
      }
      try {
        cases.push(await runCase(database, size, size === atSize, options, log))
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        log(`[${database} ${size}] FAILED before the server started: ${reason}`)
        cases.push({
          database,
          projects: size,
          status: 'failed',
          reason,
          scenarios: [],
          unavailable: [],
          stress: [],
          memory: {},
        })
      }
    }
  }

  const targets = evaluateTargets(cases, { ...options, size: atSize })
  const cpuList = cpus()
  writeJson(options.resultsFile, {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: { count: cpuList.length, model: cpuList[0]?.model ?? 'unknown' },
    settings: {
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      warmupSeconds: options.warmupSeconds,
      stressConnections: options.stressConnections,
      stressDurationSeconds: options.stressDurationSeconds,
      importProjects: options.importProjects,
      sizes: options.sizes,
      targetSize: atSize,
      databases: options.databases,
      groups: options.groups,
    },
    totalSeconds: Math.round((performance.now() - started) / 1000),
    cases,
    targets,
  })

  log(
    `\nResults (${options.connections} connections, ${options.durationSeconds} s each; ${cpuList.length} CPUs shared by server and load generator):\n`,
  )
  log(formatResults(cases))
  log(
    `\n${options.stressConnections} connections for ${options.stressDurationSeconds} s, and a catalogue import under load (target 3):\n`,
  )
  log(formatLoadRuns(cases))
  if (options.groups.includes('instances')) {
    log(
      `\nTwo servers on one PostgreSQL database beside one (issue 14; ${options.connections} connections in all, ` +
        `half on each of the two; latencies of the slower one):\n`,
    )
    log(formatInstances(cases))
  }
  log(`\nHow the cost grows with the catalogue (target 4; ${options.connections} connections):\n`)
  log(formatGrowth(cases))
  log(
    `\nTargets of issue 12 at ${atSize.toLocaleString('en-US')} projects (margin: positive = headroom; ` +
      `ratio = server req/s ÷ bare server req/s):\n`,
  )
  log(formatTargets(targets))
  log(`\n${summariseTargets(targets)}`)
  const flagged = cases
    .flatMap((item) => [
      ...item.scenarios.flatMap((scenario) => [scenario, ...(scenario.bare ? [scenario.bare] : [])]),
      ...item.stress,
      ...(item.import ? [item.import.load] : []),
      ...(item.instances ?? []).flatMap((run) => [run.one, run.two]),
    ])
    .filter((run) => run.non2xx > 0 || run.errors > 0)
  const failed = cases.filter((item) => item.status === 'failed')
  if (flagged.length || failed.length) {
    log(`\n!! ${flagged.length} run(s) with errors or non-2xx responses, ${failed.length} case(s) failed.`)
    process.exitCode = 1
  }
  log(`\nWrote ${path.relative(process.cwd(), options.resultsFile)} — total ${elapsed()}.`)
}

main().catch((error: unknown) => {
  killAllChildren()
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})
