/**
 * Realtime bench (issue 45): the built server with `BENCH_CONNECTIONS` (2,000) members connected to
 * `GET /v1/realtime`, each from one of many loopback addresses and subscribed to the projects' channel
 * and `account`, so the real limits (10 a member, 50 an address) apply. It measures the server's RSS and
 * idle CPU with them, the time from a paid Stripe webhook to the admin's `console.orders` event (median,
 * p99) with only the admin connected and with every member connected, the fan-out of a project change to
 * every member, and bench:api's cached REST scenarios against the bare server before, with and after the
 * connections. `npm run bench:realtime`; settings and the last figures in bench/README.md.
 */
import { readFileSync } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { REALTIME_LIMITS } from '../apps/server/src/realtime/realtime-connection'
import { stripeDelivery } from '../apps/server/test/support/webhook-deliveries'
import { recordAnswer, startBareServer, type BareServer } from './lib/bare-reference'
import { killAllChildren } from './lib/children'
import { documentsPath, requireDocuments, signIn, stringField } from './lib/gallery-api'
import { measure, stopLoad, type LoadSettings, type Measurement } from './lib/load'
import { median } from './lib/median'
import { benchDatabaseUrl, dropBenchDatabase, postgresProblem, recreateBenchDatabase } from './lib/postgres'
import { serverMemory, type MemorySample } from './lib/process-memory'
import {
  closeAll,
  loopbackAddress,
  openSubscribed,
  RefusedConnection,
  type RealtimeClient,
} from './lib/realtime-clients'
import { seedRealtimeMembers, type SeededMember } from './lib/realtime-members'
import { number, table, writeJson } from './lib/report'
import { CACHED_TARGET_KEYS, cachedScenarios, discoverFixtures, type Scenario } from './lib/scenarios'
import {
  BENCH_MEMBER,
  REPO_ROOT,
  seedCatalog,
  startServer,
  type RunningServer,
  type Store,
} from './lib/server'
import { startSmtpSink } from './lib/smtp-sink'

const log = (line: string) => process.stdout.write(`${line}\n`)
const started = performance.now()

