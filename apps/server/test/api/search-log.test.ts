import { Query } from 'appwrite'
import { sql } from 'drizzle-orm'
import { PROJECT_CARD_FIELDS } from '@pg/shared/constants'
import { TEXT_SEARCH_ATTRIBUTE } from '@pg/shared/search-text'
import { expect, it } from 'vitest'
import { createMember } from '../support/factories'
import { listUrl, signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'

/** The searches that found nothing are written in the background and when the server stops (decision 044). */
async function searchNothing(server: TestServer, cookie: string, text: string) {
  const response = await server.app.inject({
    method: 'GET',
    url: listUrl('projects', [
      Query.search(TEXT_SEARCH_ATTRIBUTE, text),
      Query.select([...PROJECT_CARD_FIELDS]),
      Query.limit(20),
    ]),
    headers: { cookie },
  })
  expect(response.json<{ documents: unknown[] }>().documents).toEqual([])
}

const loggedTerms = async (server: TestServer) =>
  (await server.database.rows(sql`SELECT term, count FROM searches_without_results ORDER BY term`)).map(
    (row) => [row.term, Number(row.count)],
  )

it('writes every few seconds without being asked', async () => {
  const server = await startTestServer({ searchLogLimits: { flushEveryMs: 50, maxTermsPerFlush: 10 } })
  try {
    const { cookie } = await signIn(server, await createMember(server.database))
    const { cookie: another } = await signIn(server, await createMember(server.database))
    // Two members: one member's term counts once a day (decision 058).
    for (const [text, by] of [
      ['qwzxa', cookie],
      ['QWZXA', another],
      ['qwzxb', cookie],
    ] as const)
      await searchNothing(server, by, text)
    const expected = [
      ['qwzxa', 2],
      ['qwzxb', 1],
    ]
    const deadline = Date.now() + 5_000
    while (JSON.stringify(await loggedTerms(server)) !== JSON.stringify(expected) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await loggedTerms(server)).toEqual(expected)
  } finally {
    await server.close()
  }
})

it('writes what is left when the server stops', async () => {
  const server = await startTestServer({ searchLogLimits: { flushEveryMs: 600_000, maxTermsPerFlush: 10 } })
  try {
    const { cookie } = await signIn(server, await createMember(server.database))
    await searchNothing(server, cookie, 'qwzxd')
    expect(await loggedTerms(server)).toEqual([])
    await server.app.close()
    expect(await loggedTerms(server)).toEqual([['qwzxd', 1]])
  } finally {
    await server.database.close()
  }
})
