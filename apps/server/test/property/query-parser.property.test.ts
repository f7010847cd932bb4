import { sql, type SQL } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Project } from '@pg/shared/catalog'
import type { COLLECTION_IDS } from '@pg/shared/constants'
import { QUERY_LIMITS } from '../../src/appwrite/queries'
import { generateDemoCatalog } from '../../src/catalog/demo-catalog'
import { createMember } from '../support/factories'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

/**
 * Properties of `GET …/documents?queries[n]=…` against the real app (through `inject`) as a member:
 * malformed queries are 400s in Appwrite's error shape, injection-like values are matched literally,
 * valid filter/order combinations page consistently with cursors both ways, and no request changes data.
 * Known server bugs are pinned by the `it.fails` tests at the end and kept out of the random inputs.
 */
const DB = testConfig.databaseId
const catalog = generateDemoCatalog()

type CollectionId = (typeof COLLECTION_IDS)[keyof typeof COLLECTION_IDS]
type ErrorType = 'general_query_invalid' | 'general_argument_invalid' | 'general_cursor_not_found'
type Query = Record<string, unknown>

const ERROR_TYPES: readonly ErrorType[] = [
  'general_query_invalid',
  'general_argument_invalid',
  'general_cursor_not_found',
]
const TABLES: Record<CollectionId, string> = {
  projects: 'projects',
  categories: 'categories',
  tags: 'tags',
  project_tags: 'project_tags',
}

const COMPARISONS = [
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
type ComparisonMethod = (typeof COMPARISONS)[number]
const QUERY_METHODS: readonly string[] = [
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
const VALUE_COUNTS: Record<ComparisonMethod, readonly [number, number]> = {
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
const PROJECT_FILTERABLE = [...INTERNAL_ATTRIBUTES, ...PROJECT_ATTRIBUTES, 'category']
const CATEGORY_ATTRIBUTES = ['name', 'description']

const isSelectableInProjects = (name: string) => {
  if (name === '*' || PROJECT_FILTERABLE.includes(name)) return true
  const [head, nested] = name.split(/\.(.*)/s)
  if (head !== 'category' || nested === undefined) return false
  return nested === '*' || INTERNAL_ATTRIBUTES.includes(nested) || CATEGORY_ATTRIBUTES.includes(nested)
}

// ---------------------------------------------------------------------------------------------------------
// Requests and answers

let server: TestServer
let cookie = ''
let fingerprintBefore: Record<string, unknown> = {}

interface Answer {
  status: number
  body: unknown
  url: string
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `queries[0]=…&queries[1]=…` as the SDK sends them. */
function queryString(texts: readonly string[]): string {
  const params = new URLSearchParams()
  texts.forEach((text, index) => params.append(`queries[${index}]`, text))
  return params.toString()
}

async function listRaw(collection: CollectionId, search: string): Promise<Answer> {
  const url = `/v1/databases/${DB}/collections/${collection}/documents${search === '' ? '' : `?${search}`}`
  const response = await server.app.inject({ method: 'GET', url, headers: { cookie } })
  let body: unknown = response.body
  try {
    body = JSON.parse(response.body)
  } catch {
    // Left as text: the assertions below report it.
  }
  return { status: response.statusCode, body, url }
}

const listTexts = (collection: CollectionId, texts: readonly string[]) =>
  listRaw(collection, queryString(texts))
const list = (collection: CollectionId, queries: readonly Query[]) =>
  listTexts(
    collection,
    queries.map((query) => JSON.stringify(query)),
  )

const describeAnswer = (answer: Answer) => {
  let url = answer.url
  try {
    url = decodeURIComponent(answer.url)
  } catch {
    // Keep the encoded form.
  }
  return `GET ${url.slice(0, 600)} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 400)}`
}

function expectBadRequest(answer: Answer, type?: ErrorType): void {
  const context = describeAnswer(answer)
  expect(answer.status, context).toBe(400)
  if (!isRecord(answer.body)) throw new Error(`Error body is not a JSON object: ${context}`)
  const { message, code, version } = answer.body
  expect(typeof message === 'string' && message.trim().length > 0, context).toBe(true)
  expect(code, context).toBe(answer.status)
  expect(ERROR_TYPES, context).toContain(answer.body.type)
  if (type) expect(answer.body.type, context).toBe(type)
  expect(typeof version === 'string' && version.length > 0, context).toBe(true)
}

interface DocumentList {
  total: number
  documents: Record<string, unknown>[]
}

function expectDocumentList(answer: Answer, collection: CollectionId): DocumentList {
  const context = describeAnswer(answer)
  expect(answer.status, context).toBe(200)
  const body = answer.body
  if (!isRecord(body) || typeof body.total !== 'number' || !Array.isArray(body.documents)) {
    throw new Error(`Not a document list: ${context}`)
  }
  expect(Number.isInteger(body.total) && body.total >= 0, context).toBe(true)
  const documents: Record<string, unknown>[] = []
  for (const document of body.documents) {
    if (!isRecord(document)) throw new Error(`Not a document: ${context}`)
    expect(typeof document.$id === 'string' && document.$id !== '', context).toBe(true)
    expect(typeof document.$sequence === 'string' && /^\d+$/.test(document.$sequence), context).toBe(true)
    expect(document.$collectionId, context).toBe(collection)
    expect(document.$databaseId, context).toBe(DB)
    expect(document.$permissions, context).toEqual([])
    documents.push(document)
  }
  expect(documents.length, context).toBeLessThanOrEqual(QUERY_LIMITS.maxLimit)
  return { total: body.total, documents }
}

/** The only acceptable outcomes for a request built from arbitrary values: a list or an Appwrite 400. */
function expectListOrBadRequest(answer: Answer, collection: CollectionId): DocumentList | null {
  if (answer.status === 200) return expectDocumentList(answer, collection)
  expectBadRequest(answer)
  return null
}

const idsOf = (documents: Record<string, unknown>[]) => documents.map((document) => String(document.$id))

// ---------------------------------------------------------------------------------------------------------
// Fixture

async function fingerprint(): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = {}
  for (const table of Object.values(TABLES)) {
    result[table] = await server.database.rows(sql`
      SELECT count(*)::int AS n, coalesce(md5(string_agg(t::text, ',' ORDER BY t.id)), '') AS h
      FROM ${sql.identifier(table)} t`)
  }
  // Sign-in legitimately touches accessed_at; everything a query could change is compared.
  result.users = await server.database.rows(sql`
    SELECT count(*)::int AS n,
      coalesce(md5(string_agg(concat_ws('|', id, email, name, password_hash, enabled::text, prefs::text),
        ',' ORDER BY id)), '') AS h
    FROM users`)
  return result
}

beforeAll(async () => {
  server = await startTestServer()
  const member = await createMember(server.database)
  const response = await server.app.inject({
    method: 'POST',
    url: '/v1/account/sessions/email',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email: member.email, password: member.password }),
  })
  expect(response.statusCode).toBe(201)
  const setCookie = response.headers['set-cookie']
  const cookies = Array.isArray(setCookie) ? setCookie : [setCookie ?? '']
  const session = cookies.find((value) => value.startsWith(`a_session_${testConfig.projectId}=`))
  if (!session) throw new Error('No session cookie was set')
  cookie = session.split(';')[0] ?? ''
  fingerprintBefore = await fingerprint()
})
afterAll(() => server.close())

// ---------------------------------------------------------------------------------------------------------
// Known server bugs, kept out of the random inputs so the properties stay meaningful (see the `it.fails`
// tests at the end of this file).

interface FoldingHazards {
  /**
   * Folding changes the `search` regex after escaping: an escaped symbol folds into several characters
   * (`\©` → `\(c)`), a combining mark folds to nothing (`\` + the next character), or a letter folds
   * into a symbol (`ˆ` → `^`).
   */
  regex: boolean
  /** Folding produces a LIKE wildcard or escape character (`％` → `%`) after escaping. */
  like: boolean
}

async function foldingHazards(value: string): Promise<FoldingHazards> {
  const rows = await server.database.rows(
    sql`SELECT c, search_text(c) AS f FROM regexp_split_to_table(${value}, '') AS c`,
  )
  let regex = false
  let like = false
  for (const row of rows) {
    const original = String(row.c)
    const folded = String(row.f ?? '')
    const escaped = !/^[\p{L}\p{N}\s]$/u.test(original)
    if (escaped ? [...folded].length !== 1 : /[^\p{L}\p{N}\s]/u.test(folded)) regex = true
    if (/[%_\\]/.test(folded) && !/[%_\\]/.test(original)) like = true
  }
  return { regex, like }
}

/** `Date.parse` accepts it but the year falls outside 1–9999, which PostgreSQL rejects (a 500 today). */
function isOutOfRangeDate(value: string): boolean {
  const time = Date.parse(value)
  if (Number.isNaN(time)) return false
  const year = new Date(time).getUTCFullYear()
  return year < 1 || year > 9999
}

// ---------------------------------------------------------------------------------------------------------
// Arbitraries: malformed requests

interface BadRequest {
  collection: CollectionId
  search: string
  type: ErrorType
}
interface BadQuery {
  collection: CollectionId
  text: string
  type: ErrorType
}

const badText = (
  text: string,
  collection: CollectionId = 'projects',
  type: ErrorType = 'general_query_invalid',
): BadQuery => ({
  collection,
  text,
  // The `queries` parameter is checked (non-empty, at most 4096 characters) before any query is parsed.
  type: text === '' || text.length > QUERY_LIMITS.maxQueryLength ? 'general_argument_invalid' : type,
})
const badQuery = (query: unknown, collection: CollectionId = 'projects', type?: ErrorType): BadQuery =>
  badText(JSON.stringify(query), collection, type)

const parsesToObject = (text: string) => {
  try {
    return isRecord(JSON.parse(text))
  } catch {
    return false
  }
}

const json = fc.jsonValue({ maxDepth: 2 })
const nonStringJson = json.filter((value) => typeof value !== 'string')
const nonScalarJson = fc.oneof(
  fc.constant(null),
  fc.array(json, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), json, { maxKeys: 3 }),
)
const comparisonMethod = fc.constantFrom(...COMPARISONS)
const anyMethod = fc.constantFrom(...QUERY_METHODS)
const categoryIds = catalog.categories.map((category) => category.id)
const projectIds = catalog.projects.map((project) => project.id)
const leaf = fc.oneof(
  fc.constant<Query>({ method: 'isNotNull', attribute: 'author' }),
  fc
    .constantFrom(...categoryIds)
    .map((id): Query => ({ method: 'equal', attribute: 'category', values: [id] })),
  fc.constant<Query>({ method: 'contains', attribute: 'title', values: ['de'] }),
)
const strings = (count: number) => Array.from({ length: count }, (_, index) => `v${index}`)