function positive(name: string, fallback: number): number {
  const raw = process.env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, not "${raw}"`)
  return value
}

const settings = {
  connections: positive('BENCH_CONNECTIONS', 2_000),
  /** Below the server's 50 an address, so each address's own limit is never what refuses the bench. */
  perAddress: Math.min(positive('BENCH_PER_ADDRESS', 40), REALTIME_LIMITS.perAddress),
  webhooks: positive('BENCH_WEBHOOKS', 200),
  fanOuts: positive('BENCH_FANOUT', 30),
  idleSeconds: positive('BENCH_IDLE_SECONDS', 30),
  /** Rounds of the REST scenarios in each phase (before, with, after the members' connections). */
  rounds: positive('BENCH_ROUNDS', 3),
  projects: positive('BENCH_PROJECTS', 720),
  load: {
    connections: positive('BENCH_REST_CONNECTIONS', 50),
    durationSeconds: positive('BENCH_DURATION', 3),
    warmupSeconds: Number(process.env.BENCH_WARMUP ?? 1),
  } satisfies LoadSettings,
  databases: (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((kind) => kind.trim()),
  postgresUrl:
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test',
  resultsFile: path.resolve(process.env.BENCH_RESULTS ?? path.join(REPO_ROOT, 'bench/results/realtime.json')),
  keep: ['1', 'true', 'yes'].includes(process.env.BENCH_KEEP?.trim() ?? ''),
}

const STRIPE_SECRET = 'whsec_bench'
const PROJECTS_CHANNEL = 'databases.gallery.collections.projects.documents'
/** Members' connections opened at once. */
const OPEN_CONCURRENCY = 100
const EVENT_TIMEOUT_MS = 15_000
/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks. */
const CLOCK_TICKS_PER_SECOND = 100

const percentile = (values: readonly number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN
}
const ms = (value: number) => (Number.isNaN(value) ? '—' : `${number(value, value < 10 ? 1 : 0)} ms`)
const round = (value: number, digits = 1) => Number(value.toFixed(digits))

/** CPU time (user + system) the process has used, in ms (Linux `/proc`). */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND
  } catch {
    return Number.NaN
  }
}

/** The server's CPU share (of one core, in %) while nothing is asked of it for `seconds`. */
async function idleCpu(server: RunningServer, seconds: number): Promise<number> {
  const before = cpuMs(server.child.process.pid)
  await sleep(seconds * 1000)
  return round(((cpuMs(server.child.process.pid) - before) / (seconds * 1000)) * 100, 2)
}

function memory(server: RunningServer): MemorySample {
  const sample = serverMemory(server.child.process.pid)
  if (!sample) throw new Error('The server’s memory could not be read from /proc')
  return sample
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

const wsUrl = (server: RunningServer) =>
  `${server.baseUrl.replace(/^http/, 'ws')}/v1/realtime?project=projects-gallery`

interface Opened {
  clients: RealtimeClient[]
  refused: string[]
  seconds: number
  serverCpuMs: number
}

/** Each member's connection from its loopback address (`perAddress` to an address), `OPEN_CONCURRENCY` at once. */
async function openMembers(server: RunningServer, members: readonly SeededMember[]): Promise<Opened> {
  const clients: RealtimeClient[] = []
  const refused: string[] = []
  const cpuBefore = cpuMs(server.child.process.pid)
  const begun = performance.now()
  let next = 0
  const worker = async () => {
    for (let index = next++; index < members.length; index = next++) {
      const member = members[index]
      if (!member) continue
      try {
        clients.push(
          await openSubscribed({
            url: wsUrl(server),
            cookie: member.cookie,
            localAddress: loopbackAddress(Math.floor(index / settings.perAddress)),
            channels: [PROJECTS_CHANNEL, 'account'],
          }),
        )
      } catch (error) {
        refused.push(error instanceof Error ? error.message : String(error))
      }
    }
  }
  await Promise.all(Array.from({ length: OPEN_CONCURRENCY }, worker))
  return {
    clients,
    refused,
    seconds: (performance.now() - begun) / 1000,
    serverCpuMs: cpuMs(server.child.process.pid) - cpuBefore,
  }
}

/** The upgrade's answer for one more connection: 'open' or the HTTP status that refused it. */
async function tryOpen(server: RunningServer, member: SeededMember, localAddress: string) {
  try {
    const client = await openSubscribed({
      url: wsUrl(server),
      cookie: member.cookie,
      localAddress,
      channels: [PROJECTS_CHANNEL],
    })
    return { client, outcome: 'open' as const }
  } catch (error) {
    const status = error instanceof RefusedConnection ? error.status : null
    return { client: undefined, outcome: status === null ? String(error) : `HTTP ${status}` }
  }
}

/**
 * With the members connected, the real limits still hold: one member's 11th connection (from an address
 * of its own) and one address's 51st (each of another member) are refused with 429.
 */
async function checkLimits(server: RunningServer, members: readonly SeededMember[]) {
  const extra: RealtimeClient[] = []
  const keep = (opened: Awaited<ReturnType<typeof tryOpen>>) => {
    if (opened.client) extra.push(opened.client)
    return opened.outcome
  }
  const [first] = members
  const spareAddress = loopbackAddress(Math.ceil(members.length / settings.perAddress) + 1)
  const fullAddress = loopbackAddress(0)
  const room = REALTIME_LIMITS.perAddress - Math.min(settings.perAddress, members.length)
  if (!first || members.length < room + 2) return { member: 'not checked', address: 'not checked' }
  const memberOutcomes: string[] = []
  for (let held = 1; held <= REALTIME_LIMITS.perMember; held += 1)
    memberOutcomes.push(keep(await tryOpen(server, first, spareAddress)))
  const addressOutcomes: string[] = []
  for (let index = 1; index <= room + 1; index += 1) {
    const member = members[index]
    if (member) addressOutcomes.push(keep(await tryOpen(server, member, fullAddress)))
  }
  await closeAll(extra)
  const describe = (outcomes: string[], what: string) =>
    outcomes.slice(0, -1).every((outcome) => outcome === 'open')
      ? `${what}: ${outcomes.at(-1) === 'HTTP 429' ? 'refused with 429' : `NOT refused (${outcomes.at(-1)})`}`
      : `${what}: FAILED before the limit (${outcomes.join(', ')})`
  return {
    member: describe(memberOutcomes, `a member's ${REALTIME_LIMITS.perMember + 1}th connection`),
    address: describe(addressOutcomes, `an address's ${REALTIME_LIMITS.perAddress + 1}st connection`),
  }
}

