import { Query } from 'appwrite'
import { sql } from 'drizzle-orm'
import { PROJECT_CARD_FIELDS } from '@pg/shared/constants'
import { TEXT_SEARCH_ATTRIBUTE } from '@pg/shared/search-text'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMember } from '../support/factories'
import { listUrl, signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * A search page with the gallery's select is put together from the cards the index keeps (decision
 * 030): the same documents, byte for byte, as the database gives for the same select, and they follow
 * a catalogue change as the index does.
 */
let server: TestServer
let cookie = ''

beforeAll(async () => {
  server = await startTestServer()
  cookie = (await signIn(server, await createMember(server.database))).cookie
})
afterAll(() => server.close())

const CARD_SELECT = Query.select([...PROJECT_CARD_FIELDS])

async function documentsOf(queries: string[]): Promise<string[]> {
  const response = await server.app.inject({
    method: 'GET',
    url: listUrl('projects', queries),
    headers: { cookie },
  })
  expect(response.statusCode, response.body).toBe(200)
  const listing = response.json<{ documents: unknown[] }>()
  // Each document's own JSON text: the cards are kept serialized, so compare them as sent.
  return listing.documents.map((document) => JSON.stringify(document))
}

const searchPage = (text: string) =>
  documentsOf([Query.search(TEXT_SEARCH_ATTRIBUTE, text), Query.limit(20), CARD_SELECT])

/** The same projects read from the database (by id, in `$sequence` order), with the same select. */
async function fromDatabase(cards: string[]): Promise<Map<string, string>> {
  const ids = cards.map((card) => (JSON.parse(card) as { $id: string }).$id)
  const documents = await documentsOf([Query.equal('$id', ids), Query.limit(100), CARD_SELECT])
  return new Map(documents.map((document) => [(JSON.parse(document) as { $id: string }).$id, document]))
}

it('answers a search page with the documents the database gives for the same select', async () => {
  await searchPage('warm up: waits for the index')
  const entries = server.app.answerCache.usage().entries
  const cards = await searchPage('asistente datos')
  // Put together from the cards, with no statement: nothing was computed to be cached.
  expect(server.app.answerCache.usage().entries).toBe(entries)
  expect(cards).toHaveLength(20)
  const stored = await fromDatabase(cards)
  for (const card of cards) {
    const { $id } = JSON.parse(card) as { $id: string }
    expect(card).toBe(stored.get($id))
  }
  // The category is expanded, as the gallery selects it.
  expect(JSON.parse(cards[0] ?? '{}')).toMatchObject({ category: { $collectionId: 'categories' } })
})

it('reads any other select from the database', async () => {
  const entries = server.app.answerCache.usage().entries
  const titles = await documentsOf([
    Query.search(TEXT_SEARCH_ATTRIBUTE, 'asistente datos'),
    Query.limit(20),
    Query.select(['title']),
  ])
  expect(server.app.answerCache.usage().entries).toBe(entries + 1)
  const cards = await searchPage('asistente datos')
  expect(titles.map((text) => JSON.parse(text) as { $id: string; title: string })).toEqual(
    cards.map((text) => {
      const { $id, title, $sequence, $createdAt, $updatedAt } = JSON.parse(text) as Record<string, string>
      return expect.objectContaining({ $id, title, $sequence, $createdAt, $updatedAt })
    }),
  )
  expect(JSON.parse(titles[0] ?? '{}')).not.toHaveProperty('problem_solved')
})

it('follows a change of a project and of its category with the next index', async () => {
  const [first = '{}'] = await searchPage('asistente datos')
  const { $id, category } = JSON.parse(first) as { $id: string; category: { $id: string } }
  await server.database.rows(sql`UPDATE projects SET subtitle = 'Subtítulo nuevo' WHERE id = ${$id}`)
  await server.database.rows(sql`UPDATE categories SET name = 'Categoría nueva' WHERE id = ${category.$id}`)
  const deadline = Date.now() + 20_000
  let card: { subtitle?: string; category?: { name?: string } } = {}
  while (Date.now() < deadline) {
    const cards = await searchPage('asistente datos')
    const found = cards.find((text) => text.includes(`"$id":"${$id}"`))
    card = found ? (JSON.parse(found) as typeof card) : {}
    if (card.subtitle === 'Subtítulo nuevo' && card.category?.name === 'Categoría nueva') break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  expect(card).toMatchObject({ subtitle: 'Subtítulo nuevo', category: { name: 'Categoría nueva' } })
  const cards = await searchPage('asistente datos')
  const stored = await fromDatabase(cards)
  for (const text of cards) expect(text).toBe(stored.get((JSON.parse(text) as { $id: string }).$id))
})
