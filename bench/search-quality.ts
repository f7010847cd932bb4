/**
 * Search quality bench (issue 34, decision 067): queries of every kind issue 34 measured, made by a seeded
 * generator from the demo catalogue (720 projects), searched with the gallery's index and with MiniSearch
 * in the same run; prints recall@1, recall@5 and MRR per class side by side, and the false positives of
 * searches for words no project holds. `npm run bench:search-quality` (BENCH_QUERIES per class, default
 * 200; BENCH_SEED).
 */
import { generateDemoCatalog } from '../apps/server/src/catalogue/demo/demo-catalog'
import { buildDemoIndex } from '../apps/server/test/support/demo-index'
import {
  absentWordQueries,
  generateQualityQueries,
} from '../apps/server/test/support/search-quality/quality-queries'
import {
  galleryEngine,
  miniSearchEngine,
  qualityTable,
  scoreEngine,
} from '../apps/server/test/support/search-quality/quality-score'

const PER_CLASS = Number(process.env.BENCH_QUERIES ?? 200)
const SEED = Number(process.env.BENCH_SEED ?? 34)

const catalog = generateDemoCatalog()
const index = await buildDemoIndex(catalog)
const queries = generateQualityQueries(catalog, PER_CLASS, SEED)
const absent = absentWordQueries(catalog)
const gallery = scoreEngine(galleryEngine(index), queries, absent)
const miniSearch = scoreEngine(miniSearchEngine(catalog), queries, absent)
process.stdout.write(
  `${catalog.projects.length} projects, ${queries.length} queries (seed ${SEED}), ${absent.length} absent words\n\n`,
)
process.stdout.write(
  `${qualityTable([
    { name: 'gallery', score: gallery },
    { name: 'MiniSearch', score: miniSearch },
  ])}\n`,
)