/** Valid queries for each collection, mixed around the bad one (never limit/offset/cursor). */
const FILLER: Record<CollectionId, Query[]> = {
  projects: [
    { method: 'isNotNull', attribute: 'author' },
    { method: 'contains', attribute: 'title', values: ['de'] },
    { method: 'orderDesc', attribute: 'title' },
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
const validQueryText = fc.constantFrom(...Object.values(FILLER).flat()).map((query) => JSON.stringify(query))

const notJsonObject = fc
  .oneof(
    fc.string({ unit: 'grapheme', maxLength: 60 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.constantFrom(
      '{',
      '}',
      '[]',
      '{}',
      'null',
      'true',
      '1',
      '"limit"',
      'limit(5)',
      'equal("title", ["x"])',
    ),
  )
  .filter((text) => !parsesToObject(text))
  .map((text) => badText(text))

const brokenJson = fc
  .oneof(
    validQueryText.chain((text) =>
      fc.integer({ min: 0, max: text.length - 1 }).map((cut) => text.slice(0, cut)),
    ),
    validQueryText.map((text) => text.replaceAll('"', "'")),
    validQueryText.map((text) => `${text.slice(0, -1)},}`),
    validQueryText.map((text) => text.replace(/"(\w+)":/g, '$1:')),
    validQueryText.map((text) => `${text}${text}`),
  )
  .map((text) => badText(text))

const wrongShape = json.filter((value) => !isRecord(value)).map((value) => badQuery(value))

const withoutMethod = fc
  .dictionary(
    fc.string({ maxLength: 10 }).filter((key) => key !== 'method'),
    json,
    { maxKeys: 4 },
  )
  .map((value) => badQuery(value))

const methodNotString = fc
  .oneof(nonStringJson, fc.constant(''))
  .map((method) => badQuery({ method, attribute: 'title', values: ['x'] }))

const unknownMethod = fc
  .oneof(
    fc.string({ maxLength: 80 }),
    fc.constantFrom(
      'Equal',
      'EQUAL',
      'orderasc',
      'OrderAsc',
      'cursor',
      'in',
      'like',
      'regex',
      'notContains',
      'notSearch',
      'notBetween',
      'notStartsWith',
      'createdAfter',
      'equal ',
      ' limit',
      'limit\u0000',
      '__proto__',
      'constructor',
    ),
  )
  .filter((method) => method !== '' && !QUERY_METHODS.includes(method))
  .map((method) => badQuery({ method, attribute: 'title', values: ['x'] }))

const attributeWrongType = fc
  .tuple(
    anyMethod,
    fc.oneof(
      nonStringJson.filter((value) => value !== null),
      fc.string({ minLength: 129, maxLength: 200 }),
    ),
  )
  .map(([method, attribute]) => badQuery({ method, attribute, values: ['x'] }))

const valuesNotArray = fc
  .tuple(
    anyMethod,
    json.filter((value) => value !== null && !Array.isArray(value)),
  )
  .map(([method, values]) => badQuery({ method, attribute: 'title', values }))

const valuesWithBadItem = fc.oneof(
  fc.tuple(comparisonMethod, nonScalarJson, fc.nat()).map(([method, bad, position]) => {
    const [min, max] = VALUE_COUNTS[method]
    const values: unknown[] = strings(Math.max(1, Math.min(max, min + (position % 3))))
    values[position % values.length] = bad
    return badQuery({ method, attribute: 'title', values })
  }),
  fc
    .tuple(
      fc.constantFrom('limit', 'offset', 'cursorAfter', 'cursorBefore', 'select', 'or', 'and'),
      nonScalarJson,
    )
    .map(([method, bad]) =>
      badQuery({ method, values: method === 'or' || method === 'and' ? [bad, bad] : [bad] }),
    ),
  fc
    .constantFrom(
      '{"method":"equal","attribute":"title","values":[1e400]}',
      '{"method":"lessThan","attribute":"$sequence","values":[-1e400]}',
      '{"method":"limit","values":[1e400]}',
      '{"method":"equal","attribute":"title","values":["a",{"$ne":1}]}',
    )
    .map((text) => badText(text)),
)

const wrongCount = fc.oneof(
  comparisonMethod.chain((method) => {
    const [min, max] = VALUE_COUNTS[method]
    const counts = [0, 1, 2, 3, 4, QUERY_LIMITS.maxValues + 1].filter((count) => count < min || count > max)
    return fc
      .constantFrom(...counts)
      .map((count) => badQuery({ method, attribute: 'title', values: strings(count) }))
  }),
  fc
    .tuple(fc.constantFrom('limit', 'offset'), fc.constantFrom(0, 2, 3))
    .map(([method, count]) => badQuery({ method, values: Array.from({ length: count }, () => 1) })),
  fc
    .tuple(fc.constantFrom('cursorAfter', 'cursorBefore'), fc.constantFrom(0, 2))
    .map(([method, count]) => badQuery({ method, values: projectIds.slice(0, count) })),
  fc
    .constantFrom(0, QUERY_LIMITS.maxValues + 1)
    .map((count) => badQuery({ method: 'select', values: Array.from({ length: count }, () => 'title') })),
)

const nonInteger = fc.oneof(
  fc
    .double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })
    .filter((n) => !Number.isInteger(n)),
  fc.string({ maxLength: 4 }),
  fc.boolean(),
)
const limitOrOffsetOutOfRange = fc.oneof(
  fc
    .oneof(
      fc.integer({ min: -1_000_000, max: 0 }),
      fc.integer({ min: QUERY_LIMITS.maxLimit + 1 }),
      nonInteger,
    )
    .map((value) => badQuery({ method: 'limit', values: [value] })),
  fc
    .oneof(
      fc.integer({ min: -1_000_000, max: -1 }),
      fc.integer({ min: QUERY_LIMITS.maxOffset + 1 }),
      fc.constant(1e21),
      nonInteger,
    )
    .map((value) => badQuery({ method: 'offset', values: [value] })),
)

const nest = (depth: number, method: 'or' | 'and'): Query =>
  depth === 0
    ? { method: 'isNotNull', attribute: 'author' }
    : { method, values: [nest(depth - 1, method), { method: 'isNotNull', attribute: 'title' }] }
const badNesting = fc.oneof(
  fc
    .tuple(fc.constantFrom<'or' | 'and'>('or', 'and'), fc.array(leaf, { maxLength: 1 }))
    .map(([method, values]) => badQuery({ method, values })),
  fc
    .tuple(fc.constantFrom<'or' | 'and'>('or', 'and'), fc.integer({ min: QUERY_LIMITS.maxDepth + 1, max: 6 }))
    .map(([method, depth]) => badQuery(nest(depth, method))),
  fc
    .tuple(
      fc.constantFrom<'or' | 'and'>('or', 'and'),
      leaf,
      fc.constantFrom<Query>(
        { method: 'limit', values: [1] },
        { method: 'offset', values: [1] },
        { method: 'select', values: ['title'] },
        { method: 'orderAsc', attribute: 'title' },
        { method: 'cursorAfter', values: ['demo-0001'] },
        { method: 'unknown', attribute: 'title', values: ['x'] },
      ),
    )
    .map(([method, good, bad]) => badQuery({ method, values: [good, bad] })),
  fc.constantFrom<'or' | 'and'>('or', 'and').map((method) =>
    badQuery({
      method,
      values: Array.from({ length: QUERY_LIMITS.maxValues + 1 }, () => ({
        method: 'isNull',
        attribute: 'author',
      })),
    }),
  ),
)

const unknownSelectName = fc
  .oneof(
    fc.string({ maxLength: 20 }),
    fc.constantFrom(
      'category.unknown',
      'categories.*',
      'Title',
      'title ',
      'category.name.x',
      'category.',
      '.',
      '**',
      'tags',
    ),
  )
  .filter((name) => !isSelectableInProjects(name))
const selectUnknown = fc
  .tuple(fc.subarray(['title', 'category.*', '$id', '*']), unknownSelectName, fc.nat())
  .map(([known, unknown, position]) => {
    const values = [...known]
    values.splice(position % (values.length + 1), 0, unknown)
    return badQuery({ method: 'select', values })
  })

const unknownAttributeName = fc
  .oneof(
    fc.string({ minLength: 1, maxLength: 30 }),
    fc.constantFrom(
      'Title',
      'category.name',
      'category_id',
      'sequence',
      'id',
      '$collectionId',
      '$permissions',
      'num_apps',
      'tag_id',
    ),
  )
  .filter((name) => !PROJECT_FILTERABLE.includes(name))
const unknownAttribute = fc.oneof(
  fc
    .tuple(comparisonMethod, unknownAttributeName)
    .map(([method, attribute]) => badQuery({ method, attribute, values: strings(VALUE_COUNTS[method][0]) })),
  fc
    .tuple(fc.constantFrom('orderAsc', 'orderDesc'), unknownAttributeName)
    .map(([method, attribute]) => badQuery({ method, attribute })),
  fc
    .tuple(fc.constantFrom<'or' | 'and'>('or', 'and'), leaf, unknownAttributeName)
    .map(([method, good, attribute]) =>
      badQuery({ method, values: [good, { method: 'equal', attribute, values: ['x'] }] }),
    ),
)

const valueMethods = COMPARISONS.filter((method) => VALUE_COUNTS[method][0] > 0)
const valuesOf = (method: ComparisonMethod, value: unknown) =>
  Array.from({ length: VALUE_COUNTS[method][0] }, () => value)
const wrongValueType = fc.oneof(
  // Integer attribute: strings, booleans and fractions are rejected (out-of-range integers are a known bug).
  fc
    .tuple(
      fc.constantFrom(
        ...valueMethods.filter((m) => !['contains', 'startsWith', 'endsWith', 'search'].includes(m)),
      ),
      nonInteger,
    )
    .map(([method, value]) =>
      badQuery({ method, attribute: 'num_apps', values: valuesOf(method, value) }, 'tags'),
    ),
  // Text-only methods on attributes that are not text.
  fc
    .tuple(
      fc.constantFrom('contains', 'startsWith', 'endsWith', 'search'),
      fc.constantFrom<[CollectionId, string, unknown]>(
        ['tags', 'num_apps', 3],
        ['projects', '$id', 'demo-0001'],
        ['projects', 'category', 'cat-voz'],
        ['projects', '$createdAt', '2024-01-01'],
        ['projects', '$sequence', '1'],
        ['project_tags', 'tag_id', 'tag-openai'],
      ),
    )
    .map(([method, [collection, attribute, value]]) =>
      badQuery({ method, attribute, values: [value] }, collection),
    ),
  // `search` needs a fulltext index.
  fc
    .constantFrom<[CollectionId, string]>(
      ['projects', 'subtitle'],
      ['projects', 'problem_solved'],
      ['categories', 'name'],
      ['tags', 'description'],
    )
    .map(([collection, attribute]) =>
      badQuery({ method: 'search', attribute, values: ['asistente'] }, collection),
    ),
  // Text, id, sequence and date attributes with values of the wrong type.
  fc
    .tuple(
      fc.constantFrom('equal', 'notEqual', 'lessThan', 'greaterThanEqual'),
      fc.constantFrom<[string, unknown]>(
        ['title', 5],
        ['title', true],
        ['author', 0],
        ['$id', 1],
        ['category', false],
        ['$sequence', 'abc'],
        ['$sequence', -1],
        ['$sequence', 1.5],
        ['$sequence', true],
        ['$sequence', '1e3'],
        ['$sequence', '9999999999999999'],
        ['$createdAt', 'yesterday'],
        ['$createdAt', '2024-13-45'],
        ['$createdAt', ''],
        ['$createdAt', 20240101],
        ['$createdAt', 'x'.repeat(41)],
      ),
    )
    .map(([method, [attribute, value]]) => badQuery({ method, attribute, values: [value] })),
)

const missingDocumentId = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 30 })
  .filter((id) => !id.includes('\u0000'))
  .map((id) => `missing-${id}`)
