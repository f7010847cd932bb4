import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { expectBadRequest, expectDocumentList } from './support/answers'
import { itLeavesDataUnchanged, useMemberSuite } from './support/member-suite'
import { INT4_MAX, INT4_MIN } from './support/query-model'

/**
 * Values that once answered a 500 or a wrong result: folding that created LIKE or regex syntax after
 * escaping, NUL characters, integers beyond PostgreSQL's `integer` and years beyond 1–9999.
 */
const suite = useMemberSuite()

const searchTitle = (value: string) =>
  suite.client.list('projects', [{ method: 'search', attribute: 'title', values: [value] }])
const titleMatches = async (method: string, value: string) =>
  expectDocumentList(
    await suite.client.list('projects', [{ method, attribute: 'title', values: [value] }]),
    'projects',
  ).total

describe('folding before escaping', () => {
  it('search with a decomposed accent (NFD, as macOS keyboards send) finds what the composed form finds', async () => {
    // Escaping before folding put a backslash before U+0301, which folding then deleted: `\mcla\usulas`.
    const composed = expectDocumentList(await searchTitle('cláusulas'), 'projects')
    expect(composed.total).toBeGreaterThan(0)
    const decomposed = expectDocumentList(await searchTitle('cla\u0301usulas'), 'projects')
    expect(decomposed.total).toBe(composed.total)
  })

  it('search with symbols that folding expands (©, ⦅, ㎏) finds what their folded text finds', async () => {
    // `\©` used to fold to `\(c)` (unbalanced parenthesis), `\⦅` to `\((`, `\㎏` to `\kg` (invalid escape).
    for (const value of ['©', '⦅', '㎏']) {
      const [row] = await suite.server.database.rows(sql`SELECT search_text(${value}) AS f`)
      const spelled = String(row?.f)
      expect(spelled, value).not.toBe(value)
      const symbol = expectDocumentList(await searchTitle(value), 'projects').total
      expect(symbol, value).toBe(expectDocumentList(await searchTitle(spelled), 'projects').total)
    }
  })

  it('search for "‖" matches literally, not every title', async () => {
    // `\‖` used to fold to `\||`: an alternation with an empty branch.
    expect(expectDocumentList(await searchTitle('‖'), 'projects').total).toBe(0)
  })

  it('contains and startsWith with fullwidth ％ or ＿ match literally, not as wildcards', async () => {
    // ％ folds to % and ＿ to _, which used to reach LIKE unescaped.
    for (const value of ['％', '＿']) {
      expect(await titleMatches('contains', value), value).toBe(0)
      expect(await titleMatches('startsWith', value), value).toBe(0)
    }
  })

  it('endsWith with a fullwidth backslash matches literally', async () => {
    // `％＼` used to fold to `%\`: "LIKE pattern must not end with escape character".
    expect(await titleMatches('endsWith', '＼')).toBe(0)
  })
})

describe('values PostgreSQL cannot hold', () => {
  it('a NUL character in a value or cursor is a 400', async () => {
    for (const query of [
      { method: 'equal', attribute: '$id', values: ['a\u0000b'] },
      { method: 'contains', attribute: 'title', values: ['a\u0000b'] },
      { method: 'cursorAfter', values: ['a\u0000b'] },
    ]) {
      expectBadRequest(await suite.client.list('projects', [query]), 'general_query_invalid')
    }
  })

  it('an integer outside PostgreSQL integer range is a 400; its bounds are values', async () => {
    const greaterThan = (value: number) =>
      suite.client.list('tags', [{ method: 'greaterThan', attribute: 'num_apps', values: [value] }])
    for (const value of [INT4_MAX + 1, INT4_MIN - 1, Number.MAX_SAFE_INTEGER]) {
      expectBadRequest(await greaterThan(value), 'general_query_invalid')
    }
    expect(expectDocumentList(await greaterThan(INT4_MAX), 'tags').total).toBe(0)
    expect(expectDocumentList(await greaterThan(INT4_MIN), 'tags').total).toBeGreaterThan(0)
  })

  it('a date with a year outside 1–9999 is a 400; the first and last instants are values', async () => {
    const createdAfter = (value: string) =>
      suite.client.list('projects', [{ method: 'greaterThan', attribute: '$createdAt', values: [value] }])
    for (const value of [
      '10000-01-01',
      '+010000-01-01T00:00:00Z',
      '-000001-01-01T00:00:00Z',
      '0000-01-01T00:00:00Z',
    ]) {
      expectBadRequest(await createdAfter(value), 'general_query_invalid')
    }
    expect(expectDocumentList(await createdAfter('9999-12-31T23:59:59.999Z'), 'projects').total).toBe(0)
    expect(
      expectDocumentList(await createdAfter('0001-01-01T00:00:00.000Z'), 'projects').total,
    ).toBeGreaterThan(0)
  })
})

describe('data', () => {
  itLeavesDataUnchanged(suite)
})