interface WebhookTimes {
  /** From sending the webhook to the admin's `event` for its order, per webhook heard. */
  toEvent: number[]
  /** From sending the webhook to its HTTP answer. */
  toAnswer: number[]
  missed: number
}

/**
 * `count` paid Stripe checkouts (each a new buyer), one after the other: each is sent once the previous
 * one's event has come (or `EVENT_TIMEOUT_MS` passed).
 */
async function paidWebhooks(server: RunningServer, admin: RealtimeClient, tag: string, count: number) {
  const times: WebhookTimes = { toEvent: [], toAnswer: [], missed: 0 }
  for (let index = 0; index < count; index += 1) {
    const orderId = `pi_rt_${tag}_${index}`
    const delivery = stripeDelivery({
      secret: STRIPE_SECRET,
      type: 'checkout.session.completed',
      orderId,
      email: `rt-buyer-${tag}-${index}@example.com`,
    })
    const heard = new Promise<number>((resolve) =>
      admin.onText((text, at) => {
        if (text.includes('"console.orders"') && text.includes(`"${orderId}"`)) resolve(at)
      }),
    )
    const sent = performance.now()
    const response = await fetch(`${server.baseUrl}${delivery.path}`, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    })
    await response.text()
    times.toAnswer.push(performance.now() - sent)
    if (response.status !== 200) throw new Error(`The webhook answered HTTP ${response.status}`)
    const at = await withTimeout(heard, EVENT_TIMEOUT_MS)
    if (at === undefined) times.missed += 1
    else times.toEvent.push(at - sent)
  }
  return times
}

interface FanOut {
  /** The PATCH's answer, the first member's event and the last's, from sending the PATCH. */
  answerMs: number
  firstMs: number
  medianMs: number
  lastMs: number
  received: number
  /**
   * CPU time the server and this bench's process (the members' clients) used from the PATCH to 200 ms after
   * its answer and its last event.
   */
  serverCpuMs: number
  benchCpuMs: number
}

