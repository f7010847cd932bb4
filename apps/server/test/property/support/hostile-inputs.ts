import fc from 'fast-check'

/*
 * Inputs no client of the store sends but anyone may: the fuzz test drives every route with them and
 * fails on any 5xx (issue 34, section 4).
 */

/** Names every JavaScript object answers to without holding them: an `in` check or `obj[name]` finds them. */
export const BUILT_IN_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  'isPrototypeOf',
  '__defineGetter__',
]

/** Names the API's own parameters and attributes use, so a value reaches the code behind them. */
const KNOWN_NAMES = [
  '$id',
  '$createdAt',
  '$updatedAt',
  '$sequence',
  'email',
  'name',
  'title',
  'status',
  'labels',
  'accessedAt',
  'ownerId',
  'projectIds',
  'position',
  'category',
  'actor',
  'action',
  'subject',
  'source',
  'actorId',
]

const HOSTILE_TEXTS = [
  '',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '\ud83d\ude00',
  '%00',
  '0000-01-01',
  '9999-12-31',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00Z',
  '2026-02-30',
  '1e400',
  'NaN',
  'unique()',
  'current',
  'read("users")',
  'read("any")',
  "'; DROP TABLE users; --",
  '%_\\',
  'x'.repeat(5000),
]

const HUGE_NUMBERS = [
  0,
  -1,
  -0,
  1.5,
  2 ** 31,
  2 ** 53,
  9.3e18,
  1e17,
  8_640_000_000_001,
  8.64e15,
  8_640_000_000_000_001,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
]

/** A name a request may give an attribute, a key or a parameter. */
export const hostileName = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BUILT_IN_NAMES) },
  fc.constantFrom(...KNOWN_NAMES),
  fc.constantFrom('a\u0000b', '\ud800', ''),
  fc.string({ maxLength: 12 }),
)

export const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
)

