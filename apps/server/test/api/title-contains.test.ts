import { Query } from 'appwrite'
import { sql } from 'drizzle-orm'
import { PROJECT_CARD_FIELDS } from '@pg/shared/constants'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../support/factories'
import { listUrl, signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * `contains(title, values)` is answered from the search index's folded titles (decision 031). The contract says what it answers: a case- and
 * accent-insensitive substring match, values ORed. Each answer here is compared with the database's own
 * answer to the same question, asked as an `or` of one `contains` per value, which the index never takes.
 */
let server: TestServer
let cookie = ''

/** Titles whose folding or matching is easy to get wrong; the demo catalogue's 720 are there too. */
const TRICKY_TITLES = [
  'Canción ﬁnal del año',
  'ＦＵＬＬＷＩＤＴＨ ５０％ descuento',
  'snake_case al 100% sin \\ barra',
  'Straße und Ærø: Œuvre',
  'Ñandú MAYÚSCULAS',
  'Robot 🤖 amable',
  'Ǆungla de İstanbul',
  'Agente de agentes',
]

beforeAll(async () => {
  server = await startTestServer()
  cookie = (await signIn(server, await createMember(server.database))).cookie
  for (const [at, title] of TRICKY_TITLES.entries()) {
    await server.database.rows(
      sql`INSERT INTO projects (id, title, created_at) VALUES (${`tricky${at}`}, ${title}, now() - ${`${at} days`}::interval)`,
    )
  }
})
afterAll(() => server.close())

const CARDS = Query.select([...PROJECT_CARD_FIELDS])

async function list(queries: string[], total: boolean) {
  const response = await server.app.inject({
    method: 'GET',
    url: listUrl('projects', queries, total ? '' : '&total=false'),
    headers: { cookie },
  })
  return { status: response.statusCode, body: response.json<unknown>() }
}

/**
 * Waits until the index holds `title`: it is built again for each catalogue version, which is read once
 * a second. A card page from the index adds nothing to the answer cache.
 */
async function indexHolds(title: string) {
  const deadline = Date.now() + 30_000
  // A new address each time: an answer from the cards is cached when its address comes again.
  for (let attempt = 1; Date.now() < deadline; attempt++) {
    const entries = server.app.answerCache.usage().entries
    const page = [Query.contains('title', [title]), CARDS, Query.limit(attempt)]
    const { body } = await list(page, true)
    const fromIndex = server.app.answerCache.usage().entries === entries
    if (fromIndex && (body as { total: number }).total > 0) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`The search index did not come to hold "${title}"`)
}

const VALUE_SETS: string[][] = [
  ['asistente'],
  ['ASISTENTE', 'datos'],
  ['ﬁnal'],
  ['FINAL'],
  ['fullwidth 50%'],
  ['％'],
  ['%'],
  ['_'],
  ['\\'],
  ['ss'],
  ['ß'],
  ['ae'],
  ['oe'],
  ['Ñ'],
  ['nandu may'],
  ['🤖'],
  ['dzungla'],
  ['istanbul'],
  ['a'],
  ['de'],
  ['agente de ag'],
  [''],
  ['   '],
  ['nada de esto existe', 'tampoco'],
]

const ORDERS: string[][] = [
  [],
  [Query.orderDesc('$sequence')],
  [Query.orderAsc('title')],
  [Query.orderDesc('title'), Query.orderDesc('$sequence')],
  [Query.orderDesc('$createdAt')],
]

/** The database's answer: one `contains` per value in an `or`, which the index does not answer. */
const asked = (values: string[]) => {
  const [first = '', ...others] = values
  return {
    index: Query.contains('title', values),
    database: Query.or(
      [first, ...(others.length > 0 ? others : [first])].map((value) => Query.contains('title', [value])),
    ),
  }
}

describe('contains(title, …) from the index', () => {
  beforeAll(() => indexHolds(TRICKY_TITLES.at(-1) ?? ''))

  it('is answered from memory', async () => {
    const entries = server.app.answerCache.usage().entries
    const { status, body } = await list([Query.contains('title', ['robot']), CARDS], true)
    expect(status).toBe(200)
    expect(body).toMatchObject({ total: expect.any(Number) })
    expect(server.app.answerCache.usage().entries).toBe(entries)
    // Asked again, it is worth keeping: the second answer is cached, the third is that one.
    const again = await list([Query.contains('title', ['robot']), CARDS], true)
    expect(server.app.answerCache.usage().entries).toBe(entries + 1)
    expect(again.body).toEqual(body)
    expect((await list([Query.contains('title', ['robot']), CARDS], true)).body).toEqual(body)
    expect(server.app.answerCache.usage().entries).toBe(entries + 1)
  })

  it.each(VALUE_SETS.map((values) => [JSON.stringify(values), values] as const))(
    'answers %s as the database does, in every order',
    async (_, values) => {
      const query = asked(values)
      for (const orders of ORDERS) {
        for (const select of [CARDS, Query.select(['title'])]) {
          const page = [...orders, select, Query.limit(7)]
          const fromIndex = await list([query.index, ...page], true)
          const fromDatabase = await list([query.database, ...page], true)
          expect(fromIndex.status).toBe(200)
          expect(fromIndex.body, `${values.join('|')} ${orders.join(' ')}`).toEqual(fromDatabase.body)
        }
      }
    },
  )

  it('pages by cursor and offset as the database does', async () => {
    const query = asked(['de', 'ción'])
    const everything = await list([query.database, Query.select(['title']), Query.limit(100)], false)
    const ids = (everything.body as { documents: { $id: string }[] }).documents.map(({ $id }) => $id)
    expect(ids.length).toBeGreaterThan(20)
    const cursors = [ids[10] ?? '', ids[50] ?? '', 'tricky4', 'tricky7']
    for (const orders of ORDERS) {
      for (const cursorId of cursors) {
        for (const cursor of [Query.cursorAfter(cursorId), Query.cursorBefore(cursorId)]) {
          for (const offset of [0, 3]) {
            const page = [...orders, cursor, Query.offset(offset), Query.limit(6), CARDS]
            const fromIndex = await list([query.index, ...page], false)
            const fromDatabase = await list([query.database, ...page], false)
            expect(fromIndex.body, `${orders.join(' ')} ${cursor} ${offset}`).toEqual(fromDatabase.body)
          }
        }
      }
    }
  })

  it('refuses an unknown cursor as the database does', async () => {
    const fromIndex = await list(
      [Query.contains('title', ['de']), Query.cursorAfter('missing'), CARDS],
      false,
    )
    expect(fromIndex).toMatchObject({ status: 400, body: { type: 'general_cursor_not_found' } })
  })
})

it('folds printable ASCII as lower case, as the index assumes of the database', async () => {
  const printable = Array.from({ length: 0x7f - 0x20 }, (_, at) => String.fromCharCode(0x20 + at)).join('')
  const [row] = await server.database.rows(sql`SELECT search_text(${printable}) AS folded`)
  expect(row?.folded).toBe(printable.toLowerCase())
})

it('follows a new title once the index of the new catalogue version is built', async () => {
  const before = await list([Query.contains('title', ['zorro volador']), CARDS], true)
  expect(before.body).toMatchObject({ total: 0 })
  await server.database.rows(sql`INSERT INTO projects (id, title) VALUES ('zorro', 'El Zorro Volador')`)
  await indexHolds('zorro volador')
})