const unknownCursor = fc
  .tuple(
    fc.constantFrom('cursorAfter', 'cursorBefore'),
    fc.constantFrom<CollectionId>('projects', 'categories', 'tags', 'project_tags'),
    missingDocumentId,
  )
  .map(([method, collection, id]) =>
    badQuery({ method, values: [id] }, collection, 'general_cursor_not_found'),
  )

const singleBadQuery: fc.Arbitrary<BadQuery> = fc.oneof(
  notJsonObject,
  brokenJson,
  wrongShape,
  withoutMethod,
  methodNotString,
  unknownMethod,
  attributeWrongType,
  valuesNotArray,
  valuesWithBadItem,
  wrongCount,
  limitOrOffsetOutOfRange,
  badNesting,
  selectUnknown,
  unknownAttribute,
  wrongValueType,
  unknownCursor,
)

/** One bad query among valid ones: a single bad query spoils the whole request. */
const badQueryAmongValid: fc.Arbitrary<BadRequest> = singleBadQuery.chain((bad) =>
  fc
    .tuple(
      fc.subarray(FILLER[bad.collection], { maxLength: Math.min(3, FILLER[bad.collection].length) }),
      fc.nat(),
    )
    .map(([filler, position]) => {
      const texts = filler.map((query) => JSON.stringify(query))
      texts.splice(position % (texts.length + 1), 0, bad.text)
      return { collection: bad.collection, search: queryString(texts), type: bad.type }
    }),
)

