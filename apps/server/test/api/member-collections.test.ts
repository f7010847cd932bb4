import { Permission, Query, Role } from 'appwrite'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEMBER_COLLECTION_LIMITS } from '@pg/shared/member-collections'
import { signInConsoleCallers } from '../support/console-callers'
import { createMember, type TestMember } from '../support/factories'
import { listUrl, signIn } from '../support/inject'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

/**
 * Issue 32 (decision 064): members' named collections on Appwrite's documents routes, in-process. Who
 * may call each route, the permissions a member may write, the limits in both languages, concurrent
 * creates, a deleted member's collections, and the catalogue's four collections answering as before.
 * What another member reaches of a shared one, and ids per member, are in collection-share-links.
 */
let server: TestServer
let adminCookie = ''
let admin: TestMember

beforeAll(async () => {
  server = await startTestServer()
  ;({ adminCookie, admin } = await signInConsoleCallers(server))
})
afterAll(() => server.close())

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
const DOCUMENTS = `/v1/databases/${testConfig.databaseId}/collections/collections/documents`
const call = (
  method: Method,
  url: string,
  cookie: string | undefined,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  server.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  })

async function signedInMember() {
  const member = await createMember(server.database)
  return { ...member, cookie: (await signIn(server, member)).cookie }
}

const create = (cookie: string, data: object, extra: object = {}) =>
  call('POST', DOCUMENTS, cookie, { documentId: 'unique()', data, ...extra })

async function created(cookie: string, data: object = { name: 'Para clientes' }, extra: object = {}) {
  const response = await create(cookie, data, extra)
  expect(response.statusCode, response.body).toBe(201)
  return response.json<{ $id: string; $permissions: string[]; position: number; shareId: string | null }>()
}

const listOf = async (cookie: string, queries: string[] = []) => {
  const response = await call('GET', listUrl('collections', queries), cookie)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ total: number; documents: { $id: string; name: string }[] }>()
}

describe('who may call each route', () => {
  const routes: [Method, string][] = [
    ['POST', DOCUMENTS],
    ['GET', DOCUMENTS],
    ['GET', `${DOCUMENTS}/any-id`],
    ['PATCH', `${DOCUMENTS}/any-id`],
    ['DELETE', `${DOCUMENTS}/any-id`],
  ]

  it.each(routes)(
    '%s %s: a visitor gets 401 user_unauthorized, before a body is read',
    async (method, url) => {
      // A body that is not JSON at all: a 401 and not a 400 shows it was never parsed.
      const response = await server.app.inject({
        method,
        url,
        payload: '{not json',
        headers: { 'content-type': 'application/json' },
      })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ type: 'user_unauthorized' })
    },
  )

  it.each(routes)('%s %s: another database is 404 database_not_found for everyone', async (method, url) => {
    const elsewhere = url.replace(`/databases/${testConfig.databaseId}/`, '/databases/other/')
    for (const cookie of [undefined, adminCookie]) {
      const response = await call(method, elsewhere, cookie, method === 'POST' ? {} : undefined)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ type: 'database_not_found' })
    }
  })

  it('a member and an admin each make, read, change and delete their own; an admin reads no private other', async () => {
    const member = await signedInMember()
    for (const cookie of [member.cookie, adminCookie]) {
      const document = await created(cookie, { name: '  Probar este mes  ', projectIds: ['demo-0001'] })
      const url = `${DOCUMENTS}/${document.$id}`
      expect((await call('GET', url, cookie)).json()).toMatchObject({ name: 'Probar este mes' })
      const patched = await call('PATCH', url, cookie, { data: { position: 7 } })
      expect(patched.statusCode, patched.body).toBe(200)
      expect(patched.json()).toMatchObject({ position: 7, projectIds: ['demo-0001'] })
      expect((await call('DELETE', url, cookie)).statusCode).toBe(204)
      expect((await call('GET', url, cookie)).statusCode).toBe(404)
    }
    const private_ = await created(member.cookie)
    const byAdmin = await call('GET', `${DOCUMENTS}/${private_.$id}`, adminCookie)
    expect(byAdmin.statusCode).toBe(404)
    expect(byAdmin.json()).toMatchObject({ type: 'document_not_found' })
    expect((await call('DELETE', `${DOCUMENTS}/${private_.$id}`, adminCookie)).statusCode).toBe(404)
  })
})

