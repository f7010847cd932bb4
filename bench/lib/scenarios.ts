import { PROJECT_CARD_FIELDS } from '@pg/shared/constants'
import { DEMO_CATEGORIES, TITLE_QUALIFIERS } from '../../apps/server/src/catalogue/demo/demo-vocabulary'
import { documentsPath, requireDocuments, stringField, type Query } from './gallery-api'

/** What the gallery's list page sends: the card fields plus the expanded category. */
const CARD_FIELDS = [...PROJECT_CARD_FIELDS]
const PAGE = { method: 'limit', values: [20] }
const SELECT = { method: 'select', values: CARD_FIELDS }
/**
 * The web app never shows totals (Load More follows the page length), so it lists with `total=false`
 * and the server skips counting; these scenarios send exactly that.
 */
export const appPath = (collection: string, queries: Query[]) =>
  `${documentsPath(collection, queries)}&total=false`

export const SEARCH_TERMS = ['asistente', 'datos', 'voz']

/** Words found in the generated titles; every triple is a different query, so none is served from cache. */
export const SEARCH_WORDS = [
  'asistente',
  'datos',
  'voz',
  'generador',
  'analizador',
  'clasificador',
  'traductor',
  'resumen',
  'correo',
  'ventas',
  'salud',
  'imagen',
  'video',
  'texto',
  'documentos',
  'clientes',
  'reuniones',
  'recetas',
  'facturas',
  'contratos',
  'estudiantes',
  'marketing',
  'finanzas',
  'pymes',
  'equipos',
  'soporte',
  'inventario',
  'agenda',
  'noticias',
  'legal',
  'música',
  'viajes',
  'código',
  'chat',
  'pdf',
  'whatsapp',
  'telegram',
  'fotos',
  'tareas',
  'informes',
]

export type ScenarioKey =
  | 'firstPage'
  | 'category'
  | 'search'
  | 'ids'
  | 'tagIds'
  | 'searchVaried'
  | 'searchQueryVaried'
  | 'memberCollections'

export interface Scenario {
  key: ScenarioKey
  label: string
  /** Checked once before the load; for a cached answer, also the request the bare server replays. */
  path: string
  /** When set, each request under load takes the next path: a new query every time, never cached. */
  nextPath?: () => string
}

/** Target 1 applies to these cached answers; the repeated search is measured beside them for reference. */
export const CACHED_TARGET_KEYS: readonly ScenarioKey[] = ['firstPage', 'category', 'ids', 'tagIds']
/** Target 2 (and the search runs of target 3): `contains` as the SDK sends it, and `Query.search`. */
export const VARIED_SEARCH_KEYS: readonly ScenarioKey[] = ['searchVaried', 'searchQueryVaried']

/** Real ids to query with, read from the seeded catalogue. */
export interface Fixtures {
  categoryId: string
  tagId: string
  projectIds: string[]
}

export async function discoverFixtures(baseUrl: string, cookie: string): Promise<Fixtures> {
  // Categories in catalogue order: the first is the generator's most popular one.
  const categories = await requireDocuments(
    baseUrl,
    cookie,
    documentsPath('categories', [{ method: 'limit', values: [1] }]),
  )
  const mostUsedTag = await requireDocuments(
    baseUrl,
    cookie,
    documentsPath('tags', [
      { method: 'orderDesc', attribute: 'num_apps' },
      { method: 'limit', values: [1] },
    ]),
  )
  const category = categories.documents[0]
  const tag = mostUsedTag.documents[0]
  if (!category || !tag) throw new Error('The catalogue has no categories or no tags')
  const tagId = stringField(tag, '$id')
  // The ids step of "tag → ids" asks for the projects the tag query returned.
  const links = await requireDocuments(baseUrl, cookie, tagLinksPath(tagId))
  const projectIds = [...new Set(links.documents.map((link) => stringField(link, 'project_id')))].slice(0, 20)
  if (projectIds.length < 20) throw new Error(`Tag ${tagId} has only ${projectIds.length} projects`)
  return { categoryId: stringField(category, '$id'), tagId, projectIds }
}

const tagLinksPath = (tagId: string) =>
  documentsPath('project_tags', [
    { method: 'equal', attribute: 'tag_id', values: [tagId] },
    { method: 'limit', values: [100] },
  ])

