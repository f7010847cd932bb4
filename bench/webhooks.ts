/**
 * Webhook bench (issue 11): 200 signed webhook deliveries sent at once over HTTP, from the three
 * providers, duplicates and second purchases included, must give exactly the expected orders, members
 * and emails. `npm run bench:webhooks [-- --database-url postgres://…]`: the real server on a fresh
 * embedded database and, when a PostgreSQL URL is given (or TEST_DATABASE_URL), on a fresh PostgreSQL
 * database too; its emails go to a local SMTP server the bench runs. Details in bench/README.md.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import type { WebhookDelivery } from '../apps/server/test/support/webhook-deliveries'
import { killAllChildren } from './lib/children'
import { benchDatabaseUrl, dropBenchDatabase, postgresProblem, recreateBenchDatabase } from './lib/postgres'
import { REPO_ROOT, startServer, type Store } from './lib/server'
import { startSmtpSink } from './lib/smtp-sink'
import {
  BUYERS,
  checkBurst,
  DUPLICATES,
  isWelcome,
  planBurst,
  TWICE,
  WEBHOOK_SECRETS,
} from './lib/webhook-burst'

const EMAIL_TIMEOUT_MS = 120_000
/** Longer than the queue's poll (5 s): an email sent twice would have arrived by then. */
const QUIET_MS = 7_000
const keep = ['1', 'true', 'yes'].includes(process.env.BENCH_KEEP?.trim() ?? '')
const log = (line: string) => process.stdout.write(`${line}\n`)

interface Answer {
  status: number
  body: string
  ms: number
}

function send(
  agent: http.Agent,
  baseUrl: string,
  method: string,
  target: string,
  delivery?: WebhookDelivery,
) {
  const { hostname, port } = new URL(baseUrl)
  const started = performance.now()
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      { agent, hostname, port, method, path: target, headers: delivery?.headers },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body, ms: performance.now() - started }),
        )
      },
    )
    request.on('error', reject)
    request.end(delivery?.body)
  })
}

/** Every request at once, each on its own connection; the total is from the first sent to the last answered. */
async function burst(count: number, request: (agent: http.Agent, index: number) => Promise<Answer>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: count })
  const started = performance.now()
  const answers = await Promise.all(Array.from({ length: count }, (_, index) => request(agent, index)))
  const totalMs = performance.now() - started
  agent.destroy()
  return { started, totalMs, answers }
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN
}

const timing = (label: string, { totalMs, answers }: Awaited<ReturnType<typeof burst>>) => {
  const times = answers.map((answer) => answer.ms)
  const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`
  return `  ${label.padEnd(36)} total ${ms(totalMs)}   p50 ${ms(percentile(times, 0.5))}   p99 ${ms(percentile(times, 0.99))}`
}

async function run(name: string, store: Store) {
  const sink = await startSmtpSink()
  const server = await startServer(store, {
    DEMO: '0',
    SMTP_URL: sink.url,
    PUBLIC_ORIGIN: 'https://tienda.example.test',
    SUPPORT_EMAIL: 'soporte@tienda.example.test',
    CHECKOUT_URL: 'https://pay.example.test/checkout',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRETS.stripe,
    HOTMART_HOTTOK: WEBHOOK_SECRETS.hotmart,
    LEMONSQUEEZY_WEBHOOK_SECRET: WEBHOOK_SECRETS.lemonsqueezy,
  })
  try {
    log(`[${name}] server started in ${server.startSeconds.toFixed(1)} s`)
    const plan = planBurst()
    const health = () =>
      burst(plan.sent.length, (agent) => send(agent, server.baseUrl, 'GET', '/v1/health/version'))
    await health() // Warm-up: connections and the first requests' lazy work are not the figure.
    const reference = await health()
    if (reference.answers.some((answer) => answer.status !== 200))
      throw new Error('/v1/health/version did not answer 200')
    const deliveries = await burst(plan.sent.length, (agent, index) => {
      const delivery = plan.sent[index]
      return send(agent, server.baseUrl, 'POST', delivery?.path ?? '/', delivery)
    })
    const deadline = Date.now() + EMAIL_TIMEOUT_MS
    while (sink.emails.length < plan.purchases.length && Date.now() < deadline) await sleep(50)
    const allSent = sink.emails.length >= plan.purchases.length
    const lastEmail = Math.max(deliveries.started, ...sink.emails.map((email) => email.at))
    await sleep(QUIET_MS)

    log(timing(`GET /v1/health/version ×${reference.answers.length} at once`, reference))
    log(timing(`POST /webhooks/* ×${deliveries.answers.length} at once`, deliveries))
    const welcomes = sink.emails.filter(isWelcome).length
    log(
      `  emails: ${sink.emails.length} (${welcomes} welcome, ${sink.emails.length - welcomes} purchase), ` +
        (allSent
          ? `all sent within ${((lastEmail - deliveries.started) / 1000).toFixed(1)} s of the burst's start`
          : `not all sent after ${EMAIL_TIMEOUT_MS / 1000} s`),
    )
    const failures = await checkBurst(plan, {
      store,
      statuses: deliveries.answers.map((answer) => answer.status),
      bodies: deliveries.answers.map((answer) => answer.body),
      emails: sink.emails,
    })
    log(
      failures.length
        ? `  FAILED: ${failures.join('; ')}`
        : `  checks: ${plan.purchases.length} orders paid, ${plan.buyers.length} members, ${plan.purchases.length} emails, none twice: OK`,
    )
    const lines = server.child.takeNewLines()
    if (lines.length > 0) log(`  the server logged:\n    ${lines.join('\n    ')}`)
    return failures.length === 0
  } finally {
    await server.child.stop()
    await sink.close()
  }
}

async function main() {
  process.on('exit', killAllChildren)
  // Ctrl-C and kill end the run through `exit`, so the servers (in their own process groups) go too.
  process.on('SIGINT', () => process.exit(130))
  process.on('SIGTERM', () => process.exit(143))
  const { values } = parseArgs({ options: { 'database-url': { type: 'string' } } })
  const postgresUrl = values['database-url'] ?? process.env.TEST_DATABASE_URL
  log(
    `Webhook bench: ${BUYERS + TWICE + DUPLICATES} deliveries at once — ${BUYERS + TWICE} purchases (stripe, hotmart, ` +
      `lemonsqueezy in turn) by ${BUYERS} buyers, ${TWICE} of them buying twice; ${DUPLICATES} purchases delivered twice`,
  )
  let ok = true
  await mkdir(path.join(REPO_ROOT, 'bench/.work'), { recursive: true })
  const dataDir = await mkdtemp(path.join(REPO_ROOT, 'bench/.work/webhooks-'))
  try {
    ok = (await run('pglite', { dataDir })) && ok
  } finally {
    if (!keep) await rm(dataDir, { recursive: true, force: true })
  }
  if (postgresUrl) {
    const problem = await postgresProblem(postgresUrl)
    if (problem) {
      log(`PostgreSQL is unreachable at ${new URL(postgresUrl).host} (${problem}): skipping PostgreSQL.`)
    } else {
      await recreateBenchDatabase(postgresUrl, 'webhooks')
      try {
        ok = (await run('postgres', { databaseUrl: benchDatabaseUrl(postgresUrl, 'webhooks') })) && ok
      } finally {
        if (!keep) await dropBenchDatabase(postgresUrl, 'webhooks')
      }
    }
  }
  if (!ok) process.exitCode = 1
}

main().catch((error: unknown) => {
  killAllChildren()
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})