/** The admin changes a project's subtitle `count` times; every member subscribed to the projects hears it. */
async function fanOuts(
  server: RunningServer,
  adminCookie: string,
  clients: readonly RealtimeClient[],
  projectId: string,
  count: number,
) {
  const runs: FanOut[] = []
  for (let index = 0; index < count; index += 1) {
    const marker = `rt-fanout-${Date.now()}-${index}`
    const arrivals: number[] = []
    const all = new Promise<void>((resolve) => {
      for (const client of clients)
        client.onText((text, at) => {
          if (!text.includes(marker)) return
          arrivals.push(at)
          if (arrivals.length === clients.length) resolve()
        })
    })
    const serverCpu = cpuMs(server.child.process.pid)
    const benchCpu = process.cpuUsage()
    const sent = performance.now()
    const response = await fetch(
      `${server.baseUrl}/v1/databases/gallery/collections/projects/documents/${projectId}`,
      {
        method: 'PATCH',
        headers: { cookie: adminCookie, 'content-type': 'application/json' },
        body: JSON.stringify({ data: { subtitle: marker } }),
      },
    )
    const body = await response.text()
    const answerMs = performance.now() - sent
    if (response.status !== 200)
      throw new Error(`PATCH of a project answered HTTP ${response.status}: ${body}`)
    if (clients.length > 0) await withTimeout(all, EVENT_TIMEOUT_MS)
    // What the change costs after its answer and its last event (the sockets' writes, a cache refilled) counts too.
    await sleep(200)
    const benchUsed = process.cpuUsage(benchCpu)
    const serverCpuMs = cpuMs(server.child.process.pid) - serverCpu
    const from = arrivals.map((at) => at - sent)
    runs.push({
      answerMs,
      firstMs: from.length ? Math.min(...from) : Number.NaN,
      medianMs: from.length ? median(from) : Number.NaN,
      lastMs: from.length ? Math.max(...from) : Number.NaN,
      received: arrivals.length,
      serverCpuMs,
      benchCpuMs: (benchUsed.user + benchUsed.system) / 1000,
    })
    await sleep(100)
  }
  for (const client of clients) client.onText(() => undefined)
  return runs
}

interface RestRow {
  key: string
  label: string
  /** Each round's runs, bare server then real server, and its ratio. */
  rounds: { bare: Measurement; server: Measurement; ratio: number }[]
  /** The medians over the rounds. */
  bareRequestsPerSecond: number
  serverRequestsPerSecond: number
  serverP99Ms: number
  ratio: number
  /** Requests that failed or were not 2xx, on either server, over the rounds. */
  problems: number
}

/**
 * bench:api's cached scenarios, each on the bare server and right after on the real one, in
 * `settings.rounds` rounds (every scenario once a round, so a busy moment of the shared machine spoils
 * one round of one scenario, not a whole figure); the median of the rounds' ratios.
 */
async function restPhase(
  phase: string,
  server: RunningServer,
  bare: BareServer,
  scenarios: readonly Scenario[],
  cookie: string,
) {
  const rounds = scenarios.map(() => [] as RestRow['rounds'])
  for (let round = 0; round < settings.rounds; round += 1) {
    // The warm-up only before a scenario's first round: the later ones find it warm.
    const load = round === 0 ? settings.load : { ...settings.load, warmupSeconds: 0 }
    for (const [index, scenario] of scenarios.entries()) {
      const bareRun = await measure(bare.baseUrl, scenario.path, cookie, load)
      const serverRun = await measure(server.baseUrl, scenario.path, cookie, load)
      const ratio = serverRun.requestsPerSecond / Math.max(bareRun.requestsPerSecond, 1)
      rounds[index]?.push({ bare: bareRun, server: serverRun, ratio: Number(ratio.toFixed(3)) })
    }
  }
  return scenarios.map((scenario, index): RestRow => {
    const runs = rounds[index] ?? []
    const row = {
      key: scenario.key,
      label: scenario.label,
      rounds: runs,
      bareRequestsPerSecond: Math.round(median(runs.map((run) => run.bare.requestsPerSecond))),
      serverRequestsPerSecond: Math.round(median(runs.map((run) => run.server.requestsPerSecond))),
      serverP99Ms: median(runs.map((run) => run.server.latencyP99Ms)),
      ratio: Number(median(runs.map((run) => run.ratio)).toFixed(3)),
      problems: runs.reduce(
        (sum, run) => sum + run.server.non2xx + run.server.errors + run.bare.non2xx + run.bare.errors,
        0,
      ),
    }
    log(
      `  [${phase}] ${scenario.label}: ${number(row.serverRequestsPerSecond)} req/s (p99 ${row.serverP99Ms} ms), ` +
        `bare ${number(row.bareRequestsPerSecond)} req/s, ratio ${row.ratio} ` +
        `(rounds: ${runs.map((run) => run.ratio.toFixed(2)).join(', ')})${row.problems ? ` — ${row.problems} errors/non-2xx` : ''}`,
    )
    return row
  })
}

