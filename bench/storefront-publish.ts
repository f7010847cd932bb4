/**
 * Storefront publish bench (issue 41): the time from the owner's "Publicar" to the new page served to a
 * visitor, on the built server as `npm start` runs it. `npm run bench:storefront-publish`
 * (BENCH_RUNS=15; BENCH_DATABASE_URL, default the local PostgreSQL, for the two-instance case).
 *
 * Each run: the console's own calls (read the state, save a draft with a new price, publish with its
 * revision), then a visitor without a cookie asks for /landing-pack-apps every 10 ms until its HTML says
 * the new price. Printed: the publish request alone, and publish → page served, median and worst, against
 * the budget (2 s at the median) and, as the reference measured in the same run, a plain request of the
 * same page. On PostgreSQL a second server on the same database is asked too: publish on one → the price
 * served by the other (decision 046's "within a second").
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { median } from './lib/median'
import { benchDatabaseUrl, dropBenchDatabase, postgresProblem, recreateBenchDatabase } from './lib/postgres'
import { startChild } from './lib/children'
import {
  BENCH_MEMBER,
  REPO_ROOT,
  serverEnvironment,
  startServer,
  type RunningServer,
  type Store,
} from './lib/server'

const RUNS = Number(process.env.BENCH_RUNS ?? 15)
const BUDGET_MS = 2_000
const ADMIN_URL = process.env.BENCH_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test'
const log = (line: string) => process.stdout.write(`${line}\n`)

/** The bench member made an admin as the README says: the admin CLI, next to the running server. */
async function makeAdmin(store: Store): Promise<void> {
  const child = startChild(
    'admin CLI',
    path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
    ['src/cli/main.ts', 'users', 'label', 'add', BENCH_MEMBER.email, 'admin'],
    { cwd: path.join(REPO_ROOT, 'apps/server'), env: serverEnvironment(store, {}) },
  )
  const code = await child.exited
  await child.stop()
  if (code !== 0)
    throw new Error(`Labelling the bench member failed:\n  ${child.recentOutput().join('\n  ')}`)
}

async function signIn(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.baseUrl}/v1/account/sessions/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-appwrite-project': 'projects-gallery' },
    body: JSON.stringify(BENCH_MEMBER),
  })
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('a_session_'))
  if (!response.ok || !cookie)
    throw new Error(`Signing in failed: ${response.status} ${await response.text()}`)
  return cookie.split(';')[0] ?? ''
}

async function call(
  server: RunningServer,
  cookie: string,
  method: string,
  url: string,
  init: RequestInit = {},
) {
  const response = await fetch(`${server.baseUrl}/v1/store/storefront${url}`, {
    ...init,
    method,
    // A JSON body's type only with a body: an empty one is no JSON.
    headers: { cookie, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
  })
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`)
  return {
    etag: response.headers.get('etag') ?? '"0"',
    body: (await response.json()) as Record<string, unknown>,
  }
}

/** Publishes `amount` USD as the console does; resolves when the publish answered, with its duration. */
async function publishPrice(server: RunningServer, cookie: string, amount: string) {
  const state = await call(server, cookie, 'GET', '')
  const published = state.body.published as { content: { landing: { offer: { price: { amount: string } } } } }
  const content = published.content
  content.landing.offer.price.amount = amount
  const saved = await call(server, cookie, 'PUT', '/draft', {
    body: JSON.stringify({ content }),
    headers: { 'if-match': state.etag },
  })
  const started = performance.now()
  await call(server, cookie, 'POST', '/publish', { headers: { 'if-match': saved.etag } })
  return { started, publishMs: performance.now() - started }
}

/** Until a visitor of `server` gets the landing page with `text` in it: ms since `started`. */
async function servedAfter(server: RunningServer, text: string, started: number): Promise<number> {
  for (;;) {
    const page = await fetch(`${server.baseUrl}/landing-pack-apps`, { headers: { 'accept-language': 'es' } })
    if ((await page.text()).includes(text)) return performance.now() - started
    if (performance.now() - started > 30_000) throw new Error(`"${text}" was not served within 30 s`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

async function plainRequestMs(server: RunningServer): Promise<number> {
  const started = performance.now()
  await (await fetch(`${server.baseUrl}/landing-pack-apps`, { headers: { 'accept-language': 'es' } })).text()
  return performance.now() - started
}

const figures = (label: string, values: number[]) =>
  `| ${label.padEnd(52)} | ${median(values).toFixed(0).padStart(7)} | ${Math.max(...values)
    .toFixed(0)
    .padStart(7)} |`

async function runCase(label: string, store: Store, second: boolean) {
  const first = await startServer(store)
  const other = second ? await startServer(store) : null
  try {
    await makeAdmin(store)
    const cookie = await signIn(first)
    const publish: number[] = []
    const served: number[] = []
    const servedElsewhere: number[] = []
    const reference: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const amount = String(30 + run)
      const price = `${amount}\u00a0US$`
      reference.push(await plainRequestMs(first))
      const { started, publishMs } = await publishPrice(first, cookie, amount)
      publish.push(publishMs)
      const [here, there] = await Promise.all([
        servedAfter(first, price, started),
        other ? servedAfter(other, price, started) : Promise.resolve(null),
      ])
      served.push(here)
      if (there !== null) servedElsewhere.push(there)
    }
    log(`\n${label}: ${RUNS} publishes (server started in ${first.startSeconds.toFixed(1)} s)`)
    log(`| ${'measure'.padEnd(52)} | median ms | worst ms |`)
    log(`| ${'-'.repeat(52)} | ------: | ------: |`)
    log(figures('GET /landing-pack-apps, nothing changed (reference)', reference))
    log(figures('POST /v1/store/storefront/publish (its answer)', publish))
    log(figures('Publicar → the new page served by this server', served))
    if (servedElsewhere.length > 0)
      log(figures('Publicar → the new page served by the other server', servedElsewhere))
    const verdict = median(served) <= BUDGET_MS ? 'within' : 'OVER'
    log(`Budget: ${BUDGET_MS} ms at the median from Publicar to the page served: ${verdict}.`)
  } finally {
    await other?.child.stop()
    await first.child.stop()
  }
}

async function main() {
  await mkdir(path.join(REPO_ROOT, 'bench/.work'), { recursive: true })
  const dataDir = await mkdtemp(path.join(REPO_ROOT, 'bench/.work/storefront-'))
  try {
    await runCase('Embedded database (npm start)', { dataDir }, false)
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
  const problem = await postgresProblem(ADMIN_URL)
  if (problem) {
    log(`\nPostgreSQL skipped: ${problem}`)
    return
  }
  await recreateBenchDatabase(ADMIN_URL, 'storefront')
  try {
    await runCase(
      'PostgreSQL, two servers on one database',
      { databaseUrl: benchDatabaseUrl(ADMIN_URL, 'storefront') },
      true,
    )
  } finally {
    await dropBenchDatabase(ADMIN_URL, 'storefront')
  }
}

await main()
