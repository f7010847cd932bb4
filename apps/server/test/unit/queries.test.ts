import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AppwriteError } from '../../src/platform/appwrite/errors'
import { parseListQueries, QUERY_LIMITS, readQueriesParam } from '../../src/platform/appwrite/queries'

/** The pure query parser: accepted shapes, and the exact words of its errors. */
const text = (query: unknown) => JSON.stringify(query)
const parse = (...queries: unknown[]) => parseListQueries(queries.map(text))

function failure(run: () => unknown) {
  try {
    run()
  } catch (error) {
    if (error instanceof AppwriteError)
      return { type: error.type, status: error.status, message: error.message }
    throw error
  }
  throw new Error('Expected an AppwriteError')
}
const invalidQuery = (reason: string) => ({
  type: 'general_query_invalid',
  status: 400,
  message: `Invalid query: ${reason}`,
})
const QUERIES_REASON =
  'Invalid `queries` param: Value must a valid array no longer than 100 items and Value must be a valid string and at least 1 chars and no longer than 4096 chars'

const leaf = { method: 'isNotNull', attribute: 'title' }
const nest = (depth: number): unknown =>
  depth === 0 ? leaf : { method: 'or', values: [nest(depth - 1), leaf] }

describe('parseListQueries: accepted shapes', () => {
  it('defaults to no filters, no select, default order, limit 25 and offset 0', () => {
    expect(parseListQueries([])).toEqual({
      filters: [],
      select: null,
      orders: [],
      cursor: null,
      limit: QUERY_LIMITS.defaultLimit,
      offset: 0,
    })
  })

  it.each([
    ['equal', ['a', 'b']],
    ['notEqual', ['a']],
    ['lessThan', [5]],
    ['lessThanEqual', [5.5]],
    ['greaterThan', ['2024-01-01']],
    ['greaterThanEqual', [0]],
    ['between', [1, 10]],
    ['startsWith', ['Asis']],
    ['endsWith', ['GPT-4']],
    ['contains', ['a', 'b', 'c']],
    ['search', ['asistente de voz']],
    ['equal', [true, false]],
    ['isNull', []],
    ['isNotNull', []],
  ])('%s with %j', (method, values) => {
    expect(parse({ method, attribute: 'title', values }).filters).toEqual([
      { method, attribute: 'title', values },
    ])
  })

  it('treats missing or null values as no values', () => {
    expect(parse({ method: 'isNull', attribute: 'category' }).filters).toEqual([
      { method: 'isNull', attribute: 'category', values: [] },
    ])
    expect(parse({ method: 'isNotNull', attribute: 'author', values: null }).filters).toEqual([
      { method: 'isNotNull', attribute: 'author', values: [] },
    ])
  })

  it('keeps separate filters in order (they are ANDed later)', () => {
    const first = { method: 'equal', attribute: 'category', values: ['cat-voz'] }
    const second = { method: 'contains', attribute: 'title', values: ['voz'] }
    expect(parse(first, second).filters).toEqual([first, second])
  })

  it('accepts or/and with nested queries up to three levels', () => {
    const query = {
      method: 'and',
      values: [
        { method: 'equal', attribute: 'category', values: ['cat-voz'] },
        { method: 'or', values: [leaf, { method: 'search', attribute: 'title', values: ['voz'] }] },
      ],
    }
    expect(parse(query).filters).toEqual([
      {
        method: 'and',
        queries: [
          { method: 'equal', attribute: 'category', values: ['cat-voz'] },
          {
            method: 'or',
            queries: [
              { ...leaf, values: [] },
              { method: 'search', attribute: 'title', values: ['voz'] },
            ],
          },
        ],
      },
    ])
    expect(parse(nest(QUERY_LIMITS.maxDepth)).filters).toHaveLength(1)
  })

  it('merges select queries without duplicates', () => {
    expect(
      parse(
        { method: 'select', values: ['title', 'category.*'] },
        { method: 'select', values: ['title', '$id'] },
      ).select,
    ).toEqual(['title', 'category.*', '$id'])
  })

  it('reads orders in order, defaulting the attribute to $sequence', () => {
    expect(
      parse(
        { method: 'orderDesc', attribute: 'num_apps' },
        { method: 'orderAsc', attribute: 'title' },
        { method: 'orderAsc' },
        { method: 'orderDesc', attribute: '' },
      ).orders,
    ).toEqual([
      { attribute: 'num_apps', direction: 'desc' },
      { attribute: 'title', direction: 'asc' },
      { attribute: '$sequence', direction: 'asc' },
      { attribute: '$sequence', direction: 'desc' },
    ])
    const ten = Array.from({ length: 10 }, () => ({ method: 'orderAsc', attribute: 'title' }))
    expect(parse(...ten).orders).toHaveLength(10)
  })

  it('reads cursors, limit and offset', () => {
    expect(parse({ method: 'cursorAfter', values: ['demo-0001'] }).cursor).toEqual({
      direction: 'after',
      documentId: 'demo-0001',
    })
    expect(parse({ method: 'cursorBefore', values: ['demo-0002'] }).cursor).toEqual({
      direction: 'before',
      documentId: 'demo-0002',
    })
    expect(parse({ method: 'limit', values: [1] }, { method: 'offset', values: [0] })).toMatchObject({
      limit: 1,
      offset: 0,
    })
    expect(
      parse(
        { method: 'limit', values: [QUERY_LIMITS.maxLimit] },
        { method: 'offset', values: [QUERY_LIMITS.maxOffset] },
      ),
    ).toMatchObject({ limit: 100, offset: 5000 })
  })

  it('allows only the listed methods when asked (a single document takes select only)', () => {
    expect(
      parseListQueries([text({ method: 'select', values: ['title'] })], { allowOnly: ['select'] }).select,
    ).toEqual(['title'])
  })

  it('parses any valid comparison back to itself', () => {
    const scalar = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    )
    const comparison = fc.oneof(
      fc.record({
        method: fc.constantFrom('equal', 'notEqual', 'contains'),
        attribute: fc.string({ minLength: 1, maxLength: 128 }),
        values: fc.array(scalar, { minLength: 1, maxLength: QUERY_LIMITS.maxValues }),
      }),
      fc.record({
        method: fc.constantFrom(
          'lessThan',
          'lessThanEqual',
          'greaterThan',
          'greaterThanEqual',
          'startsWith',
          'endsWith',
          'search',
        ),
        attribute: fc.string({ minLength: 1, maxLength: 128 }),
        values: fc.tuple(scalar),
      }),
      fc.record({
        method: fc.constant('between'),
        attribute: fc.string({ minLength: 1, maxLength: 128 }),
        values: fc.tuple(scalar, scalar),
      }),
    )
    fc.assert(
      fc.property(comparison, (query) => {
        // Through JSON, as on the wire (-0 becomes 0).
        const sent: unknown = JSON.parse(text(query))
        expect(parse(sent).filters).toEqual([sent])
      }),
    )
  })
})

