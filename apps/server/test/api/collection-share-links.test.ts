import { Permission, Query, Role } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInConsoleCallers } from '../support/console-callers'
import { createMember } from '../support/factories'
import { listUrl, signIn } from '../support/inject'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

/**
 * Issue 40 (decision 070), in-process. M2: a list holds the member's own collections only; a shared one is
 * reached by its share id, unguessable and not its document id, and what another member reads of it names
 * no user id (L2). L5: document ids are each member's own, so a create with another member's id answers as
 * for a fresh one.
 */
let server: TestServer
let adminCookie = ''

beforeAll(async () => {
  server = await startTestServer()
  ;({ adminCookie } = await signInConsoleCallers(server))
})
afterAll(() => server.close())

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
const DOCUMENTS = `/v1/databases/${testConfig.databaseId}/collections/collections/documents`
const call = (method: Method, url: string, cookie: string | undefined, payload?: object) =>
  server.app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} })

async function signedInMember() {
  const member = await createMember(server.database)
  return { ...member, cookie: (await signIn(server, member)).cookie }
}

const sharing = (id: string) => [Permission.read(Role.user(id)), Permission.write(Role.user(id))]
const shared = (id: string) => [...sharing(id), Permission.read(Role.users())]

interface Collection {
  $id: string
  name: string
  ownerId?: string
  shareId?: string | null
  $updatedAt: string
  $permissions: string[]
}