/** Requests that break the rules about the `queries` parameter itself. */
const projectsRequest = (search: string, type: ErrorType): BadRequest => ({
  collection: 'projects',
  search,
  type,
})
const containsText = (value: string) =>
  JSON.stringify({ method: 'contains', attribute: 'title', values: [value] })
const badQueriesParam: fc.Arbitrary<BadRequest> = fc.oneof(
  // Duplicated single-use queries and too many orders.
  fc
    .constantFrom<Query[]>(
      [
        { method: 'limit', values: [5] },
        { method: 'limit', values: [5] },
      ],
      [
        { method: 'offset', values: [0] },
        { method: 'offset', values: [1] },
      ],
      [
        { method: 'cursorAfter', values: ['demo-0001'] },
        { method: 'cursorBefore', values: ['demo-0002'] },
      ],
      Array.from({ length: 11 }, (): Query => ({ method: 'orderAsc', attribute: 'title' })),
    )
    .map((queries) =>
      projectsRequest(queryString(queries.map((query) => JSON.stringify(query))), 'general_query_invalid'),
    ),
  // A query of 4097 to 6000 characters.
  fc
    .integer({ min: QUERY_LIMITS.maxQueryLength + 1, max: 6000 })
    .map((length) =>
      projectsRequest(
        queryString([containsText('a'.repeat(length - containsText('').length))]),
        'general_argument_invalid',
      ),
    ),
  // More than 100 queries.
  fc
    .integer({ min: QUERY_LIMITS.maxQueries + 1, max: 250 })
    .map((count) =>
      projectsRequest(
        queryString(
          Array.from({ length: count }, () => JSON.stringify({ method: 'isNotNull', attribute: 'title' })),
        ),
        'general_argument_invalid',
      ),
    ),
  // `queries` that is not an array of non-empty strings.
  fc
    .oneof(
      fc
        .tuple(fc.stringMatching(/^[a-z][a-z_]{0,9}$/), fc.string({ maxLength: 10 }))
        .filter(([key]) => !(key in {}))
        .map(([key, value]) => `queries[${key}]=${encodeURIComponent(value)}`),
      fc.constantFrom(
        'queries[0][method]=limit',
        'queries[]=',
        'queries=',
        'queries[0]=&queries[1]=x',
        'queries[300]=x',
      ),
    )
    .map((search) => projectsRequest(search, 'general_argument_invalid')),
)

