import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { expectBadRequest, type ErrorType } from './support/answers'
import { badQuery } from './support/bad-query-shapes'
import { singleBadQuery } from './support/bad-query-values'
import { badQueriesParam, badQueryAmongValid } from './support/bad-requests'
import { itLeavesDataUnchanged, useMemberSuite } from './support/member-suite'
import { FILLER, type Query } from './support/query-model'

/**
 * Malformed `queries` on `GET …/documents` and `GET …/documents/:id`, against the real app as a member:
 * each is a 400 in Appwrite's error shape with the right type, never a 5xx, and none changes data.
 */
const suite = useMemberSuite()

describe('malformed queries', () => {
  it('a bad query among valid ones is a 400 in the Appwrite error shape, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(badQueryAmongValid, async (request) => {
        expectBadRequest(await suite.client.listRaw(request.collection, request.search), request.type)
      }),
      { numRuns: 300 },
    )
  })

  it('a bad `queries` parameter (too many, too long, not an array, repeated) is a 400', async () => {
    await fc.assert(
      fc.asyncProperty(badQueriesParam, async (request) => {
        expectBadRequest(await suite.client.listRaw(request.collection, request.search), request.type)
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
          expectBadRequest(await suite.client.getTexts(bad.collection, 'demo-0001', [bad.text]), bad.type)
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
        typeof queries === 'string'
          ? await suite.client.listRaw('projects', queries)
          : await suite.client.list('projects', queries)
      expectBadRequest(answer, type)
      expect(answer.body).toMatchObject({ message, version: expect.any(String) })
    }
  })
})

describe('data', () => {
  itLeavesDataUnchanged(suite)
})
