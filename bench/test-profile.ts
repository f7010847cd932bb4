/**
 * Where `npm test`'s time goes (issue 30): `npm run test:profile` runs the phases of `npm test` as it does
 * (the build, lint and the type checks at once, Vitest, then the end-to-end tests: decision 062), times
 * each, the whole and the CPU it took, and prints the 25 slowest test files of each Vitest project and the
 * 15 slowest Playwright tests with their share of their phase's wall time.
 *
 *   PROFILE_NAME=before npm run test:profile    # writes bench/results/test-profile-before.{json,txt}
 *   PROFILE_PHASES=unit,e2e npm run test:profile    # phases: build, checks (lint and typecheck), unit, e2e
 *   PROFILE_AT_ONCE=1 npm run test:profile   # checks, Vitest and the end-to-end tests at once (decision 062)
 *
 * A file's time is what one worker spent on it (import, setup and its tests); Vitest runs several workers
 * at once, so the shares of a project add up to more than 100 %. A failing phase is reported and the
 * profile is still written (its status says so); the script then exits with 1.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { REPO_ROOT } from './lib/server'

const PHASES = ['build', 'checks', 'unit', 'e2e'] as const
type Phase = (typeof PHASES)[number]

const wanted = new Set((process.env.PROFILE_PHASES ?? PHASES.join(',')).split(',').map((p) => p.trim()))
const name = process.env.PROFILE_NAME ?? 'latest'
const work = path.join(tmpdir(), `test-profile-${process.pid}`)
mkdirSync(work, { recursive: true })
const vitestTimes = path.join(work, 'vitest.jsonl')
const playwrightJson = path.join(work, 'playwright.json')

const commands: Record<Phase, string[]> = {
  build: ['npm', 'run', 'build'],
  checks: ['npx', 'run-p', '--print-label', 'lint', 'typecheck'],
  unit: ['npx', 'vitest', 'run', '--reporter=dot', '--reporter=./bench/lib/vitest-file-times.ts'],
  e2e: ['npm', 'run', 'test:e2e:run', '--', '--reporter=dot,json'],
}

interface PhaseResult {
  phase: Phase
  seconds: number
  status: 'passed' | 'failed'
}

function run(phase: Phase): Promise<PhaseResult> {
  const [command = 'npm', ...args] = commands[phase]
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env: { ...process.env, VITEST_FILE_TIMES: vitestTimes, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    })
    child.on('exit', (code) =>
      resolve({
        phase,
        seconds: (performance.now() - started) / 1000,
        status: code === 0 ? 'passed' : 'failed',
      }),
    )
  })
}

const vitestLine = z.object({
  project: z.string(),
  file: z.string(),
  seconds: z.number(),
  tests: z.number(),
  failed: z.number(),
})
type FileTime = z.infer<typeof vitestLine>

interface PlaywrightSpec {
  title: string
  file: string
  tests: { projectName: string; results: { duration: number; status: string }[] }[]
}
interface PlaywrightSuite {
  suites?: PlaywrightSuite[]
  specs?: PlaywrightSpec[]
}

interface BrowserTest {
  project: string
  test: string
  seconds: number
  status: string
}

function playwrightTests(): BrowserTest[] {
  let report: PlaywrightSuite
  try {
    report = JSON.parse(readFileSync(playwrightJson, 'utf8')) as PlaywrightSuite
  } catch {
    return []
  }
  const tests: BrowserTest[] = []
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          tests.push({
            project: test.projectName,
            test: `${spec.file} › ${spec.title}`,
            seconds: result.duration / 1000,
            status: result.status,
          })
    for (const child of suite.suites ?? []) visit(child)
  }
  visit(report)
  return tests
}

function readFileTimes(): FileTime[] {
  try {
    return readFileSync(vitestTimes, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => vitestLine.parse(JSON.parse(line)))
  } catch {
    return []
  }
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`
const seconds = (value: number) => `${value.toFixed(1)} s`

/** CPU seconds of this process's finished children and theirs (Linux: /proc/self/stat's cutime, cstime). */
function childrenCpuSeconds(): number | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? []
    // After the name: state is field 3, so cutime (16) and cstime (17) are at 13 and 14 here.
    return (Number(fields[13]) + Number(fields[14])) / 100
  } catch {
    return null
  }
}

const wallStarted = performance.now()
const results: PhaseResult[] = []
if (wanted.has('build')) results.push(await run('build'))
const rest = PHASES.filter((phase) => phase !== 'build' && wanted.has(phase))
if (process.env.PROFILE_AT_ONCE) results.push(...(await Promise.all(rest.map((phase) => run(phase)))))
else for (const phase of rest) results.push(await run(phase))
const wall = (performance.now() - wallStarted) / 1000
const cpu = childrenCpuSeconds()

const files = readFileTimes()
const browser = playwrightTests()
const lines: string[] = []
lines.push(`npm test profile "${name}" (${new Date().toISOString()})`, '')
for (const result of results)
  lines.push(`${result.phase.padEnd(10)} ${seconds(result.seconds).padStart(9)}  ${result.status}`)
lines.push(
  `${'total'.padEnd(10)} ${seconds(wall).padStart(9)}  (wall; ${cpu === null ? '?' : seconds(cpu)} of CPU)`,
  '',
)

const unitWall = results.find((result) => result.phase === 'unit')?.seconds ?? 1
const projects = [...new Set(files.map((file) => file.project))].sort()
lines.push(
  `Vitest: ${files.length} files, ${files.reduce((sum, file) => sum + file.tests, 0)} tests; ` +
    'share = the file’s time over the Vitest phase’s wall time',
)
for (const project of projects) {
  const mine = files.filter((file) => file.project === project).sort((a, b) => b.seconds - a.seconds)
  const sum = mine.reduce((all, file) => all + file.seconds, 0)
  lines.push(
    '',
    `## ${project}: ${mine.length} files, ${mine.reduce((all, file) => all + file.tests, 0)} tests, ` +
      `${seconds(sum)} of worker time (${percent(sum, unitWall)} of the phase)`,
  )
  for (const file of mine.slice(0, 25))
    lines.push(
      `${seconds(file.seconds).padStart(8)} ${percent(file.seconds, unitWall).padStart(7)}  ` +
        `${file.file} (${file.tests} tests${file.failed ? `, ${file.failed} failed` : ''})`,
    )
}

const e2eWall = results.find((result) => result.phase === 'e2e')?.seconds ?? 1
const slowest = [...browser].sort((a, b) => b.seconds - a.seconds)
lines.push(
  '',
  `## Playwright: ${browser.length} tests, ` +
    `${seconds(browser.reduce((sum, test) => sum + test.seconds, 0))} of worker time`,
)
for (const test of slowest.slice(0, 15))
  lines.push(
    `${seconds(test.seconds).padStart(8)} ${percent(test.seconds, e2eWall).padStart(7)}  ` +
      `[${test.project}] ${test.test}${test.status === 'passed' ? '' : ` (${test.status})`}`,
  )

const text = `${lines.join('\n')}\n`
process.stdout.write(`\n${text}`)
const resultsDir = path.join(REPO_ROOT, 'bench/results')
mkdirSync(resultsDir, { recursive: true })
writeFileSync(path.join(resultsDir, `test-profile-${name}.txt`), text)
writeFileSync(
  path.join(resultsDir, `test-profile-${name}.json`),
  `${JSON.stringify({ name, date: new Date().toISOString(), wallSeconds: wall, cpuSeconds: cpu, phases: results, files, browser }, null, 2)}\n`,
)
rmSync(work, { recursive: true, force: true })
if (results.some((result) => result.status === 'failed')) process.exitCode = 1