// ---------------------------------------------------------------------------------------------------------
// Arbitraries: injection-like values used as valid query values

const SQL_FRAGMENTS = [
  "'; DROP TABLE projects; --",
  "' OR '1'='1",
  '" OR ""="',
  "'); DELETE FROM users; --",
  '1; SELECT pg_sleep(1)',
  "' UNION SELECT password_hash FROM users --",
  '%',
  '_',
  '\\',
  '\\%',
  '\\_',
  '%_%',
  '%%',
  "'",
  "''",
  '"',
  '`',
  ';',
  '--',
  '/*',
  '*/',
  '$1',
  '$$',
  '::text',
  '\\m',
  '\\y',
  '.*',
  '(',
  ')',
  '[a-z]',
  '^',
  '$',
  '|',
  '+',
  '?',
  '{1,2}',
  'ñandú',
  'Ação',
  'İstanbul',
  'ǅ',
  'ß',
  '🚀',
  '日本語',
  '\u200b',
  'a\u0301',
  ' ',
  '\t',
  '\n',
  'GPT-4',
  'de',
]
const injectionValue = fc
  .oneof(
    { weight: 3, arbitrary: fc.constantFrom(...SQL_FRAGMENTS) },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.constantFrom(...SQL_FRAGMENTS), { minLength: 1, maxLength: 4 })
        .map((parts) => parts.join('')),
    },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
    {
      weight: 1,
      arbitrary: fc.string({
        unit: fc.constantFrom('%', '_', '\\', "'", '"', 'a', 'é', ' ', '*', '(', '[', '.', '^', '$'),
        maxLength: 8,
      }),
    },
  )
  .filter((value) => !value.includes('\u0000'))

const folded = (value: string) => sql`search_text(${value})`
const col = (name: string) => sql.identifier(name)

/** A valid query holding an arbitrary value, with an SQL oracle for the literal meaning when there is one. */
interface Probe {
  collection: CollectionId
  queries: Query[]
  values: string[]
  kind: 'like' | 'regex' | 'date' | 'plain'
  /** The WHERE condition that counts exactly the matching rows when matching is literal. */
  expected?: SQL
  /** When set, the request is valid iff this holds. */
  valid?: boolean
}

const textProbe = fc
  .tuple(
    fc.constantFrom<[CollectionId, string]>(
      ['projects', 'title'],
      ['projects', 'author'],
      ['projects', 'subtitle'],
      ['categories', 'description'],
      ['tags', 'name'],
    ),
    fc.constantFrom('contains', 'startsWith', 'endsWith', 'equal', 'notEqual'),
    injectionValue,
  )
  .map(([[collection, attribute], method, value]): Probe => {
    const subject = sql`search_text(${col(attribute)})`
    const needle = folded(value)
    const expected = {
      contains: sql`strpos(${subject}, ${needle}) > 0`,
      startsWith: sql`left(${subject}, char_length(${needle})) = ${needle}`,
      endsWith: sql`right(${subject}, char_length(${needle})) = ${needle}`,
      equal: sql`${subject} = ${needle}`,
      notEqual: sql`${subject} <> ${needle}`,
    }[method]
    return {
      collection,
      queries: [{ method, attribute, values: [value] }],
      values: [value],
      kind: method === 'equal' || method === 'notEqual' ? 'plain' : 'like',
      expected,
    }
  })

const twoValueContains = fc.tuple(injectionValue, injectionValue).map(([first, second]): Probe => ({
  collection: 'projects',
  queries: [{ method: 'contains', attribute: 'title', values: [first, second] }],
  values: [first, second],
  kind: 'like',
  expected: sql`(strpos(search_text(title), ${folded(first)}) > 0 OR strpos(search_text(title), ${folded(second)}) > 0)`,
}))

const idProbe = fc.tuple(fc.constantFrom(...projectIds), injectionValue).map(([id, value]): Probe => ({
  collection: 'projects',
  queries: [{ method: 'equal', attribute: '$id', values: [id, value] }],
  values: [value],
  kind: 'plain',
  expected: sql`id IN (${id}, ${value})`,
}))

const categoryProbe = injectionValue.map((value): Probe => ({
  collection: 'projects',
  queries: [{ method: 'equal', attribute: 'category', values: [value] }],
  values: [value],
  kind: 'plain',
  expected: sql`category_id = ${value}`,
}))

const searchProbe = fc
  .tuple(fc.constantFrom('title', 'author'), injectionValue)
  .map(([attribute, value]): Probe => ({
    collection: 'projects',
    queries: [{ method: 'search', attribute, values: [value] }],
    values: [value],
    kind: 'regex',
  }))

const orderProbe = fc
  .tuple(
    fc.constantFrom('orderAsc', 'orderDesc'),
    fc.oneof(injectionValue, fc.constantFrom(...PROJECT_FILTERABLE)),
  )
  .map(([method, attribute]): Probe => ({
    collection: 'projects',
    queries: [
      { method, attribute },
      { method: 'limit', values: [3] },
    ],
    values: [attribute],
    kind: 'plain',
    valid: attribute === '' || PROJECT_FILTERABLE.includes(attribute),
  }))

const selectProbe = fc
  .oneof(injectionValue, fc.constantFrom('title', 'category.*', 'category.name'))
  .map((name): Probe => ({
    collection: 'projects',
    queries: [
      { method: 'select', values: [name] },
      { method: 'limit', values: [2] },
    ],
    values: [name],
    kind: 'plain',
    valid: name !== '' && isSelectableInProjects(name),
  }))

const cursorProbe = injectionValue.map((id): Probe => ({
  collection: 'projects',
  queries: [{ method: 'cursorAfter', values: [id] }],
  values: [id],
  kind: 'plain',
  valid: projectIds.includes(id),
}))