describe('permissions a member may write', () => {
  it('keeps the owner’s three; write expands to update and delete; read("users") shares', async () => {
    const member = await signedInMember()
    const own = Role.user(member.id)
    const document = await created(
      member.cookie,
      { name: 'Compartida' },
      {
        permissions: [Permission.read(own), Permission.write(own), Permission.read(Role.users())],
      },
    )
    expect(document.$permissions.sort()).toEqual(
      [
        `read("user:${member.id}")`,
        `update("user:${member.id}")`,
        `delete("user:${member.id}")`,
        'read("users")',
      ].sort(),
    )
  })

  it.each([
    [
      'another member',
      (id: string) => [Permission.read(Role.user(id)), Permission.read(Role.user('someone-else'))],
    ],
    [
      'anyone',
      (id: string) => [
        Permission.read(Role.user(id)),
        Permission.write(Role.user(id)),
        Permission.read(Role.any()),
      ],
    ],
    [
      'a team',
      (id: string) => [
        Permission.read(Role.user(id)),
        Permission.write(Role.user(id)),
        Permission.read(Role.team('t1')),
      ],
    ],
    [
      'a label',
      (id: string) => [
        Permission.read(Role.user(id)),
        Permission.write(Role.user(id)),
        Permission.read(Role.label('vip')),
      ],
    ],
    [
      'users updating',
      (id: string) => [
        Permission.read(Role.user(id)),
        Permission.write(Role.user(id)),
        Permission.update(Role.users()),
      ],
    ],
  ])(
    'refuses a permission for %s with 401 user_unauthorized, in both languages',
    async (_who, permissions) => {
      const member = await signedInMember()
      for (const [language, words] of [
        ['en', 'Permissions must be one of'],
        ['es', 'Los permisos deben ser'],
      ]) {
        const response = await call(
          'POST',
          DOCUMENTS,
          member.cookie,
          { documentId: 'unique()', data: { name: 'X' }, permissions: permissions(member.id) },
          { 'x-appwrite-locale': language ?? 'en' },
        )
        expect(response.statusCode).toBe(401)
        expect(response.json()).toMatchObject({ type: 'user_unauthorized' })
        expect(response.json<{ message: string }>().message).toContain(words)
      }
      expect((await listOf(member.cookie, [Query.equal('ownerId', [member.id])])).total).toBe(0)
    },
  )

  it('refuses malformed permissions, and leaving out one of the owner’s three, with 400', async () => {
    const member = await signedInMember()
    const own = Role.user(member.id)
    for (const permissions of [
      'read("users")',
      ['read(users)'],
      [`create("user:${member.id}")`],
      [Permission.read(own), 42],
      [Permission.read(own), Permission.update(own)],
      [Permission.read(Role.users())],
      [],
    ]) {
      const response = await create(member.cookie, { name: 'X' }, { permissions })
      expect(response.statusCode, JSON.stringify(permissions)).toBe(400)
      expect(response.json()).toMatchObject({ type: 'general_argument_invalid' })
    }
  })

  it('shares by PATCHing permissions, and makes private again', async () => {
    const member = await signedInMember()
    const other = await signedInMember()
    const own = Role.user(member.id)
    const { $id } = await created(member.cookie)
    const url = `${DOCUMENTS}/${$id}`
    const shared = [
      Permission.read(own),
      Permission.update(own),
      Permission.delete(own),
      Permission.read(Role.users()),
    ]
    const sharing = await call('PATCH', url, member.cookie, { permissions: shared })
    expect(sharing.statusCode).toBe(200)
    // Issue 40 (decision 070): the other member reaches it by its share id, never by its document id.
    const shareUrl = `${DOCUMENTS}/${sharing.json<{ shareId: string }>().shareId}`
    expect((await call('GET', shareUrl, other.cookie)).statusCode).toBe(200)
    expect((await call('GET', url, other.cookie)).statusCode).toBe(404)
    for (const where of [url, shareUrl]) {
      expect((await call('PATCH', where, other.cookie, { data: { name: 'Mía' } })).statusCode).toBe(404)
      expect((await call('DELETE', where, other.cookie)).statusCode).toBe(404)
    }
    // A PATCH without permissions keeps them, and the link.
    expect((await call('PATCH', url, member.cookie, { data: { name: 'Otra' } })).statusCode).toBe(200)
    expect((await call('GET', shareUrl, other.cookie)).statusCode).toBe(200)
    expect((await call('PATCH', url, member.cookie, { permissions: shared.slice(0, 3) })).statusCode).toBe(
      200,
    )
    expect((await call('GET', shareUrl, other.cookie)).statusCode).toBe(404)
    expect((await call('PATCH', url, other.cookie, { data: { name: 'Mía' } })).statusCode).toBe(404)
  })
})

