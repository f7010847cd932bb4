import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { describeAnswer, expectDocumentList, expectListOrBadRequest, idsOf } from './support/answers'
import { injectionProbe, validityOf } from './support/injection-probes'
import { itLeavesDataUnchanged, useMemberSuite } from './support/member-suite'
import { catalog, TABLES } from './support/query-model'

/**
 * Injection-like and edge values (SQL, LIKE and regex syntax, folding hazards, NUL, out-of-range integers
 * and dates) in otherwise valid queries, against the real app as a member: each is a value, matched
 * literally, or a 400 — never a 5xx — and none changes data.
 */
const suite = useMemberSuite()

describe('injection-like values', () => {
  it('are values, matched literally: a 200 with exactly the literal matches, or a 400', async () => {
    await fc.assert(
      fc.asyncProperty(injectionProbe, async (probe) => {
        const answer = await suite.client.list(probe.collection, probe.queries)
        const result = expectListOrBadRequest(answer, probe.collection)
        const valid = validityOf(probe)
        if (valid !== undefined) expect(result !== null, describeAnswer(answer)).toBe(valid)
        if (probe.expected && result) {
          const [row] = await suite.server.database.rows(
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
        await suite.client.list('projects', [{ method, attribute: 'title', values: [value] }]),
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
      await suite.client.list('projects', [
        { method: 'equal', attribute: '$id', values: [first?.id, "x' OR '1'='1"] },
      ]),
      'projects',
    )
    expect(idsOf(hits.documents)).toEqual([first?.id])
  })
})

describe('data', () => {
  itLeavesDataUnchanged(suite)
})