const summarise = (values: readonly number[]) => ({
  count: values.length,
  p50Ms: round(percentile(values, 0.5)),
  p99Ms: round(percentile(values, 0.99)),
  maxMs: round(Math.max(...values)),
})

async function run(database: string, store: Store) {
  const prefix = `[${database}]`
  const seedSeconds = await seedCatalog(store, settings.projects, 20 * 60_000)
  const seeding = performance.now()
  const members = await seedRealtimeMembers(store, settings.connections)
  log(
    `${prefix} catalogue of ${number(settings.projects)} projects in ${seedSeconds.toFixed(1)} s; ` +
      `${number(members.length)} members with a session each in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  )
  const sink = await startSmtpSink()
  const server = await startServer(store, {
    SMTP_URL: sink.url,
    PUBLIC_ORIGIN: 'https://tienda.example.test',
    SUPPORT_EMAIL: 'soporte@tienda.example.test',
    CHECKOUT_URL: 'https://pay.example.test/checkout',
    STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
    // The admin changes projects through the console's API without a second factor (production asks one).
    ADMIN_MFA: 'optional',
  })
  let bare: BareServer | undefined
  const clients: RealtimeClient[] = []
  try {
    log(`${prefix} server started in ${server.startSeconds.toFixed(1)} s`)
    const adminCookie = await signIn(server.baseUrl, BENCH_MEMBER.email, BENCH_MEMBER.password)
    const admin = await openSubscribed({
      url: wsUrl(server),
      cookie: adminCookie,
      localAddress: '127.0.0.1',
      channels: ['console.orders'],
    })
    const restCookie = members[0]?.cookie ?? adminCookie
    const fixtures = await discoverFixtures(server.baseUrl, restCookie)
    const scenarios = cachedScenarios(fixtures).filter((scenario) =>
      CACHED_TARGET_KEYS.includes(scenario.key),
    )
    const answers = await Promise.all(
      scenarios.map((scenario) => recordAnswer(server.baseUrl, scenario.path, restCookie)),
    )
    bare = await startBareServer(answers, path.join(REPO_ROOT, 'bench/.work'))
    // The project the admin changes: one of the catalogue's later ones, on none of the scenarios' pages.
    const later = await requireDocuments(
      server.baseUrl,
      restCookie,
      documentsPath('projects', [
        { method: 'orderDesc', attribute: '$sequence' },
        { method: 'limit', values: [1] },
      ]),
    )
    const [changed] = later.documents
    if (!changed) throw new Error('The catalogue has no projects')
    const changedId = stringField(changed, '$id')

    log(`${prefix} REST without the members' connections (before):`)
    const before = await restPhase('before', server, bare, scenarios, restCookie)
    log(`${prefix} ${settings.webhooks} paid webhooks, only the admin connected…`)
    const alone = await paidWebhooks(server, admin, 'alone', settings.webhooks)
    log(`${prefix} ${settings.fanOuts} project changes, no member connected…`)
    const fanOutAlone = await fanOuts(server, adminCookie, [], changedId, settings.fanOuts)
    await sleep(2_000)
    const idleBefore = memory(server)
    const cpuBefore = await idleCpu(server, settings.idleSeconds)

    log(`${prefix} opening ${number(members.length)} connections…`)
    const opened = await openMembers(server, members)
    clients.push(...opened.clients)
    const addresses = Math.ceil(members.length / settings.perAddress)
    log(
      `${prefix} ${number(opened.clients.length)} subscribed in ${opened.seconds.toFixed(1)} s from ${addresses} addresses ` +
        `(server CPU ${number(opened.serverCpuMs)} ms)` +
        (opened.refused.length ? `; ${opened.refused.length} refused, first: ${opened.refused[0]}` : ''),
    )
    await sleep(2_000)
    const connected = memory(server)
    const cpuWith = await idleCpu(server, settings.idleSeconds)
    const afterIdle = memory(server)
    const limits = await checkLimits(server, members)
    log(`${prefix} limits: ${limits.member}; ${limits.address}`)

    log(`${prefix} ${settings.webhooks} paid webhooks with ${number(clients.length)} members connected…`)
    const crowded = await paidWebhooks(server, admin, 'crowded', settings.webhooks)
    log(`${prefix} ${settings.fanOuts} project changes to ${number(clients.length)} members…`)
    const fanOut = await fanOuts(server, adminCookie, clients, changedId, settings.fanOuts)
    log(`${prefix} REST with the members' connections open:`)
    const during = await restPhase('with', server, bare, scenarios, restCookie)
    const afterLoad = memory(server)
    const closedByServer = clients.filter((client) => client.socket.readyState !== client.socket.OPEN).length

    const closing = performance.now()
    const cpuBeforeClose = cpuMs(server.child.process.pid)
    await closeAll(clients)
    await sleep(1_000)
    const closeSeconds = (performance.now() - closing) / 1000
    const closeCpuMs = cpuMs(server.child.process.pid) - cpuBeforeClose
    clients.length = 0
    log(`${prefix} REST without the members' connections (after):`)
    const after = await restPhase('after', server, bare, scenarios, restCookie)
    const closedMemory = memory(server)
    admin.socket.close()
    const serverLog = server.child.takeNewLines()

    const perConnectionKb = ((connected.rssMb - idleBefore.rssMb) * 1024) / Math.max(opened.clients.length, 1)
    return {
      database,
      seedSeconds: round(seedSeconds),
      serverStartSeconds: round(server.startSeconds),
      connections: {
        asked: members.length,
        subscribed: opened.clients.length,
        refused: opened.refused.length,
        firstRefusal: opened.refused[0] ?? null,
        addresses,
        openSeconds: round(opened.seconds),
        openServerCpuMs: Math.round(opened.serverCpuMs),
        closedByServerDuringRun: closedByServer,
        closeSeconds: round(closeSeconds),
        closeServerCpuMs: Math.round(closeCpuMs),
      },
      limits,
      memory: {
        idle: idleBefore,
        connected,
        afterIdle,
        afterLoad,
        afterClose: closedMemory,
        perConnectionKb: round(perConnectionKb),
      },
      idleCpuPercent: { without: cpuBefore, with: cpuWith, seconds: settings.idleSeconds },
      webhookToAdminEvent: {
        adminOnly: { ...summarise(alone.toEvent), missed: alone.missed, answer: summarise(alone.toAnswer) },
        withMembers: {
          ...summarise(crowded.toEvent),
          missed: crowded.missed,
          answer: summarise(crowded.toAnswer),
        },
      },
      fanOutWithoutMembers: {
        patchAnswer: summarise(fanOutAlone.map((one) => one.answerMs)),
        serverCpuMs: summarise(fanOutAlone.map((one) => one.serverCpuMs)),
      },
      fanOut: {
        runs: fanOut.length,
        incomplete: fanOut.filter((one) => one.received < opened.clients.length).length,
        patchAnswer: summarise(fanOut.map((one) => one.answerMs)),
        first: summarise(fanOut.map((one) => one.firstMs)),
        median: summarise(fanOut.map((one) => one.medianMs)),
        last: summarise(fanOut.map((one) => one.lastMs)),
        serverCpuMs: summarise(fanOut.map((one) => one.serverCpuMs)),
        benchCpuMs: summarise(fanOut.map((one) => one.benchCpuMs)),
      },
      rest: { before, with: during, after },
      serverLog: serverLog.slice(0, 20),
    }
  } finally {
    await closeAll(clients)
    await bare?.child.stop()
    await server.child.stop()
    await sink.close()
  }
}

