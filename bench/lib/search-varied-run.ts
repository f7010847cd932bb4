/**
 * One timing run of `bench/search-varied.ts`: builds the index of a generated catalogue with the search
 * code of the checkout at SEARCH_ROOT and times the first page of each text of SEARCH_TEXTS as the server
 * finds it (`findPage`, relevance, 20 projects, no total). A warm-up pass, then the median of three passes;
 * prints `{ microsecondsPerSearch, pages }` (the projects on all the pages, to see both builds found pages).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { z } from 'zod'
import { indexedProjects } from './indexed-projects'

const root = z.string().parse(process.env.SEARCH_ROOT)
const texts = z
  .array(z.string())
  .parse(JSON.parse(readFileSync(z.string().parse(process.env.SEARCH_TEXTS), 'utf8')))
const projectCount = Number(process.env.BENCH_PROJECTS ?? 100_000)
const load = (file: string): Promise<unknown> => import(pathToFileURL(path.join(root, file)).href)

// The other checkout's own modules, whatever their types were then: only these functions are used.
const demo = z
  .object({ generateDemoCatalog: z.function() })
  .parse(await load('apps/server/src/catalogue/demo/demo-catalog.ts'))
const text = z.object({ foldText: z.function() }).parse(await load('packages/shared/src/search-text.ts'))
const builder = z
  .object({ createIndexBuilder: z.function() })
  .parse(await load('apps/server/src/catalogue/search/project-index.ts'))
const finder = z
  .object({ findPage: z.function() })
  .parse(await load('apps/server/src/catalogue/search/page-finder.ts'))

interface Catalog {
  tags: { id: string; name: string }[]
  projects: { id: string; title: string; author: string; subtitle: string; tag_ids: string[] }[]
}
interface IndexBuilder {
  add(project: object): void
  finish(version: string, titleRank: Int32Array): Promise<unknown>
}
const catalog = (demo.generateDemoCatalog as (options: { projects: number }) => Catalog)({
  projects: projectCount,
})
const fold = text.foldText as (text: string) => string
const index = (builder.createIndexBuilder as () => IndexBuilder)()
for (const project of indexedProjects(catalog, fold)) index.add(project)
// Titles ranked by position: the order by title is not what is timed.
const built = await index.finish(
  'bench',
  Int32Array.from(catalog.projects, (_, position) => position),
)
const findPage = finder.findPage as (index: unknown, ask: object) => { page: number[] }
const order = { by: 'relevance', direction: 'asc', tieBreak: 'asc' }

const pass = () => {
  let found = 0
  const started = performance.now()
  for (const search of texts)
    found += findPage(built, {
      search: 'text',
      text: search,
      order,
      cursor: null,
      offset: 0,
      limit: 20,
      withTotal: false,
    }).page.length
  return { microseconds: ((performance.now() - started) * 1000) / texts.length, found }
}
pass()
const passes = [pass(), pass(), pass()].sort((a, b) => a.microseconds - b.microseconds)
const middle = passes[1] ?? passes[0]
process.stdout.write(
  JSON.stringify({ microsecondsPerSearch: middle?.microseconds ?? 0, pages: middle?.found ?? 0 }),
)