const comparisonProbe = fc
  .tuple(
    fc.constantFrom('lessThan', 'greaterThanEqual', 'between'),
    fc.constantFrom('title', '$createdAt', '$updatedAt', '$sequence', '$id', 'category'),
    injectionValue,
    injectionValue,
  )
  .map(([method, attribute, first, second]): Probe => {
    const values = method === 'between' ? [first, second] : [first]
    return {
      collection: 'projects',
      queries: [{ method, attribute, values }],
      values,
      kind: attribute === '$createdAt' || attribute === '$updatedAt' ? 'date' : 'plain',
    }
  })

const injectionProbe: fc.Arbitrary<Probe> = fc.oneof(
  { weight: 4, arbitrary: textProbe },
  { weight: 1, arbitrary: twoValueContains },
  { weight: 1, arbitrary: idProbe },
  { weight: 1, arbitrary: categoryProbe },
  { weight: 2, arbitrary: searchProbe },
  { weight: 1, arbitrary: orderProbe },
  { weight: 1, arbitrary: selectProbe },
  { weight: 1, arbitrary: cursorProbe },
  { weight: 1, arbitrary: comparisonProbe },
)

async function hitsKnownBug(probe: Probe): Promise<boolean> {
  if (process.env.PROBE_ALL !== '0') return false
  if (probe.kind === 'date') return probe.values.some(isOutOfRangeDate)
  if (probe.kind === 'plain') return false
  for (const value of probe.values) {
    const hazards = await foldingHazards(value)
    if (probe.kind === 'like' ? hazards.like : hazards.regex) return true
  }
  return false
}

// ---------------------------------------------------------------------------------------------------------
// Arbitraries: valid combinations over the demo catalogue

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
const titleWords = [
  ...new Set(
    catalog.projects.flatMap((project) => project.title.split(/\s+/)).filter((word) => word.length >= 3),
  ),
]
const authors = [...new Set(catalog.projects.flatMap((project) => (project.author ? [project.author] : [])))]

interface CatalogFilter {
  query: Query
  matches: (project: Project, sequence: number) => boolean
}

const titleContains = fc
  .uniqueArray(
    fc
      .tuple(fc.constantFrom(...titleWords), fc.boolean())
      .map(([word, upper]) => (upper ? word.toUpperCase() : word)),
    { minLength: 1, maxLength: 2 },
  )
  .map((words): CatalogFilter => ({
    query: { method: 'contains', attribute: 'title', values: words },
    matches: (project) => words.some((word) => fold(project.title).includes(fold(word))),
  }))
const titleStartsWith = fc
  .tuple(fc.constantFrom(...catalog.projects.map((project) => project.title)), fc.integer({ min: 1, max: 8 }))
  .map(([title, length]): CatalogFilter => {
    const prefix = title.slice(0, length)
    return {
      query: { method: 'startsWith', attribute: 'title', values: [prefix] },
      matches: (project) => fold(project.title).startsWith(fold(prefix)),
    }
  })
const categoryEqual = fc.subarray(categoryIds, { minLength: 1, maxLength: 2 }).map((ids): CatalogFilter => ({
  query: { method: 'equal', attribute: 'category', values: ids },
  matches: (project) => project.category_id !== null && ids.includes(project.category_id),
}))
const idEqual = fc
  .uniqueArray(fc.constantFrom(...projectIds), { minLength: 1, maxLength: 60 })
  .map((ids): CatalogFilter => ({
    query: { method: 'equal', attribute: '$id', values: ids },
    matches: (project) => ids.includes(project.id),
  }))
const authorEqual = fc.constantFrom(...authors).map((author): CatalogFilter => ({
  query: { method: 'equal', attribute: 'author', values: [author] },
  matches: (project) => project.author !== null && fold(project.author) === fold(author),
}))
const nullChecks = fc.constantFrom<CatalogFilter>(
  { query: { method: 'isNotNull', attribute: 'author' }, matches: (project) => project.author !== null },
  { query: { method: 'isNull', attribute: 'category' }, matches: (project) => project.category_id === null },
  {
    query: { method: 'isNotNull', attribute: 'category' },
    matches: (project) => project.category_id !== null,
  },
)
const sequenceBetween = fc
  .tuple(fc.integer({ min: 1, max: projectIds.length }), fc.integer({ min: 0, max: 150 }))
  .map(([from, span]): CatalogFilter => ({
    query: { method: 'between', attribute: '$sequence', values: [from, from + span] },
    matches: (_project, sequence) => sequence >= from && sequence <= from + span,
  }))
const simpleFilter = fc.oneof(
  titleContains,
  titleStartsWith,
  categoryEqual,
  idEqual,
  authorEqual,
  nullChecks,
  sequenceBetween,
)
const orFilter = fc.tuple(simpleFilter, simpleFilter).map(([first, second]): CatalogFilter => ({
  query: { method: 'or', values: [first.query, second.query] },
  matches: (project, sequence) => first.matches(project, sequence) || second.matches(project, sequence),
}))

const ORDER_ATTRIBUTES = ['title', '$createdAt', '$sequence', 'author', 'category'] as const
interface OrderSpec {
  attribute: (typeof ORDER_ATTRIBUTES)[number]
  direction: 'asc' | 'desc'
}
const validCombination = fc.record({
  filters: fc.array(fc.oneof({ weight: 4, arbitrary: simpleFilter }, { weight: 1, arbitrary: orFilter }), {
    maxLength: 3,
  }),
  orders: fc.array(
    fc.record({
      attribute: fc.constantFrom(...ORDER_ATTRIBUTES),
      direction: fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
    }),
    { maxLength: 3 },
  ),
  limit: fc.integer({ min: 1, max: QUERY_LIMITS.maxLimit }),
})

const orderQuery = (order: OrderSpec): Query => ({
  method: order.direction === 'asc' ? 'orderAsc' : 'orderDesc',
  attribute: order.attribute,
})

/** Checks what JavaScript can check of the order without knowing the database's text collation. */
function expectOrdered(documents: Record<string, unknown>[], orders: OrderSpec[]): void {
  for (let index = 1; index < documents.length; index++) {
    const before = documents[index - 1] ?? {}
    const after = documents[index] ?? {}
    const context = `${String(before.$id)} before ${String(after.$id)} with ${JSON.stringify(orders)}`
    const differing = orders.find((order) => before[order.attribute] !== after[order.attribute])
    if (!differing) {
      // $sequence ascending is always the final tie-breaker.
      expect(Number(before.$sequence), context).toBeLessThan(Number(after.$sequence))
      continue
    }
    const [a, b] = [before[differing.attribute], after[differing.attribute]]
    if (a === null || b === null) {
      // PostgreSQL's defaults: NULLs last ascending, first descending.
      expect(differing.direction === 'asc' ? b : a, context).toBeNull()
    } else if (differing.attribute === '$sequence') {
      const ascending = Number(a) < Number(b)
      expect(ascending, context).toBe(differing.direction === 'asc')
    } else if (differing.attribute === '$createdAt') {
      expect(String(a) < String(b), context).toBe(differing.direction === 'asc')
    }
  }
}

