import { Query } from 'appwrite'
import { sql } from 'drizzle-orm'
import { PROJECT_CARD_FIELDS } from '@pg/shared/constants'
import { TEXT_SEARCH_ATTRIBUTE } from '@pg/shared/search-text'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { signInConsoleCallers } from '../support/console-callers'
import { createMember } from '../support/factories'
import { listUrl, signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * Issue 28, item 4: one member (or a script with their session) could fill the log of searches without
 * results, about 200 rows a second, with what they typed as typed. Each member adds each term once a
 * day and at most 20 terms a day, the day keeps at most its number of terms (later ones count without
 * their term), and an email address or a phone number is never stored (decision 058).
 */
let server: TestServer
let adminCookie = ''
const TERMS_PER_DAY = 30

beforeAll(async () => {
  // The timer never writes here: each test reads the log through the Overview, which writes first.
  server = await startTestServer({
    searchLogLimits: { flushEveryMs: 600_000, maxTermsPerFlush: 1_000, termsPerDay: TERMS_PER_DAY },
  })
  ;({ adminCookie } = await signInConsoleCallers(server))
})
afterAll(() => server.close())

async function searchNothing(cookie: string, text: string) {
  const response = await server.app.inject({
    method: 'GET',
    url: listUrl('projects', [
      Query.search(TEXT_SEARCH_ATTRIBUTE, text),
      Query.select([...PROJECT_CARD_FIELDS]),
      Query.limit(20),
    ]),
    headers: { cookie },
  })
  expect(response.json<{ documents: unknown[] }>().documents, text).toEqual([])
}

/** A word no project has, different for each number. */
const nonsense = (index: number) =>
  `qxzv${String.fromCharCode(97 + (index % 26))}${String.fromCharCode(97 + Math.floor(index / 26))}`

const newMemberCookie = async () => (await signIn(server, await createMember(server.database))).cookie

interface Overview {
  searchesWithoutResults: { term: string; count: number }[]
  otherSearchesWithoutResults: number
}
async function overview(): Promise<Overview> {
  const response = await server.app.inject({
    method: 'GET',
    url: '/v1/store/overview',
    headers: { cookie: adminCookie },
  })
  expect(response.statusCode).toBe(200)
  return response.json<Overview>()
}

const storedRows = async () =>
  (await server.database.rows(sql`SELECT term, count FROM searches_without_results ORDER BY term`)).map(
    (row) => ({ term: String(row.term), count: Number(row.count) }),
  )

it('keeps no email address or phone number a member typed', async () => {
  const cookie = await newMemberCookie()
  await searchNothing(cookie, 'Zqxjw Qxvzk.Wqzx@Zzqxw.zq')
  await searchNothing(cookie, 'zqxjp +34 612 345 678')
  const terms = (await overview()).searchesWithoutResults.map((search) => search.term)
  expect(terms).toEqual(expect.arrayContaining(['zqxjw [email]', 'zqxjp [tel]']))
  const stored = JSON.stringify(await storedRows())
  expect(stored).not.toContain('@')
  expect(stored).not.toContain('qxvzk')
  expect(stored).not.toMatch(/612|345|678/)
})

it('takes from one member each term once a day and at most 20 terms, whatever they send', async () => {
  await server.database.rows(sql`DELETE FROM searches_without_results`)
  const cookie = await newMemberCookie()
  // A script with one session: 60 different terms, each three times.
  for (let round = 0; round < 3; round++)
    for (let index = 0; index < 60; index++) await searchNothing(cookie, `zqxjb ${nonsense(index)}`)
  await overview()
  const rows = await storedRows()
  expect(rows).toHaveLength(20)
  expect(rows.every((row) => row.count === 1)).toBe(true)
})

it('keeps at most its number of terms a day; later terms count without their term', async () => {
  await server.database.rows(sql`DELETE FROM searches_without_results`)
  // Twelve members, ten new terms each: 120 terms for a day that keeps 30 by name.
  for (let member = 0; member < 12; member++) {
    const cookie = await newMemberCookie()
    for (let index = 0; index < 10; index++) await searchNothing(cookie, nonsense(member * 10 + index))
    // Each write adds to what the day holds already: the bound holds across writes too.
    if (member % 4 === 3) await overview()
  }
  // A term the day keeps still counts by name once the day is full.
  await searchNothing(await newMemberCookie(), nonsense(0))
  const { searchesWithoutResults, otherSearchesWithoutResults } = await overview()
  const rows = await storedRows()
  expect(rows.filter((row) => row.term !== '')).toHaveLength(TERMS_PER_DAY)
  expect(rows.find((row) => row.term === nonsense(0))?.count).toBe(2)
  expect(otherSearchesWithoutResults).toBe(120 - TERMS_PER_DAY)
  expect(rows.reduce((total, row) => total + row.count, 0)).toBe(121)
  // The Overview lists terms only: the searches without one are their own number.
  expect(searchesWithoutResults.map((search) => search.term)).not.toContain('')
  expect(searchesWithoutResults[0]).toMatchObject({ term: nonsense(0), count: 2 })
})
