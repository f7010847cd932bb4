/**
 * Query cost bench (issue 10, item 3; decision 016): does any request a member can still send keep the
 * server's only thread busy for more than 100 ms? `npm run bench:query-cost`; see bench/README.md.
 *
 * The real server on the embedded database with a large generated catalogue; while each kind of request
 * runs, `/v1/health/version` is asked again and again, one at a time: its latency is how long the
 * server could not answer anything else. Each kind is measured beside its own reference, the same probe
 * with nothing else running, just before. Each kind is sent once before it is measured: the first
 * statement of a new shape after a start loads catalogue caches, once.
 */
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { PROJECT_CARD_FIELDS } from '@pg/shared/constants'
import { killAllChildren } from './lib/children'
import { documentsPath, requireDocuments, signIn, stringField, type Query } from './lib/gallery-api'
import { writeJson } from './lib/report'
import { appPath, SEARCH_WORDS } from './lib/scenarios'
import { BENCH_MEMBER, REPO_ROOT, seedCatalog, startServer, type Store } from './lib/server'

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 100_000)
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5)
/** An already seeded DATA_DIR to reuse (kept afterwards); otherwise a fresh one is seeded and removed. */
const REUSED_DATA_DIR = process.env.BENCH_DATA_DIR?.trim()
const BUDGET_MS = 100
const REFERENCE_MS = 1000
const RESULTS_FILE = path.join(REPO_ROOT, 'bench/results/query-cost.json')
const log = (line: string) => process.stdout.write(`${line}\n`)

interface Kind {
  label: string
  /** The request number `index` (0 is the warm-up): each differs, so none is answered from the cache. */
  path: (index: number) => string
  /** Requests sent at once per repetition (the embedded database runs one statement at a time). */
  concurrent?: number
  status: number
}

interface Probe {
  count: number
  p50: number
  max: number
}

