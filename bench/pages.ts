/**
 * `npm run bench:pages`: Lighthouse (mobile preset, simulated throttling) with Debian's Chromium on the
 * public pages, served by the production server (`npm start`'s), against the budgets of issue 4.
 * Writes bench/results/pages.json and prints a table. See bench/README.md.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { z } from 'zod'
import { killAllChildren } from './lib/children'
import { REPO_ROOT, startServer } from './lib/server'

const PAGES = ['/', '/landing-pack-apps', '/login', '/faq', '/legal-terms'] as const
const LANDING = '/landing-pack-apps'
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
/** The store's audience reads Spanish; BENCH_LANG=en measures the English pages. */
const LANGUAGE = process.env.BENCH_LANG === 'en' ? 'en' : 'es'
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const LIGHTHOUSE = path.join(REPO_ROOT, 'node_modules/.bin/lighthouse')
const RESULTS = path.join(REPO_ROOT, 'bench/results/pages.json')

const BUDGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  landingLcpMs: 1800,
  cls: 0.05,
  landingJsGzipBytes: 90 * 1024,
}

/** The parts of a Lighthouse report the bench reads; anything else in it is ignored. */
const reportSchema = z.object({
  lighthouseVersion: z.string(),
  runtimeError: z.object({ message: z.string() }).optional(),
  categories: z.object({
    performance: z.object({ score: z.number().nullable() }),
    accessibility: z.object({ score: z.number().nullable() }),
    'best-practices': z.object({ score: z.number().nullable() }),
    seo: z.object({ score: z.number().nullable() }),
  }),
  audits: z.record(
    z.string(),
    z.object({
      score: z.number().nullable(),
      numericValue: z.number().optional(),
      details: z.unknown().optional(),
    }),
  ),
})
type Report = z.infer<typeof reportSchema>

const networkRequestsSchema = z.object({
  items: z.array(z.object({ url: z.string(), resourceType: z.string().optional() })),
})

interface PageResult {
  page: string
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** Scripts the page loaded without any interaction, gzip-compressed (level 9) and summed. */
  jsGzipBytes: number
  scripts: string[]
  failedAudits: string[]
  performanceRuns: number[]
}

const score = (value: number | null) => Math.round((value ?? 0) * 100)

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} exited with ${code}`)),
    )
  })
}

async function lighthouse(url: string, output: string): Promise<Report> {
  await run(LIGHTHOUSE, [
    url,
    `--chrome-path=${CHROMIUM}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    `--extra-headers=${JSON.stringify({ 'Accept-Language': LANGUAGE === 'es' ? 'es-ES,es;q=0.9' : 'en-US,en;q=0.9' })}`,
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
  ])
  const report = reportSchema.parse(JSON.parse(readFileSync(output, 'utf8')))
  if (report.runtimeError)
    throw new Error(`Lighthouse could not measure ${url}: ${report.runtimeError.message}`)
  return report
}

const numeric = (report: Report, audit: string) => report.audits[audit]?.numericValue ?? Number.NaN

async function scriptBytes(report: Report, baseUrl: string): Promise<{ urls: string[]; gzip: number }> {
  const { items } = networkRequestsSchema.parse(report.audits['network-requests']?.details)
  const urls = items
    .filter((item) => item.resourceType === 'Script' && item.url.startsWith(baseUrl))
    .map((item) => item.url)
  let gzip = 0
  for (const url of urls) {
    const response = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } })
    gzip += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length
  }
  return { urls: urls.map((url) => url.slice(baseUrl.length)), gzip }
}

function failedAudits(report: Report): string[] {
  return Object.entries(report.audits)
    .filter(([, audit]) => audit.score !== null && audit.score < 1)
    .map(([id]) => id)
}

async function measurePage(page: string, baseUrl: string, workDir: string): Promise<PageResult> {
  const reports: Report[] = []
  for (let index = 0; index < RUNS; index += 1) {
    reports.push(await lighthouse(`${baseUrl}${page}`, path.join(workDir, `run-${index}.json`)))
  }
  // The median run by performance score stands for the page (Lighthouse varies from run to run).
  const sorted = [...reports].sort(
    (a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0),
  )
  const report = sorted[Math.floor(sorted.length / 2)] ?? sorted[0]
  if (!report) throw new Error('No Lighthouse run')
  const scripts = await scriptBytes(report, baseUrl)
  return {
    page,
    performance: score(report.categories.performance.score),
    accessibility: score(report.categories.accessibility.score),
    bestPractices: score(report.categories['best-practices'].score),
    seo: score(report.categories.seo.score),
    fcpMs: Math.round(numeric(report, 'first-contentful-paint')),
    lcpMs: Math.round(numeric(report, 'largest-contentful-paint')),
    tbtMs: Math.round(numeric(report, 'total-blocking-time')),
    cls: Number(numeric(report, 'cumulative-layout-shift').toFixed(3)),
    jsGzipBytes: scripts.gzip,
    scripts: scripts.urls,
    failedAudits: failedAudits(report),
    performanceRuns: reports.map((each) => score(each.categories.performance.score)),
  }
}

