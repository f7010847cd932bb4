import { Query } from 'appwrite'
import { sql } from 'drizzle-orm'
import { TEXT_SEARCH_ATTRIBUTE } from '@pg/shared/search-text'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../support/factories'
import { listUrl, signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * The member's search, `search("$text", …)` (decision 029), on the demo catalogue plus a few projects
 * whose invented words no demo project says, so what they match is known exactly.
 */
let server: TestServer
let cookie = ''

interface Listing {
  total: number
  documents: { $id: string; title: string; [key: string]: unknown }[]
}

const get = (queries: string[]) =>
  server.app.inject({ method: 'GET', url: listUrl('projects', queries), headers: { cookie } })

async function list(queries: string[]): Promise<Listing> {
  const response = await get(queries)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

const search = (text: string, ...more: string[]) =>
  list([Query.search(TEXT_SEARCH_ATTRIBUTE, text), Query.limit(100), ...more])
const ids = (listing: Listing) => listing.documents.map((document) => document.$id)

/** The catalogue version is read at most once a second and the index follows it: wait until it has. */
async function searchUntil(text: string, done: (listing: Listing) => boolean): Promise<Listing> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const listing = await search(text)
    if (done(listing) || Date.now() > deadline) return listing
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

const projects = [
  { id: 'ts-title', title: 'Kalimbero Volantino', author: 'Ana Pérez', subtitle: 'Un proyecto de prueba' },
  { id: 'ts-author', title: 'Otro proyecto de prueba', author: 'Kalimbero Sánchez', subtitle: null },
  { id: 'ts-subtitle', title: 'Tercer proyecto', author: null, subtitle: 'Usa kalimbero para todo' },
  { id: 'ts-tag', title: 'Cuarto proyecto', author: null, subtitle: null },
  { id: 'ts-typo', title: 'Kalimbreo rápido', author: null, subtitle: null },
  { id: 'ts-accents', title: 'Pájaro Ñandú Braxol', author: null, subtitle: 'Volantino' },
]

beforeAll(async () => {
  server = await startTestServer()
  cookie = (await signIn(server, await createMember(server.database))).cookie
  for (const project of projects) {
    await server.database.rows(sql`
      INSERT INTO projects (id, title, author, subtitle)
      VALUES (${project.id}, ${project.title}, ${project.author}, ${project.subtitle})`)
  }
  await server.database.rows(sql`INSERT INTO tags (id, name) VALUES ('tag-kalimbero', 'Kalimbero')`)
  await server.database.rows(
    sql`INSERT INTO project_tags (id, project_id, tag_id) VALUES ('pt-ts', 'ts-tag', 'tag-kalimbero')`,
  )
  const ready = await searchUntil('kalimbero', (listing) => ids(listing).includes('ts-tag'))
  expect(ids(ready)).toContain('ts-tag')
})
afterAll(() => server.close())

describe('search("$text")', () => {
  it('ranks exact before a typo, then title, then author, then subtitle, then tags', async () => {
    const result = await search('kalimbero')
    // Typos before fields, as Meilisearch ranks (decision 067).
    expect(ids(result)).toEqual(['ts-title', 'ts-author', 'ts-subtitle', 'ts-tag', 'ts-typo'])
    expect(result.total).toBe(5)
  })

  it('ranks projects that match more of the words first', async () => {
    const result = await search('volantino kalimbero')
    // Both words first; then one word, exactly before with a typo, then by where it was found.
    expect(ids(result)).toEqual(['ts-title', 'ts-author', 'ts-subtitle', 'ts-accents', 'ts-tag', 'ts-typo'])
  })

  it('tolerates one typo in words of 5 letters or more, two in words of 9 or more, none in shorter ones', async () => {
    expect(ids(await search('brexol'))).toEqual(['ts-accents'])
    expect(ids(await search('brexul'))).toEqual([])
    // Two typos from "kalimbero" (9 letters), three from "kalimbreo"; a wrong first letter counts one
    // (decision 067): "xalimbero" is also "kalimbreo" with two.
    const everyKalimbero = ['ts-title', 'ts-author', 'ts-subtitle', 'ts-tag']
    expect(ids(await search('kelimbaro'))).toEqual(everyKalimbero)
    expect(ids(await search('xalimbero'))).toEqual([...everyKalimbero, 'ts-typo'])
    expect(ids(await search('xalimbaro'))).toEqual(everyKalimbero)
    expect(ids(await search('xelimbaro'))).toEqual([])
    expect(ids(await search('praxol'))).toEqual(['ts-accents'])
    expect(ids(await search('prexol'))).toEqual([])
    // Four letters: exact only (and as the last word, the start of a word).
    expect(ids(await search('brax'))).toEqual(['ts-accents'])
    expect(ids(await search('brex ana'))).not.toContain('ts-accents')
  })

  it('finds "Asistente virtual" from "asistnte virtal", those with both words first', async () => {
    const result = await search('asistnte virtal')
    expect(result.total).toBeGreaterThan(0)
    const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
    const first = result.documents[0]?.title ?? ''
    expect(fold(first)).toMatch(/asistente/)
    expect(fold(first)).toMatch(/virtual/)
  })

  it('matches the last word as the start of a word, as it is typed', async () => {
    expect(ids(await search('kalimb'))).toEqual(['ts-title', 'ts-typo', 'ts-author', 'ts-subtitle', 'ts-tag'])
    // An earlier word too (decision 067): both words first, then exactly before by a start.
    expect(ids(await search('kalimb volantino'))).toEqual([
      'ts-title',
      'ts-accents',
      'ts-typo',
      'ts-author',
      'ts-subtitle',
      'ts-tag',
    ])
    // A typo in the start of a word only from 7 letters: "volamt" is no start of "volantino".
    expect(ids(await search('volamtin'))).toEqual(['ts-title', 'ts-accents'])
    expect(ids(await search('volamt'))).toEqual([])
  })

  it('ignores accents and case, in the text and in the query', async () => {
    expect(ids(await search('PAJARO nandu'))).toEqual(['ts-accents'])
    expect(ids(await search('KÁLIMBERO')).slice(0, 1)).toEqual(['ts-title'])
    expect(ids(await search('kalimbero'.normalize('NFD')))).toHaveLength(5)
  })

  it('matches nothing for text without words, and nothing it does not know', async () => {
    expect(await search('‖ ¿?')).toEqual({ total: 0, documents: [] })
    expect(await search('zzzqqqxxx')).toEqual({ total: 0, documents: [] })
  })

  it('answers with the selected attributes, like any list', async () => {
    const result = await list([
      Query.search(TEXT_SEARCH_ATTRIBUTE, 'kalimbero'),
      Query.select(['title', 'category.*']),
      Query.limit(1),
    ])
    expect(result.documents).toEqual([
      expect.objectContaining({ $id: 'ts-title', title: 'Kalimbero Volantino', category: null }),
    ])
    expect(result.documents[0]).not.toHaveProperty('author')
  })
})

describe('paging and sorting a search', () => {
  it('pages with cursorAfter through the ranked matches without gaps or repeats', async () => {
    const all = ids(await search('proyecto kalimbero'))
    expect(all.length).toBeGreaterThan(10)
    const seen: string[] = []
    let cursor: string | undefined
    for (;;) {
      const page = await list([
        Query.search(TEXT_SEARCH_ATTRIBUTE, 'proyecto kalimbero'),
        Query.limit(3),
        ...(cursor ? [Query.cursorAfter(cursor)] : []),
      ])
      seen.push(...ids(page))
      if (page.documents.length < 3) break
      cursor = page.documents.at(-1)?.$id
    }
    expect(seen).toEqual(all)
    // cursorBefore pages back, in the same order.
    const before = await list([
      Query.search(TEXT_SEARCH_ATTRIBUTE, 'proyecto kalimbero'),
      Query.limit(3),
      Query.cursorBefore(all[5] ?? ''),
    ])
    expect(ids(before)).toEqual(all.slice(2, 5))
    const offset = await list([
      Query.search(TEXT_SEARCH_ATTRIBUTE, 'proyecto kalimbero'),
      Query.limit(2),
      Query.offset(3),
    ])
    expect(ids(offset)).toEqual(all.slice(3, 5))
  })

  it('a cursor on a project the search does not match ends the pages; an unknown one is an error', async () => {
    const after = await list([
      Query.search(TEXT_SEARCH_ATTRIBUTE, 'kalimbero'),
      Query.cursorAfter('demo-0001'),
    ])
    expect(after.documents).toEqual([])
    const response = await get([Query.search(TEXT_SEARCH_ATTRIBUTE, 'kalimbero'), Query.cursorAfter('nope')])
    expect(response.json()).toMatchObject({ code: 400, type: 'general_cursor_not_found' })
  })

  it('orders a search A–Z or newest first, as the same orders list every project', async () => {
    const matched = new Set(ids(await search('proyecto')))
    const listAll = async (orders: string[]) => {
      const found: string[] = []
      let cursor: string | undefined
      for (;;) {
        const page = await list([...orders, Query.limit(100), ...(cursor ? [Query.cursorAfter(cursor)] : [])])
        found.push(...ids(page))
        if (page.documents.length < 100) return found
        cursor = page.documents.at(-1)?.$id
      }
    }
    for (const orders of [
      [Query.orderAsc('title')],
      [Query.orderDesc('title')],
      [Query.orderDesc('$createdAt'), Query.orderDesc('$sequence')],
      [Query.orderAsc('$createdAt')],
      [Query.orderDesc('$sequence')],
    ]) {
      const expected = (await listAll(orders)).filter((id) => matched.has(id))
      expect(ids(await search('proyecto', ...orders)), orders.join()).toEqual(expected)
    }
  })
})

describe('what a search on "$text" refuses', () => {
  it.each([
    ['another filter beside it', [Query.search('$text', 'voz'), Query.equal('category', 'cat-voz')]],
    ['inside or', [Query.or([Query.search('$text', 'voz'), Query.isNull('category')])]],
    ['another method', [Query.contains('$text', ['voz'])]],
    ['an order the index has no rank for', [Query.search('$text', 'voz'), Query.orderAsc('$id')]],
    [
      'two orders besides $sequence',
      [Query.search('$text', 'voz'), Query.orderAsc('title'), Query.orderDesc('$createdAt')],
    ],
  ])('%s', async (_, queries) => {
    const response = await get(queries)
    expect(response.json()).toMatchObject({ code: 400, type: 'general_query_invalid' })
  })

  it('on another collection, where "$text" is no attribute', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: listUrl('tags', [Query.search('$text', 'voz')]),
      headers: { cookie },
    })
    expect(response.json()).toMatchObject({ code: 400, type: 'general_query_invalid' })
  })
})

it('follows a catalogue change: the next index finds the new words, and the old ones no more', async () => {
  await server.database.rows(sql`UPDATE projects SET title = 'Zapatilla Renovada' WHERE id = 'ts-accents'`)
  const found = await searchUntil('zapatilla', (listing) => ids(listing).includes('ts-accents'))
  expect(ids(found)).toEqual(['ts-accents'])
  expect(ids(await search('braxol'))).toEqual([])
})