async function pageAll(queries: Query[], pageSize: number, collection: CollectionId = 'projects') {
  const ids: string[] = []
  const documents: Record<string, unknown>[] = []
  let total = -1
  for (let offset = 0; ; offset += pageSize) {
    const page = expectDocumentList(
      await list(collection, [
        ...queries,
        { method: 'limit', values: [pageSize] },
        { method: 'offset', values: [offset] },
      ]),
      collection,
    )
    if (total === -1) total = page.total
    expect(page.total).toBe(total)
    ids.push(...idsOf(page.documents))
    documents.push(...page.documents)
    if (page.documents.length < pageSize) break
  }
  return { ids, documents, total }
}

// ---------------------------------------------------------------------------------------------------------

describe('malformed queries', () => {
  it('a bad query among valid ones is a 400 in the Appwrite error shape, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(badQueryAmongValid, async (request) => {
        expectBadRequest(await listRaw(request.collection, request.search), request.type)
      }),
      { numRuns: 300 },
    )
  })

  it('a bad `queries` parameter (too many, too long, not an array, repeated) is a 400', async () => {
    await fc.assert(
      fc.asyncProperty(badQueriesParam, async (request) => {
        expectBadRequest(await listRaw(request.collection, request.search), request.type)
      }),
      { numRuns: 60 },
    )
  })

  it('the same holds for a single document (only select is allowed there)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          singleBadQuery.filter((bad) => bad.type !== 'general_cursor_not_found'),
          fc
            .constantFrom(...FILLER.projects.filter((query) => query.method !== 'select'))
            .map((query) => badQuery(query)),
        ),
        async (bad) => {
          const url = `/v1/databases/${DB}/collections/${bad.collection}/documents/demo-0001?${queryString([bad.text])}`
          const response = await server.app.inject({ method: 'GET', url, headers: { cookie } })
          const body: unknown = JSON.parse(response.body)
          expectBadRequest({ status: response.statusCode, body, url }, bad.type)
        },
      ),
      { numRuns: 60 },
    )
  })

  it('pins a few exact messages', async () => {
    const cases: [Query[] | string, ErrorType, string][] = [
      [
        [{ method: 'notContains', attribute: 'title', values: ['x'] }],
        'general_query_invalid',
        'Invalid query: Invalid query method: notContains',
      ],
      [
        [{ method: 'equal', attribute: 'nope', values: ['x'] }],
        'general_query_invalid',
        'Invalid query: Attribute not found in schema: nope',
      ],
      [
        [{ method: 'select', values: ['title', 'nope'] }],
        'general_query_invalid',
        'Invalid query: Cannot select attributes: nope',
      ],
      [
        [{ method: 'limit', values: [101] }],
        'general_query_invalid',
        'Invalid query: Invalid limit param: Value must be a valid range between 1 and 100',
      ],
      [
        [{ method: 'cursorAfter', values: ['missing'] }],
        'general_cursor_not_found',
        'Cursor document "missing" not found.',
      ],
      [
        'queries[foo]=x',
        'general_argument_invalid',
        'Invalid `queries` param: Value must a valid array no longer than 100 items and Value must be a valid string and at least 1 chars and no longer than 4096 chars',
      ],
    ]
    for (const [queries, type, message] of cases) {
      const answer =
        typeof queries === 'string' ? await listRaw('projects', queries) : await list('projects', queries)
      expectBadRequest(answer, type)
      expect(answer.body).toMatchObject({ message, version: expect.any(String) })
    }
  })
})

describe('injection-like values', () => {
  it('are values, matched literally: a 200 with exactly the literal matches, or a 400', async () => {
    await fc.assert(
      fc.asyncProperty(injectionProbe, async (probe) => {
        fc.pre(!(await hitsKnownBug(probe)))
        const answer = await list(probe.collection, probe.queries)
        const result = expectListOrBadRequest(answer, probe.collection)
        if (probe.valid !== undefined) expect(result !== null, describeAnswer(answer)).toBe(probe.valid)
        if (probe.expected && result) {
          const [row] = await server.database.rows(
            sql`SELECT count(*)::int AS n FROM ${sql.identifier(TABLES[probe.collection])} WHERE ${probe.expected}`,
          )
          expect(result.total, describeAnswer(answer)).toBe(Number(row?.n))
        }
      }),
      { numRuns: 200 },
    )
  })

  it('treats LIKE wildcards, escapes and quotes as plain characters', async () => {
    const count = async (method: string, value: string) =>
      expectDocumentList(
        await list('projects', [{ method, attribute: 'title', values: [value] }]),
        'projects',
      ).total
    // The demo titles contain none of these characters.
    for (const value of ['%', '_', '\\', '%%', '\\%', "'", '"', "'; DROP TABLE projects; --"]) {
      expect(await count('contains', value), value).toBe(0)
      expect(await count('startsWith', value), value).toBe(0)
      expect(await count('endsWith', value), value).toBe(0)
      expect(await count('equal', value), value).toBe(0)
    }
    const [first] = catalog.projects
    const hits = expectDocumentList(
      await list('projects', [{ method: 'equal', attribute: '$id', values: [first?.id, "x' OR '1'='1"] }]),
      'projects',
    )
    expect(idsOf(hits.documents)).toEqual([first?.id])
  })
})