type RunResult = Awaited<ReturnType<typeof run>>

function report(results: readonly RunResult[]) {
  const connections = number(settings.connections)
  log(`\nConnections, memory and idle CPU of the server (${connections} members, one connection each):\n`)
  log(
    table(
      [
        [
          'database',
          'subscribed',
          'opened in',
          'RSS idle',
          `RSS with ${connections}`,
          'per connection',
          'after load',
          'after close',
          'idle CPU without / with',
        ],
        ...results.map((result) => [
          result.database,
          `${number(result.connections.subscribed)} (${result.connections.addresses} addresses)`,
          `${result.connections.openSeconds.toFixed(1)} s`,
          `${result.memory.idle.rssMb} MB`,
          `${result.memory.connected.rssMb} MB`,
          `${number(result.memory.perConnectionKb, 1)} KB`,
          `${result.memory.afterLoad.rssMb} MB`,
          `${result.memory.afterClose.rssMb} MB`,
          `${result.idleCpuPercent.without} % / ${result.idleCpuPercent.with} %`,
        ]),
      ],
      new Set([1, 2, 3, 4, 5, 6, 7, 8]),
    ),
  )
  log(
    `\nFrom a paid webhook sent to the admin's console.orders event (${settings.webhooks} one after the other):\n`,
  )
  log(
    table(
      [
        ['database', 'connected', 'event p50', 'event p99', 'event max', 'missed', 'HTTP answer p50', 'p99'],
        ...results.flatMap((result) =>
          (
            [
              ['admin only', result.webhookToAdminEvent.adminOnly],
              [`admin + ${connections} members`, result.webhookToAdminEvent.withMembers],
            ] as const
          ).map(([label, times]) => [
            result.database,
            label,
            ms(times.p50Ms),
            ms(times.p99Ms),
            ms(times.maxMs),
            String(times.missed),
            ms(times.answer.p50Ms),
            ms(times.answer.p99Ms),
          ]),
        ),
      ],
      new Set([2, 3, 4, 5, 6, 7]),
    ),
  )
  log(
    `\nA project changed by the admin (PATCH), to every one of the ${connections} members (${settings.fanOuts} changes; ` +
      `from sending the PATCH; p50 / p99 over the changes):\n`,
  )
  log(
    table(
      [
        [
          'database, members',
          'PATCH answered',
          'first member',
          'half the members',
          'last member',
          'incomplete',
          'CPU server / bench (p50)',
        ],
        ...results.flatMap((result) => {
          const cell = (times: { p50Ms: number; p99Ms: number }) => `${ms(times.p50Ms)} / ${ms(times.p99Ms)}`
          const alone = result.fanOutWithoutMembers
          return [
            [
              `${result.database}, no member`,
              cell(alone.patchAnswer),
              '—',
              '—',
              '—',
              '—',
              `${ms(alone.serverCpuMs.p50Ms)} / —`,
            ],
            [
              `${result.database}, ${connections}`,
              cell(result.fanOut.patchAnswer),
              cell(result.fanOut.first),
              cell(result.fanOut.median),
              cell(result.fanOut.last),
              String(result.fanOut.incomplete),
              `${ms(result.fanOut.serverCpuMs.p50Ms)} / ${ms(result.fanOut.benchCpuMs.p50Ms)}`,
            ],
          ]
        }),
      ],
      new Set([1, 2, 3, 4, 5, 6]),
    ),
  )
  log(
    `\nbench:api's cached scenarios (${settings.load.connections} connections, ${settings.load.durationSeconds} s runs; ` +
      `ratio = server req/s ÷ bare server req/s, the median of ${settings.rounds} rounds), without the members' ` +
      `connections, with them, and without again:\n`,
  )
  log(
    table(
      [
        [
          'database',
          'scenario',
          'server req/s before / with / after',
          'ratio before',
          'ratio with',
          'ratio after',
          'with ÷ mean(before, after)',
        ],
        ...results.flatMap((result) =>
          result.rest.before.map((row, index) => {
            const withRow = result.rest.with[index]
            const afterRow = result.rest.after[index]
            const withRatio = withRow?.ratio ?? Number.NaN
            const afterRatio = afterRow?.ratio ?? Number.NaN
            return [
              result.database,
              row.label,
              [row, withRow, afterRow]
                .map((one) => number(one?.serverRequestsPerSecond ?? Number.NaN))
                .join(' / '),
              row.ratio.toFixed(3),
              withRatio.toFixed(3),
              afterRatio.toFixed(3),
              (withRatio / ((row.ratio + afterRatio) / 2)).toFixed(2),
            ]
          }),
        ),
      ],
      new Set([2, 3, 4, 5, 6]),
    ),
  )
  for (const result of results) {
    log(
      `\n[${result.database}] limits with the members connected: ${result.limits.member}; ${result.limits.address}`,
    )
    if (result.connections.refused || result.connections.closedByServerDuringRun)
      log(
        `  !! ${result.connections.refused} connections refused (${result.connections.firstRefusal}), ` +
          `${result.connections.closedByServerDuringRun} closed by the server during the run`,
      )
    log(
      `  closing ${connections} connections: ${result.connections.closeSeconds.toFixed(1)} s, ` +
        `server CPU ${number(result.connections.closeServerCpuMs)} ms; opening them: server CPU ` +
        `${number(result.connections.openServerCpuMs)} ms`,
    )
    if (result.serverLog.length) log(`  the server logged:\n    ${result.serverLog.join('\n    ')}`)
  }
}