describe('what a member sends', () => {
  it('refuses bad data with clear 4xx answers in Spanish and in English', async () => {
    const member = await signedInMember()
    const cases: [object, string, string, string][] = [
      [{ documentId: 'unique()' }, 'general_argument_invalid', 'Param "data" is not optional.', 'data'],
      [{ documentId: 'unique()', data: 'x' }, 'general_argument_invalid', 'data', 'data'],
      [{ documentId: '-bad', data: { name: 'X' } }, 'general_argument_invalid', 'documentId', 'documentId'],
      [{ documentId: 'unique()', data: { name: '   ' } }, 'document_invalid_structure', 'name', 'vacío'],
      [{ documentId: 'unique()', data: { name: 'x'.repeat(61) } }, 'document_invalid_structure', '60', '60'],
      [
        { documentId: 'unique()', data: { name: 'X', colour: 'red' } },
        'document_invalid_structure',
        'colour',
        'colour',
      ],
      [
        { documentId: 'unique()', data: { name: 'X', projectIds: ['a', 'a'] } },
        'document_invalid_structure',
        'more than once',
        'más de una vez',
      ],
      [
        { documentId: 'unique()', data: { name: 'X', projectIds: ['no id!'] } },
        'document_invalid_structure',
        'projectIds',
        'projectIds',
      ],
      [
        { documentId: 'unique()', data: { name: 'X', position: 1.5 } },
        'document_invalid_structure',
        'position',
        'position',
      ],
      [
        { documentId: 'unique()', data: { name: 'X', ownerId: 'someone' } },
        'document_invalid_structure',
        'ownerId',
        'servidor',
      ],
      [
        {
          documentId: 'unique()',
          data: { name: 'X', projectIds: Array.from({ length: 101 }, (_, i) => `p${i}`) },
        },
        'document_invalid_structure',
        '100',
        '100',
      ],
    ]
    for (const [payload, type, english, spanish] of cases) {
      const inEnglish = await call('POST', DOCUMENTS, member.cookie, payload, { 'x-appwrite-locale': 'en' })
      const inSpanish = await call('POST', DOCUMENTS, member.cookie, payload, { 'x-appwrite-locale': 'es' })
      for (const response of [inEnglish, inSpanish]) {
        expect(response.statusCode, response.body).toBe(400)
        expect(response.json()).toMatchObject({ type })
      }
      expect(inEnglish.json<{ message: string }>().message).toContain(english)
      expect(inSpanish.json<{ message: string }>().message).toContain(spanish)
      expect(inSpanish.json<{ message: string }>().message).not.toBe(
        inEnglish.json<{ message: string }>().message,
      )
    }
    const { $id } = await created(member.cookie, { name: 'X', ownerId: member.id })
    const badPatch = await call('PATCH', `${DOCUMENTS}/${$id}`, member.cookie, { data: { projectIds: 'p1' } })
    expect(badPatch.statusCode).toBe(400)
    expect(
      (await call('PATCH', `${DOCUMENTS}/${$id}`, member.cookie, '[1]' as unknown as object)).statusCode,
    ).toBe(400)
    expect((await listOf(member.cookie, [Query.equal('ownerId', [member.id])])).total).toBe(1)
  })

  it('answers a taken id with 409 and an unknown one with 404', async () => {
    const member = await signedInMember()
    const { $id } = await created(member.cookie)
    const again = await call('POST', DOCUMENTS, member.cookie, { documentId: $id, data: { name: 'Y' } })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ type: 'document_already_exists' })
    for (const id of ['nope', '-not-an-id']) {
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const response = await call(
          method,
          `${DOCUMENTS}/${id}`,
          member.cookie,
          method === 'PATCH' ? {} : undefined,
        )
        expect(response.statusCode).toBe(404)
        expect(response.json()).toMatchObject({ type: 'document_not_found' })
      }
    }
  })

  it('refuses queries it does not take with Appwrite’s query errors, never a 500', async () => {
    const member = await signedInMember()
    await created(member.cookie)
    for (const query of [
      Query.equal('name', ['X']),
      Query.contains('ownerId', ['x']),
      Query.search('name', 'x'),
      Query.equal('colour', ['x']),
      Query.orderAsc('projectIds'),
      Query.or([Query.equal('ownerId', ['a']), Query.equal('$id', ['b'])]),
      Query.equal('ownerId', [1]),
      Query.select(['colour']),
      Query.limit(101),
      Query.cursorAfter('not-mine'),
      'not json',
    ]) {
      const response = await call('GET', listUrl('collections', [query]), member.cookie)
      expect(response.statusCode, query).toBe(400)
      expect(['general_query_invalid', 'general_cursor_not_found']).toContain(
        response.json<{ type: string }>().type,
      )
    }
  })
})

