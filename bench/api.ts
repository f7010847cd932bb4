/**
 * API load bench: the real server on PostgreSQL and on PGlite, at each catalogue size, five list
 * scenarios under autocannon. `npm run bench:api`; settings and targets in bench/README.md.
 */
import { cpus } from 'node:os'
import path from 'node:path'
import { removeStoresInUse, runCase } from './lib/bench-case'
import { killAllChildren } from './lib/children'
import { stopLoad } from './lib/load'
import { readOptions, type BenchOptions } from './lib/options'
import { postgresProblem } from './lib/postgres'
import { evaluateTargets, formatResults, formatTargets, writeJson, type CaseResult } from './lib/report'
import { REPO_ROOT } from './lib/server'

const RESULTS_FILE = path.join(REPO_ROOT, 'bench/results/api.json')
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
  log(
    `API bench: ${options.databases.join(', ')} × ${options.sizes.map((size) => size.toLocaleString('en-US')).join(', ')} projects, ` +
      `${options.connections} connections, ${options.durationSeconds} s per scenario (+${options.warmupSeconds} s warm-up)`,
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
        })
        continue
      }
      try {
        cases.push(await runCase(database, size, options, log))
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        log(`[${database} ${size}] FAILED before the server started: ${reason}`)
        cases.push({ database, projects: size, status: 'failed', reason, scenarios: [] })
      }
    }
  }

  const targets = evaluateTargets(cases, options.connections)
  const cpuList = cpus()
  writeJson(RESULTS_FILE, {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: { count: cpuList.length, model: cpuList[0]?.model ?? 'unknown' },
    settings: {
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      warmupSeconds: options.warmupSeconds,
      sizes: options.sizes,
      databases: options.databases,
    },
    totalSeconds: Math.round((performance.now() - started) / 1000),
    cases,
    targets,
  })

  log(
    `\nResults (${options.connections} connections, ${options.durationSeconds} s each; ${cpuList.length} CPUs shared by server and load generator):\n`,
  )
  log(formatResults(cases))
  log(`\nTargets at 100,000 projects, 50 connections (margin: positive = headroom):\n`)
  log(formatTargets(targets))
  const flagged = cases.flatMap((item) =>
    item.scenarios.filter((scenario) => scenario.non2xx > 0 || scenario.errors > 0).map(() => item),
  )
  const failed = cases.filter((item) => item.status === 'failed')
  if (flagged.length || failed.length) {
    log(
      `\n!! ${flagged.length} scenario run(s) with errors or non-2xx responses, ${failed.length} case(s) failed.`,
    )
    process.exitCode = 1
  }
  log(`\nWrote ${path.relative(process.cwd(), RESULTS_FILE)} — total ${elapsed()}.`)
}

main().catch((error: unknown) => {
  killAllChildren()
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})