export const hostileNumber = fc.oneof(
  fc.constantFrom(...HUGE_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)

/** A JSON value: scalars, objects keyed by hostile names, arrays, three levels at most. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileName, tie('value'), { maxKeys: 4 }),
  ),
})).value

/** JSON text nested deeper than any parser's recursion: a walk over it that recurses overflows. */
export const DEEP_ARRAY = `${'['.repeat(20_000)}${']'.repeat(20_000)}`
const DEEP_OBJECT = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`

/** One Appwrite query as JSON text, with hostile methods, attributes and values. */
export const hostileQuery = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .record({
        method: fc.oneof(
          // Those every list route takes first, then the rest of Appwrite's, then made-up ones.
          { weight: 4, arbitrary: fc.constantFrom('equal', 'notEqual', 'orderAsc', 'orderDesc', 'contains') },
          {
            weight: 2,
            arbitrary: fc.constantFrom(
              'search',
              'between',
              'lessThan',
              'greaterThanEqual',
              'cursorAfter',
              'cursorBefore',
              'select',
              'limit',
              'offset',
              'or',
              'and',
              'isNull',
              'startsWith',
            ),
          },
          { weight: 1, arbitrary: hostileName },
        ),
        attribute: fc.option(hostileName, { nil: undefined, freq: 8 }),
        // Mostly values a query takes, so the attribute's name is what the route has to deal with.
        values: fc.oneof(
          {
            weight: 3,
            arbitrary: fc.array(fc.constantFrom('x', 1, true, '2026-01-01'), { minLength: 1, maxLength: 2 }),
          },
          { weight: 1, arbitrary: fc.array(hostileValue, { maxLength: 3 }) },
          { weight: 1, arbitrary: fc.constant(undefined) },
        ),
      })
      .map((query) => JSON.stringify(query)),
  },
  fc.constantFrom(
    '{"method":"or","values":[' + '{"method":"or","values":['.repeat(50) + ']}'.repeat(50) + ']}',
    '{"method":"equal","attribute":"title","values":[1e400]}',
    '{"method":"limit","values":[1e400]}',
    'not json',
    '[]',
    'null',
  ),
)

/** Encodes a text for a query string; half a surrogate pair goes as its (invalid) UTF-8 escape. */
function encoded(text: string): string {
  return text.isWellFormed()
    ? encodeURIComponent(text)
    : encodeURIComponent(text.toWellFormed()).replaceAll('%EF%BF%BD', '%ED%A0%80')
}

/** Days and moments at the edges of what a Date, PostgreSQL and the calendar hold. */
const ODD_DATES = [
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '10000-01-01',
  '+275760-09-13',
  '2026-02-30',
  '2026-13-01',
  '1970-01-01',
  '2026-01-01T25:00:00Z',
  '',
]

/** One parameter besides `queries`: the names the routes read, with values at their edges. */
const queryParam = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom('from', 'to', 'since', 'until'), fc.constantFrom(...ODD_DATES)),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(
      fc.constantFrom('search', 'email', 'status', 'provider', 'access', 'userId', 'secret'),
      hostileText,
    ),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(
      fc.constantFrom('limit', 'offset', 'total', 'days', 'period'),
      fc.oneof(hostileNumber.map(String), hostileText),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.oneof(hostileName, fc.constantFrom('queries', 'queries[]', 'queries[0][method]')),
      hostileText,
    ),
  },
)

/** A query string: `queries[]` as the SDK sends them, and other parameters with hostile values. */
export const hostileQueryString = fc
  .record({
    queries: fc.array(hostileQuery, { maxLength: 2 }),
    params: fc.array(queryParam, { maxLength: 2, size: 'xsmall' }),
  })
  .map(({ queries, params }) =>
    [
      ...queries.map((query, index) => `queries[${index}]=${encoded(query)}`),
      ...params.map(([name, value]) => `${encoded(name)}=${encoded(value)}`),
    ].join('&'),
  )

/** A request body as sent on the wire: JSON objects keyed by the API's names, arrays, text, depth. */
export const hostileBody = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .dictionary(
        fc.oneof(
          fc.constantFrom(
            'documentId',
            'data',
            'permissions',
            'email',
            'password',
            'oldPassword',
            'name',
            'prefs',
            'status',
            'labels',
            'url',
            'userId',
            'secret',
            'note',
            'language',
            'enabled',
            'fileName',
            'content',
            'dryRun',
            'format',
            'phrase',
          ),
          hostileName,
        ),
        hostileValue,
        { maxKeys: 5 },
      )
      .map((body) => JSON.stringify(body)),
  },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      `{"documentId":"unique()","data":{"name":"x"},"permissions":[{"toString":1}]}`,
      `{"documentId":"unique()","data":{"name":"x"},"permissions":${DEEP_ARRAY}}`,
      `{"permissions":${DEEP_ARRAY}}`,
      `{"data":${DEEP_ARRAY}}`,
      `{"data":${DEEP_OBJECT}}`,
      `{"prefs":${DEEP_OBJECT}}`,
      '{"documentId":"unique()","data":{"name":"\\ud800","title":"a\\u0000b"}}',
      '{"email":"a@b.c","password":1e400}',
      '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}',
      '{"data":{"__proto__":{"x":1},"constructor":1,"name":"x"}}',
    ),
  },
  { weight: 1, arbitrary: fc.array(hostileValue, { maxLength: 3 }).map((body) => JSON.stringify(body)) },
  { weight: 1, arbitrary: fc.constantFrom('', 'null', '1', '"text"', 'not json', '{', DEEP_ARRAY) },
)

/** Headers a client chooses: an origin, a content type, a language. */
export const hostileHeaders = fc.record({
  // Mostly none or an allowed one, so most requests get past the origin check to the route.
  origin: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(undefined, 'http://shop.example.test', 'http://localhost') },
    { weight: 1, arbitrary: fc.constantFrom('null', 'https://evil.example') },
  ),
  // Mostly JSON, so most bodies are read by the route rather than refused by the parser.
  'content-type': fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/octet-stream',
        undefined,
      ),
    },
  ),
  'x-appwrite-locale': fc.constantFrom(undefined, 'es', 'en', 'pt-BR', '__proto__', '*;q=0'),
  'accept-language': fc.constantFrom(undefined, 'en-US,en;q=0.9', 'constructor', 'es;q=abc'),
  // The SDK's cookies sent as a header when the browser keeps none (session-cookie.ts reads its JSON).
  'x-fallback-cookies': fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'not json',
        '{"__proto__":{"a":1}}',
        '{"a_session_projects-gallery":"\\u0000"}',
        '{"a_session_projects-gallery":"\\ud800"}',
        '{"a_session_projects-gallery":{"toString":1}}',
        '[]',
      ),
    },
  ),
})

/** The header record without the headers left out. */
export const definedHeaders = (headers: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
