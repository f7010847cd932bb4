/**
 * What the owner's synonyms cost (decision 067, synonyms), at 100,000 demo projects: building the index
 * (what a synonym would cost if it were applied when the index is built: every instance builds again),
 * against applying them to the query's words: making the lookup of 500 synonyms, and the varied
 * three-word searches' first pages with no synonym, with 500 that none of the words meets, and with the
 * three of the issue on searches that meet them. `tsx bench/search-synonyms.ts` (BENCH_PROJECTS).
 */
import { performance } from 'node:perf_hooks'
import { foldText, queryWords } from '@pg/shared/search-text'
import { generateDemoCatalog } from '../apps/server/src/catalogue/demo/demo-catalog'
import { findPage } from '../apps/server/src/catalogue/search/page-finder'
import { createIndexBuilder } from '../apps/server/src/catalogue/search/project-index'
import {
  createQuerySynonyms,
  type SynonymSides,
} from '../apps/server/src/catalogue/search/synonyms/query-synonyms'
import { SEARCH_WORDS } from './lib/scenarios'

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 100_000)
const SEARCHES = 3_000
const catalog = generateDemoCatalog({ projects: PROJECTS })
const tagNames = new Map(catalog.tags.map((tag) => [tag.id, tag.name]))

const started = performance.now()
const builder = createIndexBuilder()
catalog.projects.forEach((project, position) =>
  builder.add({
    sequence: position + 1,
    id: project.id,
    title: project.title,
    titleFolded: foldText(project.title),
    author: project.author,
    subtitle: project.subtitle,
    tagNames: project.tag_ids.map((id) => tagNames.get(id) ?? '').join('\n'),
    createdAt: position,
  }),
)
const index = await builder.finish('bench', new Int32Array(PROJECTS))
const buildMs = performance.now() - started

const issue: SynonymSides[] = [
  { oneSide: 'ia', otherSide: 'inteligencia artificial' },
  { oneSide: 'bot', otherSide: 'chatbot' },
  { oneSide: 'pdf', otherSide: 'documentos' },
]
const many: SynonymSides[] = Array.from({ length: 500 }, (_, at) => ({
  oneSide: `sinonimo${at}`,
  otherSide: `otra palabra${at}`,
}))
const lookupStarted = performance.now()
for (let run = 0; run < 100; run++) createQuerySynonyms(many)
const lookupMs = (performance.now() - lookupStarted) / 100

/** A seeded choice of three search words, as bench:search-index makes its varied searches. */
let seed = 34
const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
const texts = (extra: readonly string[]) =>
  Array.from({ length: SEARCHES }, (_, at) =>
    [
      ...Array.from({ length: 2 }, () => SEARCH_WORDS[Math.floor(next() * SEARCH_WORDS.length)]),
      extra[at % extra.length],
    ]
      .filter(Boolean)
      .join(' '),
  )

function measure(label: string, searches: string[], synonyms: SynonymSides[] | null) {
  const query = synonyms && createQuerySynonyms(synonyms)
  const times: number[] = []
  let applied = 0
  for (const text of searches) {
    const at = performance.now()
    const words = query?.wordsOf(text) ?? queryWords(text)
    if (words.some((word) => 'alternatives' in word)) applied++
    findPage(index, {
      search: 'text',
      text,
      words,
      order: { by: 'relevance', direction: 'asc', tieBreak: 'asc' },
      cursor: null,
      offset: 0,
      limit: 20,
      withTotal: false,
    })
    times.push(performance.now() - at)
  }
  times.sort((a, b) => a - b)
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0
  console.log(
    `  ${label}: mean ${mean.toFixed(3)} ms, p50 ${p(0.5).toFixed(2)} ms, p99 ${p(0.99).toFixed(2)} ms (${applied} with a synonym applied)`,
  )
}

console.log(`projects: ${PROJECTS}`)
console.log(
  `index build (what every instance would do at each synonym change if applied at build): ${buildMs.toFixed(0)} ms`,
)
console.log(
  `lookup of 500 synonyms made (what a change costs each instance when applied to queries): ${lookupMs.toFixed(3)} ms`,
)
console.log(
  `first pages of ${SEARCHES} varied searches (each set on the index's kept hits of the one before):`,
)
const plain = texts([''])
measure('no synonyms', plain, null)
measure('500 synonyms, none met', plain, many)
const meeting = texts(['ia', 'chatbot', 'pdf', 'inteligencia artificial', 'documentos', 'bot'])
measure('the issue’s 3, searches meeting one, without them', meeting, null)
measure('the issue’s 3, searches meeting one, with them', meeting, issue)
