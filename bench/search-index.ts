/**
 * Search index bench (issue 12, decision 029): how long building the index of a generated catalogue
 * takes, its longest step (what a rebuild holds the event loop for), the memory it keeps, and how long a
 * search takes on it, as the server finds a first page beside the previous way (decision 055), the two
 * interleaved. `node --expose-gc --import tsx bench/search-index.ts` (BENCH_PROJECTS, default 100,000;
 * BENCH_SEARCHES, default 3,000).
 * In memory only: the database's part of a build (reading the rows in slices) is not in these figures.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { foldText, queryWords } from '@pg/shared/search-text'
import { generateDemoCatalog } from '../apps/server/src/catalogue/demo/demo-catalog'
import { findMatches, findMatchesOfEveryWord } from '../apps/server/src/catalogue/search/find-matches'
import { createIndexBuilder, nextTurn } from '../apps/server/src/catalogue/search/project-index'
import { findPage } from '../apps/server/src/catalogue/search/page-finder'
import { rankedPage } from '../apps/server/src/catalogue/search/ranked-page'
import { indexedProjects } from './lib/indexed-projects'
import { SEARCH_WORDS } from './lib/scenarios'

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 100_000)
const SLICE = 500
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 3000)
const log = (line: string) => process.stdout.write(`${line}\n`)
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
const gc = () => (globalThis as { gc?: () => void }).gc?.()

const catalog = generateDemoCatalog({ projects: PROJECTS })
const projects = indexedProjects(catalog, foldText)
// What the database's order of titles gives the index (here JavaScript's, which is C order).
const byTitle = projects
  .map((_, position) => position)
  .sort((a, b) => {
    const [x, y] = [projects[a]?.title ?? '', projects[b]?.title ?? '']
    return x < y ? -1 : x > y ? 1 : a - b
  })

async function build() {
  const started = performance.now()
  let longestSlice = 0
  const builder = createIndexBuilder()
  for (let start = 0; start < projects.length; start += SLICE) {
    const sliceStart = performance.now()
    for (const project of projects.slice(start, start + SLICE)) builder.add(project)
    longestSlice = Math.max(longestSlice, performance.now() - sliceStart)
    // As the server does between two statements that read the catalogue.
    await nextTurn()
  }
  const titleRank = new Int32Array(projects.length)
  let rank = -1
  let previous: string | null = null
  for (const position of byTitle) {
    const title = projects[position]?.title ?? ''
    if (title !== previous) rank++
    previous = title
    titleRank[position] = rank
  }
  const finishStart = performance.now()
  const index = await builder.finish('bench', titleRank)
  const finishMs = performance.now() - finishStart
  return { index, buildMs: performance.now() - started, longestSlice, finishMs }
}

const heap = () => {
  gc()
  gc()
  // Typed arrays (the postings, the ranks) live outside the JavaScript heap.
  const { heapUsed, arrayBuffers } = process.memoryUsage()
  return heapUsed + arrayBuffers
}
const heapWithout = heap()
const loopDelay = monitorEventLoopDelay({ resolution: 5 })
loopDelay.enable()
const { index, buildMs, longestSlice, finishMs } = await build()
loopDelay.disable()
const heapWith = heap()
const rss = process.memoryUsage().rss

const words = [...SEARCH_WORDS]
const typo = (word: string) => (word.length >= 5 ? word.slice(0, 2) + word.slice(3) : word)
const texts = Array.from({ length: SEARCHES }, (_, i) => {
  const pick = (n: number) => words[(i * 7 + n * 13 + n * i) % words.length] ?? 'datos'
  const last = pick(2)
  // Every third search has a typo, every other one ends in a word still being typed.
  return [i % 3 === 0 ? typo(pick(0)) : pick(0), pick(1), i % 2 ? last.slice(0, 4) : last].join(' ')
})
const order = { by: 'relevance', direction: 'asc', tieBreak: 'asc' } as const
/** The previous way (decisions 032 and 052): every word's matches, then the groups a page can hold. */
function previousWay(text: string) {
  const words = queryWords(text)
  const page = { order, cursor: null, offset: 0, limit: 20 }
  const best = findMatchesOfEveryWord(index, words)
  if (rankedPage(index, best, page).length === page.limit)
    return { pruned: 1, matched: best.positions.length }
  const matches = findMatches(index, words, { after: null, needed: page.limit })
  rankedPage(index, matches, page)
  return { pruned: 0, matched: matches.positions.length }
}
/** As the server finds a first page by relevance without a total (page-finder.ts, decision 055). */
const serversWay = (text: string) =>
  findPage(index, { search: 'text', text, order, cursor: null, offset: 0, limit: 20, withTotal: false })

const timings: number[] = []
const previousTimings: number[] = []
let matched = 0
let pruned = 0
for (const text of texts) {
  // Interleaved, so that both ways see the same machine.
  let started = performance.now()
  const previous = previousWay(text)
  previousTimings.push(performance.now() - started)
  pruned += previous.pruned
  matched += previous.matched
  started = performance.now()
  serversWay(text)
  timings.push(performance.now() - started)
}
const summary = (all: number[]) => {
  all.sort((a, b) => a - b)
  const percentile = (p: number) => all[Math.min(all.length - 1, Math.floor(all.length * p))] ?? 0
  const mean = all.reduce((sum, ms) => sum + ms, 0) / all.length
  return `mean ${mean.toFixed(3)} ms, p50 ${percentile(0.5).toFixed(2)} ms, p99 ${percentile(0.99).toFixed(2)} ms, max ${percentile(1).toFixed(2)} ms`
}

log(`projects: ${index.size}, distinct words: ${index.vocabulary.words.length}`)
log(
  `build: ${buildMs.toFixed(0)} ms in all; longest slice of ${SLICE}: ${longestSlice.toFixed(1)} ms; finish: ${finishMs.toFixed(0)} ms`,
)
log(
  `event loop held during the build: longest ${(loopDelay.max / 1e6).toFixed(0)} ms, p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms`,
)
log(
  `index memory (heap and typed arrays; ids shared with the rows): ${mb(heapWith - heapWithout)}; process RSS with it: ${mb(rss)}`,
)
log(`search (3 words, typos and prefixes, first page by relevance), ${SEARCHES} searches:`)
log(`  as the server finds it (groups by their bits, decision 055): ${summary(timings)}`)
log(
  `  the previous way (every match, then the groups a page holds): ${summary(previousTimings)}; ${Math.round(matched / SEARCHES)} matches ranked on average; ${pruned} of ${SEARCHES} pages made of projects matching every word`,
)
