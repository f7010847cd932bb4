import { Query } from 'appwrite'
import { sql } from 'drizzle-orm'
import { TEXT_SEARCH_ATTRIBUTE } from '@pg/shared/search-text'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app'
import { openServerDatabase, type DatabaseHandle } from '../../src/platform/db/client'
import { signInConsoleCallers } from '../support/console-callers'
import { createMember } from '../support/factories'
import { listUrl, signIn } from '../support/inject'
import { databaseUrlFor } from '../support/template-database'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'
import { WITHIN_A_SECOND_MS } from '../support/timing-bounds'

/**
 * The owner's search synonyms (issue 34, decision 067): the console's routes, and a member's search that
 * finds through a synonym at once after it is added, and no longer after it is removed. Invented words
 * that no demo project says, so what each search finds is known exactly.
 */
let server: TestServer
let adminCookie = ''
let memberCookie = ''
let readerCookie = ''

const URL = '/v1/store/search-synonyms'

const projects = [
  { id: 'syn-short', title: 'Panel Zirkonel', author: 'Ana Pérez' },
  { id: 'syn-multi', title: 'Asistente Vorbanita Quelmara', author: null },
  { id: 'syn-bot', title: 'Trasgobot para tiendas', author: null },
]

interface Listing {
  documents: { $id: string; title: string }[]
}

async function search(app: TestServer['app'], text: string): Promise<string[]> {
  const response = await app.inject({
    method: 'GET',
    url: listUrl('projects', [Query.search(TEXT_SEARCH_ATTRIBUTE, text), Query.limit(10)]),
    headers: { cookie: readerCookie },
  })
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as Listing).documents.map((document) => document.$id)
}

const add = (oneSide: unknown, otherSide: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: URL,
    payload: { oneSide, otherSide },
    headers: { cookie: adminCookie, ...headers },
  })

const remove = (id: string) =>
  server.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers: { cookie: adminCookie } })

async function waitFor(done: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now()
  while (!(await done()) && Date.now() - started < ms) await new Promise((resolve) => setTimeout(resolve, 20))
  return Date.now() - started
}

beforeAll(async () => {
  server = await startTestServer()
  ;({ adminCookie, memberCookie } = await signInConsoleCallers(server))
  readerCookie = (await signIn(server, await createMember(server.database))).cookie
  for (const project of projects)
    await server.database.rows(
      sql`INSERT INTO projects (id, title, author) VALUES (${project.id}, ${project.title}, ${project.author})`,
    )
  await waitFor(async () => (await search(server.app, 'zirkonel')).includes('syn-short'), 20_000)
})
afterAll(() => server.close())