function budgetChecks(results: PageResult[]): { budget: string; met: boolean; value: string }[] {
  const landing = results.find((result) => result.page === LANDING)
  const everyPage = (
    name: string,
    key: 'performance' | 'accessibility' | 'bestPractices' | 'seo',
    min: number,
  ) => {
    const worst = Math.min(...results.map((result) => result[key]))
    return { budget: `${name} ≥ ${min} on every page`, met: worst >= min, value: `lowest ${worst}` }
  }
  const worstCls = Math.max(...results.map((result) => result.cls))
  return [
    everyPage('Performance', 'performance', BUDGETS.performance),
    everyPage('Accessibility', 'accessibility', BUDGETS.accessibility),
    everyPage('Best Practices', 'bestPractices', BUDGETS.bestPractices),
    everyPage('SEO', 'seo', BUDGETS.seo),
    {
      budget: 'landing LCP ≤ 1.8 s',
      met: (landing?.lcpMs ?? Infinity) <= BUDGETS.landingLcpMs,
      value: `${((landing?.lcpMs ?? Number.NaN) / 1000).toFixed(2)} s`,
    },
    { budget: 'CLS ≤ 0.05 on every page', met: worstCls <= BUDGETS.cls, value: `highest ${worstCls}` },
    {
      budget: 'landing JS ≤ 90 KB gzip before interaction',
      met: (landing?.jsGzipBytes ?? Infinity) <= BUDGETS.landingJsGzipBytes,
      value: `${((landing?.jsGzipBytes ?? Number.NaN) / 1024).toFixed(1)} KB`,
    },
  ]
}

function printTable(results: PageResult[]): void {
  const rows = results.map((result) => [
    result.page,
    String(result.performance),
    String(result.accessibility),
    String(result.bestPractices),
    String(result.seo),
    `${(result.fcpMs / 1000).toFixed(2)} s`,
    `${(result.lcpMs / 1000).toFixed(2)} s`,
    `${result.tbtMs} ms`,
    String(result.cls),
    `${(result.jsGzipBytes / 1024).toFixed(1)} KB`,
  ])
  const header = ['page', 'Perf', 'A11y', 'BP', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'JS gzip']
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  )
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`
  console.log(line(header))
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`)
  for (const row of rows) console.log(line(row))
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') await run('npm', ['run', 'build', '-w', '@pg/web'])
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pg-bench-pages-'))
  const workDir = mkdtempSync(path.join(tmpdir(), 'pg-bench-lighthouse-'))
  // The production server as `npm start` runs it, on an empty embedded database (pages need no data).
  const server = await startServer({ dataDir }, { DEMO: '0' })
  try {
    const results: PageResult[] = []
    for (const page of PAGES) {
      console.log(`Lighthouse ${page} (${RUNS} runs, ${LANGUAGE})…`)
      results.push(await measurePage(page, server.baseUrl, workDir))
    }
    const version = reportSchema.parse(JSON.parse(readFileSync(path.join(workDir, 'run-0.json'), 'utf8')))
    const budgets = budgetChecks(results)
    writeFileSync(
      RESULTS,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: `${process.platform} ${process.arch}, Node ${process.version}`,
          lighthouse: version.lighthouseVersion,
          preset: 'mobile (default config, simulated throttling)',
          language: LANGUAGE,
          runsPerPage: RUNS,
          budgets,
          pages: results,
        },
        null,
        2,
      )}\n`,
    )
    console.log('')
    printTable(results)
    console.log('')
    for (const check of budgets)
      console.log(`${check.met ? 'met   ' : 'MISSED'}  ${check.budget}: ${check.value}`)
    console.log(`\nWritten to ${path.relative(REPO_ROOT, RESULTS)}`)
  } finally {
    await server.child.stop()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(workDir, { recursive: true, force: true })
  }
}

process.on('exit', killAllChildren)
await main()