describe('parseListQueries: errors', () => {
  it.each<[string, unknown, string]>([
    [
      'not JSON',
      'limit(5)',
      'Syntax error: each query must be a JSON string such as {"method":"limit","values":[20]}.',
    ],
    ['a JSON array', [], 'Query must be a JSON object with a method.'],
    ['JSON null', null, 'Query must be a JSON object with a method.'],
    ['no method', { attribute: 'title', values: ['x'] }, 'Query method is missing.'],
    ['an empty method', { method: '' }, 'Query method is missing.'],
    ['a method that is not a string', { method: 5 }, 'Query method is missing.'],
    ['a very long method', { method: 'x'.repeat(65) }, 'Query method is not valid.'],
    [
      'an attribute that is not a string',
      { method: 'equal', attribute: 5, values: ['x'] },
      'Attribute of "equal" must be a string.',
    ],
    [
      'an attribute over 128 characters',
      { method: 'equal', attribute: 'a'.repeat(129), values: ['x'] },
      'Attribute name is too long.',
    ],
    [
      'values that are not an array',
      { method: 'equal', attribute: 'title', values: 'x' },
      'Values of "equal" must be an array.',
    ],
    [
      'an unknown method',
      { method: 'notContains', attribute: 'title', values: ['x'] },
      'Invalid query method: notContains',
    ],
    ['a filter without attribute', { method: 'equal', values: ['x'] }, 'Attribute is required for "equal".'],
    [
      'two values for lessThan',
      { method: 'lessThan', attribute: 'num_apps', values: [1, 2] },
      '"lessThan" takes exactly 1 value.',
    ],
    [
      'one value for between',
      { method: 'between', attribute: 'num_apps', values: [1] },
      '"between" takes exactly 2 values.',
    ],
    [
      'a value for isNull',
      { method: 'isNull', attribute: 'author', values: ['x'] },
      '"isNull" takes exactly 0 values.',
    ],
    [
      'no values for equal',
      { method: 'equal', attribute: 'title', values: [] },
      '"equal" takes between 1 and 100 values.',
    ],
    [
      '101 values for contains',
      { method: 'contains', attribute: 'title', values: Array(101).fill('x') },
      '"contains" takes between 1 and 100 values.',
    ],
    [
      'null among the values',
      { method: 'equal', attribute: 'title', values: ['x', null] },
      'Values of "equal" must be strings, numbers or booleans.',
    ],
    [
      'an object among the values',
      { method: 'startsWith', attribute: 'title', values: [{ $ne: 1 }] },
      'Values of "startsWith" must be strings, numbers or booleans.',
    ],
    ['or with one query', { method: 'or', values: [leaf] }, '"or" queries require at least two queries.'],
    ['and with none', { method: 'and', values: [] }, '"and" queries require at least two queries.'],
    ['or with 101 queries', { method: 'or', values: Array(101).fill(leaf) }, '"or" holds too many queries.'],
    [
      'or holding a limit',
      { method: 'or', values: [leaf, { method: 'limit', values: [1] }] },
      '"or" queries can only contain filter queries, not "limit".',
    ],
    [
      'nesting four levels deep',
      nest(QUERY_LIMITS.maxDepth + 1),
      'Queries can be nested at most 3 levels deep.',
    ],
    [
      'an empty select',
      { method: 'select', values: [] },
      '"select" takes between 1 and 100 attribute names.',
    ],
    [
      'an empty name in select',
      { method: 'select', values: ['title', ''] },
      '"select" values must be attribute names.',
    ],
    ['a number in select', { method: 'select', values: [5] }, '"select" values must be attribute names.'],
    ['a cursor without id', { method: 'cursorAfter', values: [] }, '"cursorAfter" takes one document id.'],
    ['a numeric cursor', { method: 'cursorBefore', values: [5] }, '"cursorBefore" takes one document id.'],
    ['a string limit', { method: 'limit', values: ['5'] }, '"limit" takes one integer value.'],
    ['a fractional offset', { method: 'offset', values: [1.5] }, '"offset" takes one integer value.'],
    [
      'limit 0',
      { method: 'limit', values: [0] },
      'Invalid limit param: Value must be a valid range between 1 and 100',
    ],
    [
      'limit 101',
      { method: 'limit', values: [101] },
      'Invalid limit param: Value must be a valid range between 1 and 100',
    ],
    [
      'offset -1',
      { method: 'offset', values: [-1] },
      'Invalid offset param: Value must be a valid range between 0 and 5000',
    ],
    [
      'offset 5001',
      { method: 'offset', values: [5001] },
      'Invalid offset param: Value must be a valid range between 0 and 5000',
    ],
  ])('rejects %s', (_label, query, reason) => {
    const queryText = typeof query === 'string' ? query : text(query)
    expect(failure(() => parseListQueries([queryText]))).toEqual(invalidQuery(reason))
  })

  it('rejects repeated single-use queries and too many orders', () => {
    const limit = { method: 'limit', values: [5] }
    expect(failure(() => parse(limit, limit))).toEqual(invalidQuery('Only one "limit" query is allowed.'))
    const offset = { method: 'offset', values: [5] }
    expect(failure(() => parse(offset, offset))).toEqual(invalidQuery('Only one "offset" query is allowed.'))
    expect(
      failure(() =>
        parse({ method: 'cursorAfter', values: ['a'] }, { method: 'cursorBefore', values: ['b'] }),
      ),
    ).toEqual(invalidQuery('Only one "cursor" query is allowed.'))
    const orders = Array.from({ length: 11 }, () => ({ method: 'orderAsc', attribute: 'title' }))
    expect(failure(() => parse(...orders))).toEqual(invalidQuery('At most 10 order queries are allowed.'))
  })

  it('rejects methods outside allowOnly', () => {
    expect(
      failure(() => parseListQueries([text({ method: 'limit', values: [1] })], { allowOnly: ['select'] })),
    ).toEqual(invalidQuery('"limit" is not allowed here; only select.'))
  })

  it('throws only general_query_invalid for any input text', () => {
    const input = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.json({ maxDepth: 3 }),
      fc
        .record(
          {
            method: fc.oneof(
              fc.constantFrom(
                'equal',
                'between',
                'isNull',
                'or',
                'and',
                'select',
                'limit',
                'offset',
                'cursorAfter',
                'orderAsc',
              ),
              fc.jsonValue(),
            ),
            attribute: fc.jsonValue({ maxDepth: 1 }),
            values: fc.oneof(
              fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
              fc.jsonValue({ maxDepth: 1 }),
            ),
          },
          { requiredKeys: [] },
        )
        .map((query) => text(query)),
    )
    fc.assert(
      fc.property(fc.array(input, { maxLength: 4 }), (texts) => {
        try {
          parseListQueries(texts)
        } catch (error) {
          expect(error).toBeInstanceOf(AppwriteError)
          if (error instanceof AppwriteError) {
            expect(error.type).toBe('general_query_invalid')
            expect(error.message).toMatch(/^Invalid query: ./)
          }
        }
      }),
    )
  })
})