/** `/v1/health/version` again and again, one at a time, until `stop` resolves. */
async function probeHealth(baseUrl: string, stop: Promise<void>): Promise<Probe> {
  let stopped = false
  void stop.then(() => (stopped = true))
  const latencies: number[] = []
  while (!stopped) {
    const started = performance.now()
    const response = await fetch(`${baseUrl}/v1/health/version`)
    await response.arrayBuffer()
    latencies.push(performance.now() - started)
  }
  const sorted = latencies.sort((a, b) => a - b)
  return {
    count: sorted.length,
    p50: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

async function measureKind(baseUrl: string, cookie: string, kind: Kind) {
  // One request first, not measured: the first statement of a new shape loads catalogue caches.
  await (await fetch(`${baseUrl}${kind.path(0)}`, { headers: { cookie } })).arrayBuffer()
  const reference = await probeHealth(baseUrl, pause(REFERENCE_MS))
  const statuses = new Map<number, number>()
  const requestMs: number[] = []
  let finish: () => void = () => undefined
  const probing = probeHealth(baseUrl, new Promise<void>((resolve) => (finish = resolve)))
  await pause(50)
  for (let index = 0; index < REPEAT; index += 1) {
    await Promise.all(
      Array.from({ length: kind.concurrent ?? 1 }, async (_, lane) => {
        const started = performance.now()
        const response = await fetch(`${baseUrl}${kind.path(index * (kind.concurrent ?? 1) + lane + 1)}`, {
          headers: { cookie },
        })
        await response.arrayBuffer()
        requestMs.push(performance.now() - started)
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
      }),
    )
  }
  await pause(50)
  finish()
  const underLoad = await probing
  return {
    label: kind.label,
    statuses: Object.fromEntries(statuses),
    expectedStatus: kind.status,
    requestMaxMs: Math.max(...requestMs),
    reference,
    underLoad,
    pass: underLoad.max <= BUDGET_MS && [...statuses.keys()].every((status) => status === kind.status),
  }
}

// Terms that no generated title or author contains, different in every request.
const rare = (index: number, count: number, length = 6) =>
  Array.from({ length: count }, (_, term) => `zq${index}x${term}`.padEnd(length, 'k'))
const SHORT_LETTERS = 'qxzjkwv'
const shortRare = (index: number, count: number) =>
  Array.from(
    { length: count },
    (_, term) =>
      `${SHORT_LETTERS[(index + term) % SHORT_LETTERS.length]}${SHORT_LETTERS[(index * 3 + term * 5 + 1) % SHORT_LETTERS.length]}`,
  )
/** Eight words of the generated titles. */
const COMMON = SEARCH_WORDS.slice(0, 8)
/** Six of the eight words, a different choice for each of the first 28 requests. */
const common = (index: number) => {
  const left = [...COMMON]
  left.splice(index % COMMON.length, 1)
  left.splice(Math.floor(index / COMMON.length) % left.length, 1)
  return left
}
const either = (terms: string[]): Query => ({
  method: 'or',
  values: [
    { method: 'contains', attribute: 'title', values: terms },
    { method: 'contains', attribute: 'author', values: terms },
  ],
})
const PAGE: Query[] = [
  { method: 'select', values: [...PROJECT_CARD_FIELDS] },
  { method: 'limit', values: [20] },
]
const counted = (collection: string, queries: Query[]) => documentsPath(collection, queries)
const projectId = (position: number) => `demo-${String(Math.max(1, position)).padStart(4, '0')}`

/**
 * Conditions every row meets but the last, none of which an index can answer: each row is checked
 * against all of them.
 */
const unindexedConditions = (index: number, count: number): Query[] =>
  Array.from({ length: count }, (_, n) =>
    n === count - 1
      ? { method: 'lessThan', attribute: '$createdAt', values: [`1${String(index % 1000).padStart(3, '0')}`] }
      : n % 2
        ? { method: 'isNotNull', attribute: 'project_links' }
        : { method: 'greaterThan', attribute: '$updatedAt', values: [`19${String(n).padStart(2, '0')}`] },
  )
/** As many as the longest query string the server accepts (8,192 characters) can hold. */
const conditionsThatFit = (() => {
  const queryLength = (count: number) => {
    const path = counted('projects', [...unindexedConditions(99, count), ...PAGE])
    return path.length - path.indexOf('?') - 1
  }
  let count = 2
  while (count < 98 && queryLength(count + 1) <= 8_192) count += 1
  return count
})()

function kinds(mostUsedTag: string, lastLink: string): Kind[] {
  const late = (index: number) => projectId(PROJECTS - 40 - index)
  return [
    {
      label: 'gallery: page after a cursor near the end',
      path: (i) => appPath('projects', [...PAGE, { method: 'cursorAfter', values: [late(i)] }]),
      status: 200,
    },
    {
      label: 'gallery: 6-word search, common words',
      path: (i) => appPath('projects', [either(common(i)), ...PAGE]),
      status: 200,
    },
    {
      label: 'gallery: 10-word search, no match (20 terms)',
      path: (i) => appPath('projects', [either(rare(i, 10)), ...PAGE]),
      status: 200,
    },
    {
      label: '20 two-letter terms, no match',
      path: (i) => appPath('projects', [either(shortRare(i, 10)), ...PAGE]),
      status: 200,
    },
    {
      label: '20 terms, no match, with total',
      path: (i) => counted('projects', [either(rare(i, 10)), ...PAGE]),
      status: 200,
    },
    {
      label: 'search: 20 words on title, no match',
      path: (i) =>
        appPath('projects', [
          { method: 'search', attribute: 'title', values: [rare(i, 20).join(' ')] },
          ...PAGE,
        ]),
      status: 200,
    },
    {
      label: 'equal title: 20 values of 150 characters',
      path: (i) =>
        appPath('projects', [{ method: 'equal', attribute: 'title', values: rare(i, 20, 150) }, ...PAGE]),
      status: 200,
    },
    {
      label: `${conditionsThatFit} unindexed conditions (8 KB), with total`,
      path: (i) => counted('projects', [...unindexedConditions(i, conditionsThatFit), ...PAGE]),
      status: 200,
    },
    {
      label: 'notEqual $id (100 values), with total',
      path: (i) =>
        counted('projects', [
          {
            method: 'notEqual',
            attribute: '$id',
            values: Array.from({ length: 100 }, (_, n) => `x${i}-${n}`),
          },
          ...PAGE,
        ]),
      status: 200,
    },
    {
      label: '100 ids',
      path: (i) =>
        appPath('projects', [
          {
            method: 'equal',
            attribute: '$id',
            values: Array.from({ length: 100 }, (_, n) =>
              projectId(((i * 7919 + n * 104_729) % PROJECTS) + 1),
            ),
          },
          { method: 'limit', values: [100] },
        ]),
      status: 200,
    },
    {
      label: 'offset 5000, 100 whole documents',
      path: (i) =>
        appPath('projects', [
          { method: 'select', values: ['*', 'category.*'] },
          { method: 'offset', values: [5000 - i] },
          { method: 'limit', values: [100] },
        ]),
      status: 200,
    },
    {
      label: 'cursorBefore near the end, by $id descending',
      path: (i) =>
        appPath('projects', [
          { method: 'orderDesc', attribute: '$id' },
          { method: 'cursorBefore', values: [projectId(40 + i)] },
          { method: 'limit', values: [100] },
        ]),
      status: 200,
    },
    {
      label: 'project_tags of the most used tag, offset 5000',
      path: (i) =>
        counted('project_tags', [
          { method: 'equal', attribute: 'tag_id', values: [mostUsedTag] },
          { method: 'offset', values: [5000 - i] },
          { method: 'limit', values: [100] },
        ]),
      status: 200,
    },
    {
      label: 'project_tags by project_id, cursor near the end',
      path: (i) =>
        appPath('project_tags', [
          { method: 'orderAsc', attribute: 'project_id' },
          { method: 'cursorAfter', values: [lastLink] },
          { method: 'limit', values: [100 - (i % 90)] },
        ]),
      status: 200,
    },
    {
      label: "the review's repro, as much as fits in 8 KB",
      path: (i) =>
        documentsPath(
          'projects',
          Array.from({ length: 5 }, (_, q) => ({
            method: 'contains',
            attribute: 'problem_solved',
            values: Array.from({ length: 100 }, (_, v) => `${i}${q}${v}`),
          })),
        ),
      status: 400,
    },
    {
      label: '8 searches at once, no match',
      path: (i) => appPath('projects', [either(rare(i, 10)), ...PAGE]),
      concurrent: 8,
      status: 200,
    },
  ]
}

async function prepareStore(): Promise<{ store: Store; remove: () => void }> {
  if (REUSED_DATA_DIR) {
    log(`Reusing the seeded store in ${REUSED_DATA_DIR}.`)
    return { store: { dataDir: REUSED_DATA_DIR }, remove: () => undefined }
  }
  const dataDir = path.join(REPO_ROOT, 'bench/.work', `query-cost-${PROJECTS}-${Date.now()}`)
  mkdirSync(path.dirname(dataDir), { recursive: true })
  log(`Seeding ${PROJECTS.toLocaleString('en-US')} projects into ${path.relative(REPO_ROOT, dataDir)}…`)
  const seconds = await seedCatalog({ dataDir }, PROJECTS, 30 * 60_000)
  log(`Seeded in ${seconds.toFixed(0)} s.`)
  return { store: { dataDir }, remove: () => rmSync(dataDir, { recursive: true, force: true }) }
}

const ms = (value: number) => value.toFixed(0).padStart(6)

async function main() {
  process.on('exit', killAllChildren)
  process.on('SIGINT', () => process.exit(130))
  const { store, remove } = await prepareStore()
  const server = await startServer(store)
  try {
    const cookie = await signIn(server.baseUrl, BENCH_MEMBER.email, BENCH_MEMBER.password)
    const [tag] = (
      await requireDocuments(
        server.baseUrl,
        cookie,
        documentsPath('tags', [
          { method: 'orderDesc', attribute: 'num_apps' },
          { method: 'limit', values: [1] },
        ]),
      )
    ).documents
    const [link] = (
      await requireDocuments(
        server.baseUrl,
        cookie,
        documentsPath('project_tags', [
          { method: 'orderDesc', attribute: 'project_id' },
          { method: 'limit', values: [1] },
          { method: 'offset', values: [200] },
        ]),
      )
    ).documents
    if (!tag || !link) throw new Error('The catalogue has no tags or no project tags')
    log(
      `\nServer on ${PROJECTS.toLocaleString('en-US')} projects (embedded database), ${REPEAT} requests per kind; ` +
        `health latency while they run, beside the same probe with nothing running just before:\n`,
    )
    log(
      `${'request kind'.padEnd(52)} ${'status'.padEnd(10)} request max  reference p50/max  under load p50/max`,
    )
    const results = []
    const only = process.env.BENCH_ONLY?.trim()
    for (const kind of kinds(stringField(tag, '$id'), stringField(link, '$id'))) {
      if (only && !only.split('|').some((part) => kind.label.includes(part))) continue
      const result = await measureKind(server.baseUrl, cookie, kind)
      results.push(result)
      const statuses = Object.entries(result.statuses)
        .map(([status, count]) => `${count}×${status}`)
        .join(' ')
      log(
        `${result.pass ? 'PASS' : 'MISS'} ${kind.label.padEnd(47)} ${statuses.padEnd(10)} ${ms(result.requestMaxMs)} ms` +
          `   ${ms(result.reference.p50)} /${ms(result.reference.max)} ms   ${ms(result.underLoad.p50)} /${ms(result.underLoad.max)} ms`,
      )
    }
    const misses = results.filter((result) => !result.pass)
    log(
      `\n${misses.length === 0 ? 'Every kind PASSES' : `${misses.length} kind(s) MISS`}: the worst wait for ` +
        `/v1/health/version under load is ${Math.max(...results.map((result) => result.underLoad.max)).toFixed(0)} ms ` +
        `(budget ${BUDGET_MS} ms; worst with nothing running: ${Math.max(...results.map((result) => result.reference.max)).toFixed(0)} ms).`,
    )
    writeJson(RESULTS_FILE, {
      date: new Date().toISOString(),
      node: process.version,
      projects: PROJECTS,
      repeat: REPEAT,
      budgetMs: BUDGET_MS,
      results,
    })
    log(`Wrote ${path.relative(process.cwd(), RESULTS_FILE)}.`)
    if (misses.length > 0) process.exitCode = 1
  } finally {
    await server.child.stop()
    remove()
  }
}

main().catch((error: unknown) => {
  killAllChildren()
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})
