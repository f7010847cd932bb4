import { PROJECT_CARD_FIELDS } from '@pg/shared/constants'
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
export type ScenarioKey = 'firstPage' | 'category' | 'search' | 'searchVaried' | 'ids' | 'tagIds'

export interface Scenario {
  key: ScenarioKey
  label: string
  path: string
  /** When set, requests cycle through these paths instead (every request a different query). */
  paths?: string[]
}

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

const variedSearchPaths = SEARCH_WORDS.flatMap((first, a) =>
  SEARCH_WORDS.slice(a + 1).flatMap((second, b) =>
    SEARCH_WORDS.slice(a + b + 2).map((third) =>
      appPath('projects', [
        { method: 'contains', attribute: 'title', values: [first, second, third] },
        PAGE,
        SELECT,
      ]),
    ),
  ),
)

export function buildScenarios(fixtures: Fixtures): Scenario[] {
  const byCategory: Query = { method: 'equal', attribute: 'category', values: [fixtures.categoryId] }
  const byTitle: Query = { method: 'contains', attribute: 'title', values: SEARCH_TERMS }
  const byIds: Query = { method: 'equal', attribute: '$id', values: fixtures.projectIds }
  return [
    { key: 'firstPage', label: 'first page with category', path: appPath('projects', [PAGE, SELECT]) },
    {
      key: 'category',
      label: 'category filter',
      path: appPath('projects', [byCategory, PAGE, SELECT]),
    },
    { key: 'search', label: '3-term title search', path: appPath('projects', [byTitle, PAGE, SELECT]) },
    {
      key: 'searchVaried',
      label: '3-term search, varied (uncached)',
      path: variedSearchPaths[0] ?? '',
      paths: variedSearchPaths,
    },
    { key: 'ids', label: '20 ids', path: appPath('projects', [byIds, PAGE, SELECT]) },
    { key: 'tagIds', label: 'tag → ids (project_tags)', path: `${tagLinksPath(fixtures.tagId)}&total=false` },
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