describe('lists', () => {
  it('pages with limit, offset and cursors in the member’s order, with a total', async () => {
    const member = await signedInMember()
    for (const [index, name] of ['c', 'a', 'e', 'b', 'd'].entries())
      await created(member.cookie, { name, position: 4 - index })
    const byPosition = [Query.equal('ownerId', [member.id]), Query.orderAsc('position')]
    const all = await listOf(member.cookie, byPosition)
    expect(all.total).toBe(5)
    expect(all.documents.map((document) => document.name)).toEqual(['d', 'b', 'e', 'a', 'c'])
    const byName = await listOf(member.cookie, [
      Query.equal('ownerId', [member.id]),
      Query.orderDesc('name'),
      Query.limit(2),
      Query.offset(1),
    ])
    expect(byName.documents.map((document) => document.name)).toEqual(['d', 'c'])
    const [, second, third] = all.documents
    const after = await listOf(member.cookie, [
      ...byPosition,
      Query.cursorAfter(second?.$id ?? ''),
      Query.limit(2),
    ])
    expect(after.documents.map((document) => document.name)).toEqual(['e', 'a'])
    const before = await listOf(member.cookie, [
      ...byPosition,
      Query.cursorBefore(third?.$id ?? ''),
      Query.limit(5),
    ])
    expect(before.documents.map((document) => document.name)).toEqual(['d', 'b'])
    const selected = await call(
      'GET',
      listUrl('collections', [Query.select(['name']), Query.limit(1)]),
      member.cookie,
    )
    expect(Object.keys(selected.json<{ documents: object[] }>().documents[0] ?? {})).not.toContain(
      'projectIds',
    )
    expect((await listOf(member.cookie, [Query.equal('$id', [second?.$id ?? ''])])).documents).toHaveLength(1)
    const noTotal = await call('GET', `${listUrl('collections', byPosition)}&total=false`, member.cookie)
    expect(noTotal.json()).toMatchObject({ total: 0 })
  })

  it('reorders by PATCHing position', async () => {
    const member = await signedInMember()
    const first = await created(member.cookie, { name: 'uno' })
    const second = await created(member.cookie, { name: 'dos' })
    expect([first.position, second.position]).toEqual([0, 1])
    await call('PATCH', `${DOCUMENTS}/${first.$id}`, member.cookie, { data: { position: 2 } })
    const names = (
      await listOf(member.cookie, [Query.equal('ownerId', [member.id]), Query.orderAsc('position')])
    ).documents.map((document) => document.name)
    expect(names).toEqual(['dos', 'uno'])
  })
})

