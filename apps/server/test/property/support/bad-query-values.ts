import fc from 'fast-check'
import { QUERY_LIMITS } from '../../../src/platform/appwrite/queries'
import {
  attributeWrongType,
  badNesting,
  badQuery,
  brokenJson,
  comparisonMethod,
  leaf,
  limitOrOffsetOutOfRange,
  methodNotString,
  nonInteger,
  notJsonObject,
  strings,
  unknownMethod,
  valuesNotArray,
  valuesWithBadItem,
  withoutMethod,
  wrongCount,
  wrongShape,
  type BadQuery,
} from './bad-query-shapes'
import {
  COMPARISONS,
  hasNul,
  inYearRange,
  INT4_MAX,
  INT4_MIN,
  isSelectableInProjects,
  PROJECT_FILTERABLE,
  VALUE_COUNTS,
  type CollectionId,
  type ComparisonMethod,
} from './query-model'

// Well-formed queries that name what does not exist or hold values of the wrong type.

/** Integers JSON carries exactly but PostgreSQL's `integer` cannot hold. */
export const outOfRangeInteger = fc.oneof(
  fc.constantFrom(INT4_MAX + 1, INT4_MIN - 1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e21, 1e300),
  fc.maxSafeInteger().filter((n) => n < INT4_MIN || n > INT4_MAX),
)
/** ISO dates over all that `Date` can hold, most of them outside the years 1–9999. */
export const anyIsoDate = fc.date({ noInvalidDate: true }).map((date) => date.toISOString())
const outOfRangeDate = fc.oneof(
  anyIsoDate.filter((iso) => !inYearRange(iso)),
  fc.constantFrom(
    '10000-01-01',
    '+010000-01-01T00:00:00Z',
    '-000001-01-01T00:00:00Z',
    '0000-01-01T00:00:00Z',
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

const TEXT_ONLY = ['contains', 'startsWith', 'endsWith', 'search']
const valueMethods = COMPARISONS.filter((method) => VALUE_COUNTS[method][0] > 0)
const valuesOf = (method: ComparisonMethod, value: unknown) =>
  Array.from({ length: VALUE_COUNTS[method][0] }, () => value)
const wrongValueType = fc.oneof(
  // Integer attribute: strings, booleans, fractions and integers outside PostgreSQL's range are rejected.
  fc
    .tuple(
      fc.constantFrom(...valueMethods.filter((method) => !TEXT_ONLY.includes(method))),
      fc.oneof(nonInteger, outOfRangeInteger),
    )
    .map(([method, value]) =>
      badQuery({ method, attribute: 'num_apps', values: valuesOf(method, value) }, 'tags'),
    ),
  // Text-only methods on attributes that are not text.
  fc
    .tuple(
      fc.constantFrom(...TEXT_ONLY),
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
      ['categories', 'description'],
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
  // Dates that `Date` reads but PostgreSQL cannot hold.
  fc
    .tuple(
      fc.constantFrom('equal', 'notEqual', 'lessThan', 'greaterThanEqual'),
      fc.constantFrom('$createdAt', '$updatedAt'),
      outOfRangeDate,
    )
    .map(([method, attribute, value]) => badQuery({ method, attribute, values: [value] })),
)

/**
 * What a request may not ask of the database (decision 016): text matching without a text index,
 * orders without an index, more filter values or text terms than a request may hold.
 */
const tooCostly = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('equal', 'notEqual', 'contains', 'startsWith', 'endsWith'),
      fc.constantFrom<[CollectionId, string]>(
        ['projects', 'subtitle'],
        ['projects', 'problem_solved'],
        ['projects', 'project_links'],
        ['projects', 'youtube_url'],
        ['categories', 'description'],
        ['tags', 'description'],
      ),
    )
    .map(([method, [collection, attribute]]) => badQuery({ method, attribute, values: ['voz'] }, collection)),
  fc
    .tuple(
      fc.constantFrom('orderAsc', 'orderDesc'),
      fc.constantFrom<[CollectionId, string]>(
        ['projects', 'subtitle'],
        ['projects', 'problem_solved'],
        ['projects', '$updatedAt'],
        ['projects', 'category'],
        ['categories', 'description'],
        ['tags', '$updatedAt'],
      ),
    )
    .map(([method, [collection, attribute]]) => badQuery({ method, attribute }, collection)),
  fc
    .integer({ min: QUERY_LIMITS.maxTextTerms + 1, max: QUERY_LIMITS.maxValues })
    .map((count) => badQuery({ method: 'contains', attribute: 'title', values: strings(count) })),
  fc.integer({ min: QUERY_LIMITS.maxFilterValues + 1, max: 2 * QUERY_LIMITS.maxValues }).map((count) => {
    const half = Math.ceil(count / 2)
    return badQuery({
      method: 'or',
      values: [
        { method: 'equal', attribute: '$id', values: strings(half) },
        { method: 'notEqual', attribute: '$id', values: strings(count - half) },
      ],
    })
  }),
)

/** Ids of no document; one with a NUL character is refused before any lookup. */
const missingDocumentId = fc
  .oneof(
    { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }) },
    {
      weight: 1,
      arbitrary: fc.string({ unit: fc.constantFrom('a', '-', '\u0000'), minLength: 1, maxLength: 6 }),
    },
  )
  .map((id) => `missing-${id}`)
const unknownCursor = fc
  .tuple(
    fc.constantFrom('cursorAfter', 'cursorBefore'),
    fc.constantFrom<CollectionId>('projects', 'categories', 'tags', 'project_tags'),
    missingDocumentId,
  )
  .map(([method, collection, id]) =>
    badQuery(
      { method, values: [id] },
      collection,
      hasNul(id) ? 'general_query_invalid' : 'general_cursor_not_found',
    ),
  )

/** One bad query of any kind, with the error type it must be answered with. */
export const singleBadQuery: fc.Arbitrary<BadQuery> = fc.oneof(
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
  tooCostly,
  unknownCursor,
)
