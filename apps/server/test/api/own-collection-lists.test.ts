import { Query } from 'appwrite'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../support/factories'
import { listUrl, signIn } from '../support/inject'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

/**
 * Issue 32: a member's list of their own collections is answered from memory (the dashboard's list, at
 * the cached answers' speed) and never stale: the database tells the store whose collections changed,
 * whoever wrote them (migration 0016), the store's own routes, another process or a statement by hand.
 */
let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const DOCUMENTS = `/v1/databases/${testConfig.databaseId}/collections/collections/documents`

async function signedInMember() {
  const member = await createMember(server.database)
  return { ...member, cookie: (await signIn(server, member)).cookie }
}

async function ownList(member: { id: string; cookie: string }) {
  const response = await server.app.inject({
    method: 'GET',
    url: listUrl('collections', [Query.equal('ownerId', [member.id]), Query.orderAsc('position')]),
    headers: { cookie: member.cookie },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ total: number; documents: { $id: string; name: string }[] }>()
}

async function createCollection(cookie: string, name: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: DOCUMENTS,
    headers: { cookie },
    payload: { documentId: 'unique()', data: { name } },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<{ $id: string }>().$id
}

describe('a member’s own list of collections', () => {
  it('is kept in memory and follows every change, made through the API or straight in the database', async () => {
    const member = await signedInMember()
    const other = await signedInMember()
    expect(await ownList(member)).toEqual({ total: 0, documents: [] })
    const id = await createCollection(member.cookie, 'Para clientes')
    expect((await ownList(member)).documents.map((document) => document.name)).toEqual(['Para clientes'])
    // Kept once no change is on its way (PostgreSQL's notification of the create may come just after).
    await expect
      .poll(async () => {
        await ownList(member)
        return server.app.ownCollectionLists.size().answers
      })
      .toBeGreaterThan(0)
    // The same list again is the kept answer; another member's change keeps it.
    await createCollection(other.cookie, 'De otra persona')
    expect((await ownList(member)).documents.map((document) => document.name)).toEqual(['Para clientes'])

    const renamed = await server.app.inject({
      method: 'PATCH',
      url: `${DOCUMENTS}/${id}`,
      headers: { cookie: member.cookie },
      payload: { data: { name: 'Probar este mes' } },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect((await ownList(member)).documents.map((document) => document.name)).toEqual(['Probar este mes'])

    // Written by something else than the store's routes (another process, the owner by hand).
    await server.database.rows(sql`UPDATE member_collections SET name = 'A mano' WHERE id = ${id}`)
    await expect.poll(async () => (await ownList(member)).documents[0]?.name).toBe('A mano')
    await server.database.rows(sql`DELETE FROM member_collections WHERE owner_id = ${member.id}`)
    await expect.poll(async () => (await ownList(member)).total).toBe(0)
  })

  it('is the member’s own: an answer kept for one member is never another’s', async () => {
    const one = await signedInMember()
    const other = await signedInMember()
    await createCollection(one.cookie, 'Mía')
    expect((await ownList(one)).total).toBe(1)
    // The other member asks for the first one's list by its owner id, or with no query: their own only
    // (issue 40, decision 070), kept for them and following their own changes.
    const othersList = (queries: string[]) =>
      server.app
        .inject({ method: 'GET', url: listUrl('collections', queries), headers: { cookie: other.cookie } })
        .then((response) => response.json<{ total: number; documents: { name: string }[] }>())
    expect(await othersList([Query.equal('ownerId', [one.id]), Query.orderAsc('position')])).toEqual({
      total: 0,
      documents: [],
    })
    expect(await othersList([])).toEqual({ total: 0, documents: [] })
    await createCollection(other.cookie, 'De la otra')
    expect((await othersList([])).documents.map((document) => document.name)).toEqual(['De la otra'])
  })
})