export function cachedScenarios(fixtures: Fixtures): Scenario[] {
  const byCategory: Query = { method: 'equal', attribute: 'category', values: [fixtures.categoryId] }
  const byTitle: Query = { method: 'contains', attribute: 'title', values: SEARCH_TERMS }
  const byIds: Query = { method: 'equal', attribute: '$id', values: fixtures.projectIds }
  return [
    { key: 'firstPage', label: 'first page with category', path: appPath('projects', [PAGE, SELECT]) },
    { key: 'category', label: 'category filter', path: appPath('projects', [byCategory, PAGE, SELECT]) },
    { key: 'search', label: '3-term title search', path: appPath('projects', [byTitle, PAGE, SELECT]) },
    { key: 'ids', label: '20 ids', path: appPath('projects', [byIds, PAGE, SELECT]) },
    { key: 'tagIds', label: 'tag → ids (project_tags)', path: `${tagLinksPath(fixtures.tagId)}&total=false` },
  ]
}

/**
 * A member's collections as the web app lists them on the dashboard (issue 32): their own, in their
 * order, up to the 50 a member may keep, with the total the SDK asks for by default.
 */
export function memberCollectionsScenario(memberId: string): Scenario {
  return {
    key: 'memberCollections',
    label: "a member's collections",
    path: documentsPath('collections', [
      { method: 'equal', attribute: 'ownerId', values: [memberId] },
      { method: 'orderAsc', attribute: 'position' },
      { method: 'limit', values: [50] },
    ]),
  }
}

/**
 * Words of the generated titles (SEARCH_WORDS first, then the generator's own title words): about 260,
 * so about 2.9 million triples, enough for a new query on every request of a 60 s run at any speed.
 */
const SEARCH_VOCABULARY = (() => {
  const fold = (word: string) => word.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
  const words = new Map(SEARCH_WORDS.map((word) => [fold(word), word]))
  const phrases = [
    ...DEMO_CATEGORIES.flatMap((category) => [...category.heads, ...category.objects]),
    ...TITLE_QUALIFIERS,
  ]
  for (const word of phrases.flatMap((phrase) => phrase.toLowerCase().split(/[^\p{L}\p{N}]+/u))) {
    if (word.length >= 4 && word !== 'para' && !words.has(fold(word))) words.set(fold(word), word)
  }
  return [...words.values()]
})()

const binomial = (n: number, k: number) => (k === 2 ? (n * (n - 1)) / 2 : (n * (n - 1) * (n - 2)) / 6)

/** The `rank`-th 3-word combination (combinatorial number system): every rank below C(n, 3) a different set. */
function tripleAt(rank: number): [string, string, string] {
  const largest = (k: number, below: number) => {
    let value = k - 1
    while (binomial(value + 1, k) <= below) value++
    return value
  }
  const c = largest(3, rank)
  const rest = rank - binomial(c, 3)
  const b = largest(2, rest)
  const a = rest - binomial(b, 2)
  const word = (index: number) => SEARCH_VOCABULARY[index] ?? ''
  return [word(a), word(b), word(c)]
}

/**
 * A new triple on each call, spread over the vocabulary (a step coprime with the number of triples visits
 * each once before any repeats), so consecutive requests do not share their first words.
 */
function tripleSequence(): () => [string, string, string] {
  const count = binomial(SEARCH_VOCABULARY.length, 3)
  const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y))
  let step = 1_000_003
  while (gcd(step, count) !== 1) step += 2
  let index = 0
  return () => tripleAt((index++ * step) % count)
}

/**
 * `Query.search` goes to `$text` as the gallery's search box sends it: title, author, subtitle and tag
 * names through the in-process index (decision 029).
 */
const SEARCH_ATTRIBUTE = '$text'

/**
 * The two varied searches, each with its own sequence (shared by every run of one server, so no request
 * of the 50- or 200-connection runs repeats an earlier one): `contains(title, [3 words])` as the SDK
 * sends it, and `search($text, "3 words")`.
 */
export function variedSearchScenarios(): Scenario[] {
  const varied = (key: ScenarioKey, label: string, query: (words: string[]) => Query): Scenario => {
    const next = tripleSequence()
    const build = () => appPath('projects', [query(next()), PAGE, SELECT])
    return { key, label, path: build(), nextPath: build }
  }
  return [
    varied('searchVaried', '3-term contains, varied', (words) => ({
      method: 'contains',
      attribute: 'title',
      values: words,
    })),
    varied('searchQueryVaried', '3-word Query.search, varied', (words) => ({
      method: 'search',
      attribute: SEARCH_ATTRIBUTE,
      values: [words.join(' ')],
    })),
  ]
}

export interface ScenarioCheck {
  status: number
  documents: number
  total: number
  bytes: number
}

/** One request per scenario before the load: each must answer 200, and its shape is reported. */
export async function checkScenario(
  baseUrl: string,
  cookie: string,
  scenario: Scenario,
): Promise<ScenarioCheck> {
  const list = await requireDocuments(baseUrl, cookie, scenario.path)
  return { status: list.status, documents: list.documents.length, total: list.total, bytes: list.bytes }
}
