import { sql, type SQL } from 'drizzle-orm'
import fc from 'fast-check'
import { anyIsoDate, outOfRangeInteger } from './bad-query-values'
import { injectionValue } from './injection-values'
import {
  hasNul,
  inYearRange,
  INT4_MAX,
  INT4_MIN,
  isSelectableInProjects,
  PROJECT_FILTERABLE,
  PROJECT_ORDERABLE,
  projectIds,
  TEXT_INDEXED,
  type CollectionId,
  type Query,
} from './query-model'

/** A valid query holding an arbitrary value, with an SQL oracle for the literal meaning when there is one. */
export interface Probe {
  collection: CollectionId
  queries: Query[]
  /** The arbitrary strings the queries carry. */
  values: string[]
  /** The WHERE condition that counts exactly the matching rows when matching is literal. */
  expected?: SQL
  /** When set, the request is valid iff this holds. */
  valid?: boolean
}

/** Whether the request must succeed (a value with NUL never can), or undefined when either answer is fine. */
export const validityOf = (probe: Probe): boolean | undefined =>
  probe.values.some(hasNul) ? false : probe.valid

const folded = (value: string) => sql`search_text(${value})`
const col = (name: string) => sql.identifier(name)

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
    // Text matching on an attribute without a folded, indexed column is refused (decision 016).
    const indexed = TEXT_INDEXED[collection].includes(attribute)
    return {
      collection,
      queries: [{ method, attribute, values: [value] }],
      values: [value],
      expected,
      ...(indexed ? {} : { valid: false }),
    }
  })

const twoValueContains = fc.tuple(injectionValue, injectionValue).map(([first, second]): Probe => ({
  collection: 'projects',
  queries: [{ method: 'contains', attribute: 'title', values: [first, second] }],
  values: [first, second],
  expected: sql`(strpos(search_text(title), ${folded(first)}) > 0 OR strpos(search_text(title), ${folded(second)}) > 0)`,
}))

const idProbe = fc.tuple(fc.constantFrom(...projectIds), injectionValue).map(([id, value]): Probe => ({
  collection: 'projects',
  queries: [{ method: 'equal', attribute: '$id', values: [id, value] }],
  values: [value],
  expected: sql`id IN (${id}, ${value})`,
}))

const categoryProbe = injectionValue.map((value): Probe => ({
  collection: 'projects',
  queries: [{ method: 'equal', attribute: 'category', values: [value] }],
  values: [value],
  expected: sql`category_id = ${value}`,
}))

const searchProbe = fc
  .tuple(fc.constantFrom('title', 'author'), injectionValue)
  .map(([attribute, value]): Probe => ({
    collection: 'projects',
    queries: [{ method: 'search', attribute, values: [value] }],
    values: [value],
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
    valid: attribute === '' || PROJECT_ORDERABLE.includes(attribute),
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
    valid: name !== '' && isSelectableInProjects(name),
  }))

const cursorProbe = injectionValue.map((id): Probe => ({
  collection: 'projects',
  queries: [{ method: 'cursorAfter', values: [id] }],
  values: [id],
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
    return { collection: 'projects', queries: [{ method, attribute, values }], values }
  })

/** Any ISO date `Date` can hold: valid iff its year is within 1–9999. */
const dateProbe = fc
  .tuple(
    fc.constantFrom<[string, string]>(['$createdAt', 'created_at'], ['$updatedAt', 'updated_at']),
    fc.constantFrom('lessThan', 'greaterThanEqual'),
    fc.oneof(
      anyIsoDate,
      fc
        // fast-check also draws an Invalid Date unless told not to; toISOString throws on one.
        .date({
          min: new Date('0001-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59Z'),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString()),
    ),
  )
  .map(([[attribute, column], method, value]): Probe => ({
    collection: 'projects',
    queries: [{ method, attribute, values: [value] }],
    values: [value],
    valid: inYearRange(value),
    expected:
      method === 'lessThan'
        ? sql`${col(column)} < ${value}::timestamptz`
        : sql`${col(column)} >= ${value}::timestamptz`,
  }))

/** Any integer JSON carries exactly: valid iff PostgreSQL's `integer` holds it. */
const integerProbe = fc
  .tuple(
    fc.constantFrom('equal', 'greaterThan', 'lessThanEqual'),
    fc.oneof(fc.integer({ min: -2, max: 40 }), fc.integer(), outOfRangeInteger),
  )
  .map(([method, value]): Probe => ({
    collection: 'tags',
    queries: [{ method, attribute: 'num_apps', values: [value] }],
    values: [],
    valid: value >= INT4_MIN && value <= INT4_MAX,
    expected: {
      equal: sql`num_apps = ${value}`,
      greaterThan: sql`num_apps > ${value}`,
      lessThanEqual: sql`num_apps <= ${value}`,
    }[method],
  }))

export const injectionProbe: fc.Arbitrary<Probe> = fc.oneof(
  { weight: 4, arbitrary: textProbe },
  { weight: 1, arbitrary: twoValueContains },
  { weight: 1, arbitrary: idProbe },
  { weight: 1, arbitrary: categoryProbe },
  { weight: 2, arbitrary: searchProbe },
  { weight: 1, arbitrary: orderProbe },
  { weight: 1, arbitrary: selectProbe },
  { weight: 1, arbitrary: cursorProbe },
  { weight: 1, arbitrary: comparisonProbe },
  { weight: 1, arbitrary: dateProbe },
  { weight: 1, arbitrary: integerProbe },
)