async function main() {
  process.on('exit', killAllChildren)
  const abort = (code: number) => {
    stopLoad()
    process.exit(code)
  }
  process.on('SIGINT', () => abort(130))
  process.on('SIGTERM', () => abort(143))
  log(
    `Realtime bench: ${number(settings.connections)} members connected (${settings.perAddress} an address), ` +
      `${settings.webhooks} paid webhooks twice, ${settings.fanOuts} project changes, REST ` +
      `${settings.load.connections} connections × ${settings.load.durationSeconds} s × ${settings.rounds} rounds; ` +
      settings.databases.join(', '),
  )
  const workDir = path.join(REPO_ROOT, 'bench/.work')
  await mkdir(workDir, { recursive: true })
  const results: RunResult[] = []
  for (const database of settings.databases) {
    if (database === 'pglite') {
      const dataDir = path.join(workDir, `realtime-${Date.now()}`)
      try {
        results.push(await run('pglite', { dataDir }))
      } finally {
        if (!settings.keep) await rm(dataDir, { recursive: true, force: true })
      }
    } else if (database === 'postgres') {
      const problem = await postgresProblem(settings.postgresUrl)
      if (problem) {
        log(`PostgreSQL is unreachable at ${new URL(settings.postgresUrl).host} (${problem}): skipping it.`)
        continue
      }
      await recreateBenchDatabase(settings.postgresUrl, 'realtime')
      try {
        results.push(
          await run('postgres', { databaseUrl: benchDatabaseUrl(settings.postgresUrl, 'realtime') }),
        )
      } finally {
        if (!settings.keep) await dropBenchDatabase(settings.postgresUrl, 'realtime')
      }
    } else {
      throw new Error(`BENCH_DATABASES: unknown database "${database}" (pglite, postgres)`)
    }
  }
  report(results)
  writeJson(settings.resultsFile, {
    date: new Date().toISOString(),
    node: process.version,
    settings: { ...settings, postgresUrl: undefined, resultsFile: undefined },
    totalSeconds: Math.round((performance.now() - started) / 1000),
    results,
  })
  log(
    `\nWrote ${path.relative(process.cwd(), settings.resultsFile)} — total ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  )
  const failed = results.some(
    (result) =>
      result.connections.refused > 0 ||
      result.webhookToAdminEvent.withMembers.missed > 0 ||
      result.fanOut.incomplete > 0,
  )
  if (failed) process.exitCode = 1
}

main().catch((error: unknown) => {
  killAllChildren()
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})