describe('valid combinations', () => {
  it('cursor pages forwards and backwards match the un-paged result, in order, without repeats', async () => {
    await fc.assert(
      fc.asyncProperty(validCombination, async ({ filters, orders, limit }) => {
        const queries = [...filters.map((filter) => filter.query), ...orders.map(orderQuery)]
        const baseline = await pageAll(queries, QUERY_LIMITS.maxLimit)
        const expected = catalog.projects.filter((project, index) =>
          filters.every((filter) => filter.matches(project, index + 1)),
        )
        expect(baseline.total).toBe(expected.length)
        expect(new Set(baseline.ids).size).toBe(baseline.ids.length)
        expect([...baseline.ids].sort()).toEqual(expected.map((project) => project.id).sort())
        expectOrdered(baseline.documents, orders)

        // Small pages for small results; at most ~12 pages each way for big ones.
        const pageSize = Math.min(QUERY_LIMITS.maxLimit, Math.max(limit, Math.ceil(baseline.total / 12)))
        const forward: string[] = []
        for (let cursor: string | undefined; ;) {
          const page = expectDocumentList(
            await list('projects', [
              ...queries,
              ...(cursor ? [{ method: 'cursorAfter', values: [cursor] }] : []),
              { method: 'limit', values: [pageSize] },
            ]),
            'projects',
          )
          expect(page.total).toBe(baseline.total)
          const ids = idsOf(page.documents)
          expect(ids).toEqual(baseline.ids.slice(forward.length, forward.length + pageSize))
          forward.push(...ids)
          cursor = ids.at(-1)
          if (ids.length < pageSize || cursor === undefined) break
        }
        expect(forward).toEqual(baseline.ids)

        const last = baseline.ids.at(-1)
        if (last === undefined) return
        let end = baseline.ids.length - 1
        for (let cursor = last; ;) {
          const page = expectDocumentList(
            await list('projects', [
              ...queries,
              { method: 'cursorBefore', values: [cursor] },
              { method: 'limit', values: [pageSize] },
            ]),
            'projects',
          )
          const ids = idsOf(page.documents)
          expect(ids).toEqual(baseline.ids.slice(Math.max(0, end - pageSize), end))
          const first = ids[0]
          if (first === undefined) break
          cursor = first
          end -= ids.length
        }
        expect(end).toBe(0)
      }),
      { numRuns: 20 },
    )
  })

  it('other collections page the same way', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<[CollectionId, Query[]]>(
          ['tags', [{ method: 'orderDesc', attribute: 'num_apps' }]],
          [
            'tags',
            [
              { method: 'greaterThan', attribute: 'num_apps', values: [3] },
              { method: 'orderAsc', attribute: 'name' },
            ],
          ],
          ['categories', [{ method: 'orderDesc', attribute: 'name' }]],
          ['project_tags', [{ method: 'equal', attribute: 'tag_id', values: ['tag-openai', 'tag-python'] }]],
        ),
        fc.integer({ min: 1, max: 30 }),
        async ([collection, queries], limit) => {
          const baseline = await pageAll(queries, QUERY_LIMITS.maxLimit, collection)
          const pageSize = Math.max(limit, Math.ceil(baseline.total / 12))
          const forward: string[] = []
          for (let cursor: string | undefined; ;) {
            const page = expectDocumentList(
              await list(collection, [
                ...queries,
                ...(cursor ? [{ method: 'cursorAfter', values: [cursor] }] : []),
                { method: 'limit', values: [pageSize] },
              ]),
              collection,
            )
            const ids = idsOf(page.documents)
            forward.push(...ids)
            cursor = ids.at(-1)
            if (ids.length < pageSize || cursor === undefined) break
          }
          expect(forward).toEqual(baseline.ids)
        },
      ),
      { numRuns: 6 },
    )
  })
})

// ---------------------------------------------------------------------------------------------------------
// Known server bugs: each request below answers 500 or a wrong result today.

const searchTitle = (value: string) =>
  list('projects', [{ method: 'search', attribute: 'title', values: [value] }])

describe('known server bugs', () => {
  it('search with a decomposed accent (NFD, as macOS keyboards send) is not a 500', async () => {
    // `escapeRegex` puts a backslash before U+0301, then unaccent deletes the mark: `\mcla\usulas` or a trailing `\`.
    const composed = expectDocumentList(await searchTitle('cláusulas'), 'projects')
    expect(composed.total).toBeGreaterThan(0)
    const decomposed = expectDocumentList(await searchTitle('cla\u0301usulas'), 'projects')
    expect(decomposed.total).toBe(composed.total)
  })

  it('search with symbols that unaccent expands (©, ⦅, ㎏) is not a 500', async () => {
    // `\©` folds to `\(c)` (unbalanced parenthesis), `\⦅` to `\((`, `\㎏` to `\kg` (invalid escape).
    for (const value of ['©', '⦅', '㎏']) expectListOrBadRequest(await searchTitle(value), 'projects')
  })

  it('search for "‖" matches literally, not every title', async () => {
    // `\‖` folds to `\||`: an alternation with an empty branch.
    expect(expectDocumentList(await searchTitle('‖'), 'projects').total).toBe(0)
  })

  it('contains/startsWith with fullwidth ％ or ＿ match literally, not as wildcards', async () => {
    // escapeLike runs before search_text(), which folds ％ to % and ＿ to _.
    for (const value of ['％', '＿']) {
      const answer = await list('projects', [{ method: 'contains', attribute: 'title', values: [value] }])
      expect(expectDocumentList(answer, 'projects').total, value).toBe(0)
    }
  })

  it('endsWith with a fullwidth backslash is not a 500', async () => {
    // `％＼` folds to `%\`: "LIKE pattern must not end with escape character".
    const answer = await list('projects', [{ method: 'endsWith', attribute: 'title', values: ['＼'] }])
    expect(expectDocumentList(answer, 'projects').total).toBe(0)
  })

  it('a NUL character in a value or cursor is a 400, not a 500', async () => {
    for (const query of [
      { method: 'equal', attribute: '$id', values: ['a\u0000b'] },
      { method: 'contains', attribute: 'title', values: ['a\u0000b'] },
      { method: 'cursorAfter', values: ['a\u0000b'] },
    ]) {
      expectBadRequest(await list('projects', [query]))
    }
  })

  it('an integer value outside PostgreSQL integer range is not a 500', async () => {
    for (const value of [2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER]) {
      const answer = await list('tags', [{ method: 'greaterThan', attribute: 'num_apps', values: [value] }])
      expectListOrBadRequest(answer, 'tags')
    }
  })

  it('a date with a year outside 1–9999 is not a 500', async () => {
    for (const value of [
      '10000-01-01',
      '+010000-01-01T00:00:00Z',
      '-000001-01-01T00:00:00Z',
      '0000-01-01T00:00:00Z',
    ]) {
      const answer = await list('projects', [
        { method: 'greaterThan', attribute: '$createdAt', values: [value] },
      ])
      expectListOrBadRequest(answer, 'projects')
    }
  })
})

describe('data', () => {
  it('no request above changed any table', async () => {
    expect(await fingerprint()).toEqual(fingerprintBefore)
  })
})
