/**
 * Unknown-address flood bench (issue 10, item 2): does a flood of requests for addresses that are not
 * pages, each new and with its own Host, slow the API down? `npm run bench:unknown-paths`: the real
 * server on a fresh embedded database with a prerendered web build, `/v1/health/version` timed one
 * request at a time, first alone (the reference), then while 40 connections ask for unknown paths.
 *
 *   BENCH_WEB_DIR   the web build (default apps/web/dist; `npm run build -w @pg/web` makes it)
 *   BENCH_SECONDS   how long each phase lasts (default 10)
 *   BENCH_FLOOD     concurrent unknown-path requests (default 40)
 */
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { killAllChildren } from './lib/children'
import { REPO_ROOT, startServer } from './lib/server'

const WEB_DIR = path.resolve(process.env.BENCH_WEB_DIR ?? path.join(REPO_ROOT, 'apps/web/dist'))
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const FLOOD = Number(process.env.BENCH_FLOOD ?? 40)
const log = (line: string) => process.stdout.write(`${line}\n`)

interface Answer {
  status: number
  etag: string
  ms: number
}

/** One GET with the headers given as they are (fetch would not send another Host). */
function get(agent: http.Agent, baseUrl: string, target: string, headers: Record<string, string>) {
  const { hostname, port } = new URL(baseUrl)
  const started = performance.now()
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request({ agent, hostname, port, path: target, headers }, (response) => {
      response.resume()
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          etag: String(response.headers.etag ?? ''),
          ms: performance.now() - started,
        }),
      )
    })
    request.on('error', reject)
    request.end()
  })
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN
}

/** `/v1/health/version`, one request after the other, for the phase's length. */
async function timeHealth(baseUrl: string, until: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const times: number[] = []
  while (performance.now() < until) {
    const answer = await get(agent, baseUrl, '/v1/health/version', {})
    if (answer.status !== 200) throw new Error(`/v1/health/version answered ${answer.status}`)
    times.push(answer.ms)
  }
  agent.destroy()
  return times
}

/** FLOOD requests at a time, each for a new unknown path with a new Host, as a browser asks (br). */
async function flood(baseUrl: string, until: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: FLOOD })
  const etags = new Set<string>()
  let answered = 0
  const worker = async () => {
    while (performance.now() < until) {
      const random = randomBytes(8).toString('hex')
      const answer = await get(agent, baseUrl, `/no-such-page/${random}`, {
        host: `${random}.example.com`,
        'accept-encoding': 'gzip, deflate, br',
        'accept-language': random.charCodeAt(0) % 2 ? 'en' : 'es',
      })
      if (answer.status !== 404) throw new Error(`An unknown path answered ${answer.status}`)
      etags.add(answer.etag)
      answered += 1
    }
  }
  await Promise.all(Array.from({ length: FLOOD }, worker))
  agent.destroy()
  return { answered, etags: etags.size }
}

const row = (label: string, times: number[]) =>
  `${label.padEnd(38)} ${String(times.length).padStart(6)} requests   p50 ${percentile(times, 0.5).toFixed(1).padStart(7)} ms   p99 ${percentile(times, 0.99).toFixed(1).padStart(7)} ms   max ${Math.max(
    ...times,
  )
    .toFixed(1)
    .padStart(7)} ms`

async function main() {
  if (!existsSync(path.join(WEB_DIR, 'es', '404.html'))) {
    throw new Error(
      `No prerendered web build in ${WEB_DIR}: run npm run build -w @pg/web (or set BENCH_WEB_DIR)`,
    )
  }
  process.on('exit', killAllChildren)
  const dataDir = await mkdtemp(path.join(REPO_ROOT, 'bench/.work/unknown-paths-'))
  const server = await startServer({ dataDir }, { DEMO: '0', WEB_DIR })
  try {
    log(`Web build ${WEB_DIR}; ${SECONDS} s per phase; ${FLOOD} concurrent unknown paths`)
    const alone = await timeHealth(server.baseUrl, performance.now() + SECONDS * 1000)
    const until = performance.now() + SECONDS * 1000
    const [during, flooded] = await Promise.all([
      timeHealth(server.baseUrl, until),
      flood(server.baseUrl, until),
    ])
    log(row('/v1/health/version alone', alone))
    log(row(`/v1/health/version, ${FLOOD} unknown paths`, during))
    log(
      `unknown paths: ${flooded.answered} answered (${(flooded.answered / SECONDS).toFixed(0)}/s), ` +
        `${flooded.etags} distinct ETag(s) (2 expected: one 404 page per language)`,
    )
    const slowdown = percentile(during, 0.99) / percentile(alone, 0.99)
    log(`p99 under the flood: ${slowdown.toFixed(1)}× the reference`)
    const lines = server.child.takeNewLines()
    if (lines.length > 0) log(`The server logged:\n  ${lines.join('\n  ')}`)
  } finally {
    await server.child.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