describe('readQueriesParam', () => {
  it('accepts nothing, one string or an array of up to 100 strings of 1 to 4096 characters', () => {
    expect(readQueriesParam(undefined)).toEqual([])
    expect(readQueriesParam('{"method":"limit","values":[1]}')).toEqual(['{"method":"limit","values":[1]}'])
    expect(readQueriesParam(['a', 'b'])).toEqual(['a', 'b'])
    const hundred = Array.from({ length: QUERY_LIMITS.maxQueries }, () => 'x')
    expect(readQueriesParam(hundred)).toEqual(hundred)
    expect(readQueriesParam(['x'.repeat(QUERY_LIMITS.maxQueryLength)])).toHaveLength(1)
  })

  it.each<[string, unknown]>([
    ['101 queries', Array.from({ length: QUERY_LIMITS.maxQueries + 1 }, () => 'x')],
    ['a query over 4096 characters', ['x'.repeat(QUERY_LIMITS.maxQueryLength + 1)]],
    ['an empty string', ''],
    ['an empty string in the array', ['a', '']],
    ['an object (queries[foo]=x)', { foo: 'x' }],
    ['a number in the array', [5]],
    ['a nested array', [['a']]],
    ['null', null],
  ])('rejects %s as general_argument_invalid', (_label, value) => {
    expect(failure(() => readQueriesParam(value))).toEqual({
      type: 'general_argument_invalid',
      status: 400,
      message: QUERIES_REASON,
    })
  })
})
