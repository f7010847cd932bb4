import type { COLLECTION_IDS } from '@pg/shared/constants'
import { QUERY_LIMITS } from '../../../src/platform/appwrite/queries'
import { generateDemoCatalog } from '../../../src/catalogue/demo/demo-catalog'
import { testConfig } from '../../support/test-app'

/** What the property tests know of the query language and the demo catalogue, independently of the server. */
export const DB = testConfig.databaseId
export const catalog = generateDemoCatalog()
export const categoryIds = catalog.categories.map((category) => category.id)
export const projectIds = catalog.projects.map((project) => project.id)

export type CollectionId = (typeof COLLECTION_IDS)[keyof typeof COLLECTION_IDS]
export type Query = Record<string, unknown>

export const TABLES: Record<CollectionId, string> = {
  projects: 'projects',
  categories: 'categories',
  tags: 'tags',
  project_tags: 'project_tags',
}

export const COMPARISONS = [
  'equal',
  'notEqual',
  'lessThan',
  'lessThanEqual',
  'greaterThan',
  'greaterThanEqual',
  'between',
  'isNull',
  'isNotNull',
  'startsWith',
  'endsWith',
  'contains',
  'search',
] as const
export type ComparisonMethod = (typeof COMPARISONS)[number]
export const QUERY_METHODS: readonly string[] = [
  ...COMPARISONS,
  'select',
  'orderAsc',
  'orderDesc',
  'cursorAfter',
  'cursorBefore',
  'limit',
  'offset',
  'or',
  'and',
]
/** How many values each comparison accepts (api-contract.md and QUERY_LIMITS.maxValues). */
export const VALUE_COUNTS: Record<ComparisonMethod, readonly [number, number]> = {
  equal: [1, QUERY_LIMITS.maxValues],
  notEqual: [1, QUERY_LIMITS.maxValues],
  contains: [1, QUERY_LIMITS.maxValues],
  lessThan: [1, 1],
  lessThanEqual: [1, 1],
  greaterThan: [1, 1],
  greaterThanEqual: [1, 1],
  startsWith: [1, 1],
  endsWith: [1, 1],
  search: [1, 1],
  between: [2, 2],
  isNull: [0, 0],
  isNotNull: [0, 0],
}

const INTERNAL_ATTRIBUTES = ['$id', '$sequence', '$createdAt', '$updatedAt']
const PROJECT_ATTRIBUTES = [
  'title',
  'subtitle',
  'youtube_url',
  'thumbnail_url',
  'problem_solved',
  'author',
  'project_links',
  'demonstration_cases',
]
export const PROJECT_FILTERABLE = [...INTERNAL_ATTRIBUTES, ...PROJECT_ATTRIBUTES, 'category']
/** Orders need an index that returns rows in that order (decision 016). */
export const PROJECT_ORDERABLE = ['$id', '$sequence', '$createdAt', 'title']
/**
 * Text matching (equal, notEqual, contains, startsWith, endsWith, search on text) needs a folded,
 * trigram-indexed column (decision 016).
 */
export const TEXT_INDEXED: Record<CollectionId, readonly string[]> = {
  projects: ['title', 'author'],
  categories: ['name'],
  tags: ['name'],
  project_tags: [],
}
const CATEGORY_ATTRIBUTES = ['name', 'description']

export const isSelectableInProjects = (name: string) => {
  if (name === '*' || PROJECT_FILTERABLE.includes(name)) return true
  const [head, nested] = name.split(/\.(.*)/s)
  if (head !== 'category' || nested === undefined) return false
  return nested === '*' || INTERNAL_ATTRIBUTES.includes(nested) || CATEGORY_ATTRIBUTES.includes(nested)
}

/** Valid queries for each collection, to mix around a bad one (never limit/offset/cursor). */
export const FILLER: Record<CollectionId, Query[]> = {
  projects: [
    { method: 'isNotNull', attribute: 'author' },
    { method: 'contains', attribute: 'title', values: ['de'] },
    { method: 'orderDesc', attribute: '$id' },
    { method: 'select', values: ['title', 'category.*'] },
    { method: 'equal', attribute: 'category', values: ['cat-voz', 'cat-datos'] },
    {
      method: 'or',
      values: [
        { method: 'isNull', attribute: 'category' },
        { method: 'search', attribute: 'title', values: ['asistente'] },
      ],
    },
  ],
  tags: [
    { method: 'orderDesc', attribute: 'num_apps' },
    { method: 'greaterThan', attribute: 'num_apps', values: [0] },
    { method: 'isNotNull', attribute: 'name' },
  ],
  categories: [
    { method: 'startsWith', attribute: 'name', values: [''] },
    { method: 'orderAsc', attribute: 'name' },
  ],
  project_tags: [
    { method: 'isNotNull', attribute: 'tag_id' },
    { method: 'orderAsc', attribute: 'project_id' },
  ],
}

/** PostgreSQL text cannot hold U+0000: the server refuses any query value that carries one. */
export const hasNul = (value: string) => value.includes('\u0000')

/** PostgreSQL `integer` columns (num_apps) hold this range; the server refuses values outside it. */
export const INT4_MIN = -(2 ** 31)
export const INT4_MAX = 2 ** 31 - 1

/** PostgreSQL timestamps hold years 1–9999 here; the server refuses dates outside, which `Date` accepts. */
export const inYearRange = (iso: string) => {
  const year = new Date(iso).getUTCFullYear()
  return year >= 1 && year <= 9999
}