describe('limits', () => {
  it(`keeps at most ${MEMBER_COLLECTION_LIMITS.perMember} collections a member, even when created at once`, async () => {
    const member = await signedInMember()
    const responses = await Promise.all(
      Array.from({ length: MEMBER_COLLECTION_LIMITS.perMember + 10 }, (_, index) =>
        create(member.cookie, { name: `Colección ${index}` }),
      ),
    )
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(MEMBER_COLLECTION_LIMITS.perMember)
    expect(statuses.filter((status) => status === 400)).toHaveLength(10)
    const refused = responses.find((response) => response.statusCode === 400)
    expect(refused?.json()).toMatchObject({ type: 'general_argument_invalid' })
    expect(refused?.json<{ message: string }>().message).toContain('at most 50 collections')
    const inSpanish = await call(
      'POST',
      DOCUMENTS,
      member.cookie,
      { documentId: 'unique()', data: { name: 'Y' } },
      {
        'x-appwrite-locale': 'es',
      },
    )
    expect(inSpanish.json<{ message: string }>().message).toContain('como máximo 50 colecciones')
    const [{ count } = { count: -1 }] = await server.database.rows(
      sql`SELECT count(*)::int AS count FROM member_collections WHERE owner_id = ${member.id}`,
    )
    expect(count).toBe(MEMBER_COLLECTION_LIMITS.perMember)
  })

  it('a deleted member’s collections go with them', async () => {
    const member = await signedInMember()
    await created(member.cookie)
    const { shareId } = await created(
      member.cookie,
      { name: 'Otra' },
      {
        permissions: [
          Permission.read(Role.user(member.id)),
          Permission.write(Role.user(member.id)),
          Permission.read(Role.users()),
        ],
      },
    )
    expect((await call('DELETE', `/v1/users/${member.id}`, adminCookie)).statusCode).toBe(204)
    const [{ count } = { count: -1 }] = await server.database.rows(
      sql`SELECT count(*)::int AS count FROM member_collections WHERE owner_id = ${member.id}`,
    )
    expect(count).toBe(0)
    expect((await call('GET', `${DOCUMENTS}/${shareId}`, adminCookie)).statusCode).toBe(404)
    expect(admin.id).not.toBe(member.id)
  })
})

describe('the catalogue beside them', () => {
  it('answers its four collections’ documents as before', async () => {
    const member = await signedInMember()
    for (const collection of ['projects', 'categories', 'tags', 'project_tags']) {
      const list = await call('GET', listUrl(collection, [Query.limit(2)]), member.cookie)
      expect(list.statusCode, collection).toBe(200)
      const [first] = list.json<{ documents: { $id: string; $collectionId: string }[] }>().documents
      expect(first?.$collectionId).toBe(collection)
      const one = await call(
        'GET',
        listUrl(collection).replace('/documents?', `/documents/${first?.$id}?`),
        member.cookie,
      )
      expect(one.statusCode).toBe(200)
      expect(one.json()).toMatchObject({ $id: first?.$id })
    }
    expect((await call('GET', listUrl('projects'), undefined)).statusCode).toBe(401)
    expect((await call('GET', listUrl('nothing'), member.cookie)).json()).toMatchObject({
      type: 'collection_not_found',
    })
    // The console still writes the catalogue; a member still may not.
    const write = await call('POST', listUrl('categories').replace('?', ''), member.cookie, {
      documentId: 'unique()',
      data: { name: 'Nueva' },
    })
    expect(write.statusCode).toBe(401)
  })
})