describe('the search synonyms’ routes', () => {
  it('refuse a visitor and a member (401 user_unauthorized) on every route', async () => {
    const routes = [
      { method: 'GET', url: URL },
      { method: 'GET', url: `${URL}/preview?q=zirkonel` },
      { method: 'POST', url: URL },
      { method: 'DELETE', url: `${URL}/any` },
    ] as const
    for (const route of routes)
      for (const cookie of [undefined, memberCookie]) {
        const response = await server.app.inject({
          method: route.method,
          url: route.url,
          ...(route.method === 'POST' ? { payload: { oneSide: 'a1', otherSide: 'b1' } } : {}),
          headers: cookie ? { cookie } : {},
        })
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401)
        expect(response.json()).toMatchObject({ type: 'user_unauthorized' })
      }
    const listed = await server.app.inject({ method: 'GET', url: URL, headers: { cookie: adminCookie } })
    expect(listed.json()).toMatchObject({ total: 0, limit: 500, synonyms: [] })
  })

  it('a search finds through a synonym, both ways and a side of two words, at once after it is added', async () => {
    expect(await search(server.app, 'zirkonel')).toEqual(['syn-short'])
    expect(await search(server.app, 'vorbanita quelmara')).toEqual(['syn-multi'])

    const added = await add('Zirkonel', 'Vorbanita  QUELMARÁ')
    const answeredAt = Date.now()
    expect(added.statusCode, added.body).toBe(201)
    const synonym = added.json() as { $id: string; oneSide: string; otherSide: string }
    expect(synonym).toMatchObject({ oneSide: 'zirkonel', otherSide: 'vorbanita quelmara' })

    // The exact title of what was typed first, the project found through the synonym after it.
    expect(await search(server.app, 'zirkonel')).toEqual(['syn-short', 'syn-multi'])
    expect(Date.now() - answeredAt).toBeLessThan(WITHIN_A_SECOND_MS)
    expect(await search(server.app, 'Vorbanita Quelmara')).toEqual(['syn-multi', 'syn-short'])
    // Another form of a typed word applies it too; a side's words must all be held.
    expect(await search(server.app, 'zirkonels')).toEqual(['syn-short', 'syn-multi'])

    const audit = await server.app.inject({
      method: 'GET',
      url: '/v1/store/audit',
      headers: { cookie: adminCookie },
    })
    expect(audit.json()).toMatchObject({
      events: [
        {
          action: 'synonym.create',
          subject: `search-synonyms/${synonym.$id}`,
          after: { oneSide: 'zirkonel', otherSide: 'vorbanita quelmara' },
        },
      ],
    })

    const preview = await server.app.inject({
      method: 'GET',
      url: `${URL}/preview?q=${encodeURIComponent('zirkonel')}`,
      headers: { cookie: adminCookie },
    })
    expect(preview.json()).toEqual({
      q: 'zirkonel',
      withSynonyms: ['Panel Zirkonel', 'Asistente Vorbanita Quelmara'],
      withoutSynonyms: ['Panel Zirkonel'],
    })

    const removed = await remove(synonym.$id)
    expect(removed.statusCode).toBe(204)
    expect(await search(server.app, 'zirkonel')).toEqual(['syn-short'])
    expect(await search(server.app, 'vorbanita quelmara')).toEqual(['syn-multi'])
    const listed = await server.app.inject({ method: 'GET', url: URL, headers: { cookie: adminCookie } })
    expect(listed.json()).toMatchObject({ total: 0, synonyms: [] })
    const again = await remove(synonym.$id)
    expect(again.statusCode).toBe(404)
    expect(again.json()).toMatchObject({ type: 'document_not_found' })
  })

  it('"bot" ↔ "chatbot" kind: a one-word side that is not the other’s start', async () => {
    expect(await search(server.app, 'plimbot')).toEqual([])
    const added = await add('plimbot', 'trasgobot')
    expect(added.statusCode).toBe(201)
    expect(await search(server.app, 'plimbot')).toEqual(['syn-bot'])
    expect((await remove((added.json() as { $id: string }).$id)).statusCode).toBe(204)
    expect(await search(server.app, 'plimbot')).toEqual([])
  })

  it('refuses bad sides, the same pair twice (either way round) and more than 500, in English and Spanish', async () => {
    const refusals = [
      await add('', 'b1'),
      await add('uno dos tres cuatro cinco seis', 'b1'),
      await add('a'.repeat(61), 'b1'),
      await add(5, 'b1'),
      await add('Ñandú', 'nandu'),
    ]
    expect(refusals.map((response) => response.statusCode)).toEqual([400, 400, 400, 400, 400])
    expect(refusals[1]?.json()).toMatchObject({
      type: 'general_argument_invalid',
      message: 'Invalid `oneSide` param: Value must hold 1 to 5 words, at most 60 characters',
    })
    const spanish = await add('uno', 'uno', { 'accept-language': 'es' })
    expect(spanish.json()).toMatchObject({
      message: 'Los dos lados de un sinónimo deben ser distintos (sin contar mayúsculas ni tildes).',
    })

    const first = await add('kelvor', 'mandrite')
    expect(first.statusCode).toBe(201)
    const twice = await add('Mandrite', 'KELVOR', { 'accept-language': 'es' })
    expect(twice.statusCode).toBe(409)
    expect(twice.json()).toMatchObject({ message: 'El sinónimo "mandrite" ↔ "kelvor" ya existe.' })

    await server.database.rows(sql`
      INSERT INTO search_synonyms (id, one_side, other_side)
      SELECT 'bulk-' || n, 'uno' || n, 'dos' || n FROM generate_series(1, 499) AS n`)
    const full = await add('tres', 'cuatro')
    expect(full.statusCode).toBe(400)
    expect(full.json()).toMatchObject({
      message: 'The store keeps at most 500 synonyms: remove one before adding another.',
    })
    await server.database.rows(sql`DELETE FROM search_synonyms`)

    const noQuery = await server.app.inject({
      method: 'GET',
      url: `${URL}/preview`,
      headers: { cookie: adminCookie },
    })
    expect(noQuery.statusCode).toBe(400)
  })
})

describe('another instance on the same PostgreSQL database (with its search worker)', () => {
  const onPostgres = process.env.TEST_DB === 'postgres'
  let other: Awaited<ReturnType<typeof buildApp>> | null = null
  let otherDatabase: DatabaseHandle | null = null

  beforeAll(async () => {
    const baseUrl = process.env.TEST_DATABASE_URL
    if (!onPostgres || !baseUrl) return
    const [row] = await server.database.rows(sql`SELECT current_database() AS name`)
    otherDatabase = await openServerDatabase(databaseUrlFor(baseUrl, String(row?.name)), 5)
    other = await buildApp({ ...testConfig, searchWorker: 'on' }, otherDatabase)
    await other.ready()
    const instance = other
    await waitFor(async () => (await search(instance, 'zirkonel')).includes('syn-short'), 20_000)
  })
  afterAll(async () => {
    await other?.close()
    await otherDatabase?.close()
  })

  it.runIf(onPostgres)('searches through a synonym added on the first within a second', async () => {
    const instance = other
    if (!instance) throw new Error('No second instance')
    expect(await search(instance, 'zirkonel')).toEqual(['syn-short'])
    const added = await add('zirkonel', 'vorbanita quelmara')
    const took = await waitFor(
      async () => (await search(instance, 'zirkonel')).length === 2,
      5 * WITHIN_A_SECOND_MS,
    )
    expect(await search(instance, 'zirkonel')).toEqual(['syn-short', 'syn-multi'])
    expect(took).toBeLessThan(WITHIN_A_SECOND_MS)
    await remove((added.json() as { $id: string }).$id)
    const gone = await waitFor(
      async () => (await search(instance, 'zirkonel')).length === 1,
      5 * WITHIN_A_SECOND_MS,
    )
    expect(gone).toBeLessThan(WITHIN_A_SECOND_MS)
  })
})