async function created(
  member: { id: string; cookie: string },
  data: object = { name: 'Para clientes' },
  options: { share?: boolean; documentId?: string } = {},
) {
  const response = await call('POST', DOCUMENTS, member.cookie, {
    documentId: options.documentId ?? 'unique()',
    data,
    permissions: options.share ? shared(member.id) : sharing(member.id),
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Collection>()
}

/** A member with a shared collection, and its share id. */
async function ownerOfShared(data: object = { name: 'Lo mejor de Olga', projectIds: ['demo-0001'] }) {
  const owner = await signedInMember()
  const document = await created(owner, data, { share: true })
  const shareId = document.shareId ?? ''
  return { owner, document, shareId }
}

/** One document's address, with queries (`select`) as getDocument sends them. */
const documentUrl = (id: string, queries: string[] = []) =>
  listUrl('collections', queries).replace('/documents?', `/documents/${id}?`)

const listed = async (cookie: string, queries: string[] = []) => {
  const response = await call('GET', listUrl('collections', queries), cookie)
  expect(response.statusCode, response.body).toBe(200)
  return { body: response.body, ...response.json<{ total: number; documents: Collection[] }>() }
}

describe('M2: a list holds the member’s own collections only', () => {
  it('member A lists with no query: A’s own, never the shared collections of B and C', async () => {
    const a = await signedInMember()
    const b = await ownerOfShared()
    const c = await ownerOfShared({ name: 'De Carla' })
    const own = await created(a)
    for (const cookie of [a.cookie, adminCookie]) {
      const { body, documents } = await listed(cookie)
      const ids = documents.map((document) => document.$id)
      expect(ids).not.toContain(b.document.$id)
      expect(ids).not.toContain(c.document.$id)
      for (const secret of [b.owner.id, c.owner.id, b.shareId, c.shareId]) expect(body).not.toContain(secret)
    }
    expect((await listed(a.cookie)).documents.map((document) => document.$id)).toEqual([own.$id])
  })

  it('a query for another member’s collections matches nothing; a cursor on one is not found', async () => {
    const a = await signedInMember()
    const b = await ownerOfShared()
    const own = await created(a)
    for (const queries of [
      [Query.equal('ownerId', [b.owner.id])],
      [Query.equal('$id', [b.document.$id])],
      [Query.equal('$id', [b.shareId])],
    ])
      expect(await listed(a.cookie, queries)).toMatchObject({ total: 0, documents: [] })
    const both = await listed(a.cookie, [Query.equal('ownerId', [a.id, b.owner.id])])
    expect(both.documents.map((document) => document.$id)).toEqual([own.$id])
    for (const id of [b.document.$id, b.shareId]) {
      const response = await call('GET', listUrl('collections', [Query.cursorAfter(id)]), a.cookie)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json()).toMatchObject({ type: 'general_cursor_not_found' })
    }
  })
})

describe('M2 and L2: a shared collection is read by its share id, naming no user id', () => {
  it('has an unguessable share id apart from its document id; the private one has none', async () => {
    const { owner, document, shareId } = await ownerOfShared()
    expect(shareId).toMatch(/^[a-zA-Z0-9]{22,36}$/)
    expect(shareId).not.toBe(document.$id)
    expect(document.ownerId).toBe(owner.id)
    expect((await created(owner)).shareId).toBeNull()
    const another = await ownerOfShared()
    expect(another.shareId).not.toBe(shareId)
  })

  it('another member and an admin read the shared view: no ownerId, no trace of the owner in the body', async () => {
    const { owner, document, shareId } = await ownerOfShared({
      name: 'Lo mejor de Olga',
      projectIds: ['demo-0002', 'demo-0001'],
      position: 3,
    })
    const a = await signedInMember()
    for (const cookie of [a.cookie, adminCookie]) {
      for (const queries of [[], [Query.select(['ownerId', 'name', 'shareId'])], [Query.select(['*'])]]) {
        const response = await call('GET', documentUrl(shareId, queries), cookie)
        expect(response.statusCode, response.body).toBe(200)
        expect(response.body).not.toContain(owner.id)
        expect(response.body).not.toContain(document.$id)
        expect(response.json()).not.toHaveProperty('ownerId')
        expect(response.json()).toMatchObject({ $id: shareId, $permissions: ['read("users")'] })
      }
      const full = await call('GET', `${DOCUMENTS}/${shareId}`, cookie)
      expect(full.json()).toEqual({
        $id: shareId,
        $sequence: expect.any(String),
        $collectionId: 'collections',
        $databaseId: testConfig.databaseId,
        $createdAt: expect.any(String),
        $updatedAt: expect.any(String),
        $permissions: ['read("users")'],
        name: 'Lo mejor de Olga',
        projectIds: ['demo-0002', 'demo-0001'],
        position: 3,
      })
      // By its document id it is not found, as a collection that does not exist.
      const byDocumentId = await call('GET', `${DOCUMENTS}/${document.$id}`, cookie)
      expect(byDocumentId.statusCode).toBe(404)
      expect(byDocumentId.json()).toMatchObject({ type: 'document_not_found' })
    }
    // The owner by their own share id reads their own document.
    const ownView = await call('GET', `${DOCUMENTS}/${shareId}`, owner.cookie)
    expect(ownView.json()).toMatchObject({ $id: document.$id, ownerId: owner.id, shareId })
    // A visitor is asked to sign in, as on every route.
    expect((await call('GET', `${DOCUMENTS}/${shareId}`, undefined)).statusCode).toBe(401)
  })

  it('private again, the share id stops working; shared again, a new one, the old one still gone', async () => {
    const { owner, document, shareId } = await ownerOfShared()
    const a = await signedInMember()
    const url = `${DOCUMENTS}/${document.$id}`
    const private_ = await call('PATCH', url, owner.cookie, { permissions: sharing(owner.id) })
    expect(private_.json()).toMatchObject({ shareId: null })
    expect((await call('GET', `${DOCUMENTS}/${shareId}`, a.cookie)).statusCode).toBe(404)
    const again = await call('PATCH', url, owner.cookie, { permissions: shared(owner.id) })
    const newShareId = again.json<Collection>().shareId ?? ''
    expect(newShareId).toMatch(/^[a-zA-Z0-9]{22,36}$/)
    expect(newShareId).not.toBe(shareId)
    expect((await call('GET', `${DOCUMENTS}/${newShareId}`, a.cookie)).statusCode).toBe(200)
    expect((await call('GET', `${DOCUMENTS}/${shareId}`, a.cookie)).statusCode).toBe(404)
    // A change that does not name the permissions keeps the link.
    const renamed = await call('PATCH', url, owner.cookie, { data: { name: 'Otra' } })
    expect(renamed.json()).toMatchObject({ shareId: newShareId })
  })

  it('another member changes and deletes nothing of it, by either id: 404 as for nothing', async () => {
    const { owner, document, shareId } = await ownerOfShared()
    const a = await signedInMember()
    for (const id of [document.$id, shareId]) {
      for (const [method, payload] of [
        ['PATCH', { data: { name: 'Mía' } }],
        ['PATCH', { permissions: sharing(a.id) }],
        ['DELETE', undefined],
      ] as const) {
        const response = await call(method, `${DOCUMENTS}/${id}`, a.cookie, payload)
        expect(response.statusCode, `${method} ${id}`).toBe(404)
        expect(response.json()).toMatchObject({ type: 'document_not_found' })
      }
    }
    const still = await call('GET', `${DOCUMENTS}/${document.$id}`, owner.cookie)
    expect(still.json()).toMatchObject({ name: 'Lo mejor de Olga', shareId })
  })

  it('shareId is read-only: sent back unchanged it is accepted, any other value is refused', async () => {
    const { owner, document, shareId } = await ownerOfShared()
    const url = `${DOCUMENTS}/${document.$id}`
    const read = (await call('GET', url, owner.cookie)).json<Record<string, unknown>>()
    const data = { name: read.name, projectIds: read.projectIds, position: read.position }
    const sentBack = await call('PATCH', url, owner.cookie, {
      data: { ...data, ownerId: owner.id, shareId },
    })
    expect(sentBack.statusCode, sentBack.body).toBe(200)
    for (const value of ['chosen-by-me', null, 42]) {
      const response = await call('PATCH', url, owner.cookie, { data: { shareId: value } })
      expect(response.statusCode, String(value)).toBe(400)
      expect(response.json()).toMatchObject({ type: 'document_invalid_structure' })
    }
    const onCreate = await call('POST', DOCUMENTS, owner.cookie, {
      documentId: 'unique()',
      data: { name: 'X', shareId: 'chosen-by-me' },
      permissions: shared(owner.id),
    })
    expect(onCreate.statusCode).toBe(400)
    expect(onCreate.json()).toMatchObject({ type: 'document_invalid_structure' })
    expect((await created(owner, { name: 'Y', shareId: null })).shareId).toBeNull()
    expect((await call('GET', url, owner.cookie)).json()).toMatchObject({ shareId })
  })
})

describe('L5: document ids are each member’s own', () => {
  it('a create with another member’s private id answers 201 as for a fresh id; only one’s own twice is 409', async () => {
    const a = await signedInMember()
    const b = await signedInMember()
    const theirs = await created(b, { name: 'Privada de B' }, { documentId: 'plan-2026' })
    const generated = await created(b, { name: 'Otra de B' })
    for (const id of [theirs.$id, generated.$id, 'nobody-holds-this']) {
      const response = await call('POST', DOCUMENTS, a.cookie, { documentId: id, data: { name: 'De A' } })
      expect(response.statusCode, response.body).toBe(201)
      expect(response.json()).toMatchObject({ $id: id, ownerId: a.id, name: 'De A' })
    }
    for (const member of [a, b]) {
      const again = await call('POST', DOCUMENTS, member.cookie, {
        documentId: 'plan-2026',
        data: { name: 'Z' },
      })
      expect(again.statusCode).toBe(409)
      expect(again.json()).toMatchObject({ type: 'document_already_exists' })
    }
    // Each reads, changes and deletes their own under the one id; B's stays as it was.
    const url = `${DOCUMENTS}/plan-2026`
    expect((await call('GET', url, a.cookie)).json()).toMatchObject({ name: 'De A', ownerId: a.id })
    expect((await call('PATCH', url, a.cookie, { data: { name: 'Nuevo' } })).statusCode).toBe(200)
    expect((await call('DELETE', url, a.cookie)).statusCode).toBe(204)
    expect((await call('GET', url, a.cookie)).statusCode).toBe(404)
    expect((await call('GET', url, b.cookie)).json()).toMatchObject({
      $id: 'plan-2026',
      name: 'Privada de B',
      ownerId: b.id,
      $updatedAt: theirs.$updatedAt,
    })
    expect((await listed(b.cookie)).total).toBe(2)
  })
})
