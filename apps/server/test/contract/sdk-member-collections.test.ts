import { AppwriteException, ID, Permission, Query, Role, type Models } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEMBER_COLLECTION_LIMITS } from '@pg/shared/member-collections'
import { createMember, type TestMember } from '../support/factories'
import { SdkBrowser } from '../support/sdk-browser'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

/**
 * Issue 32 through the official SDK, as the web app calls it: members' collections are documents of the
 * `collections` collection with document-level permissions (decision 064). Member A cannot read, list,
 * change or delete B's private collection; a shared one B reaches by its share id only, reads without
 * A's user id and cannot change (issue 40, decision 070); each answer carries Appwrite's Document fields.
 */
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ listen: true })
})
afterAll(() => server.close())

const DATABASE = testConfig.databaseId
const COLLECTION = 'collections'
const DOCUMENT_FIELDS: (keyof Models.Document)[] = [
  '$id',
  '$sequence',
  '$collectionId',
  '$databaseId',
  '$createdAt',
  '$updatedAt',
  '$permissions',
]
const APPWRITE_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/

/** The attributes a member writes are optional, as in the SDK's create and update (the server fills them). */
interface Collection extends Models.Document {
  name: string
  projectIds?: string[]
  position?: number
  ownerId?: string
  shareId?: string | null
}

async function signedIn(): Promise<{ member: TestMember; browser: SdkBrowser }> {
  const member = await createMember(server.database)
  const browser = new SdkBrowser(server.url)
  await browser.account.createEmailPasswordSession({ email: member.email, password: member.password })
  return { member, browser }
}

function expectDocument(document: Collection, ownerId: string) {
  for (const field of DOCUMENT_FIELDS) expect(document).toHaveProperty(field)
  expect(document).toMatchObject({ $collectionId: COLLECTION, $databaseId: DATABASE, ownerId })
  expect(typeof document.$sequence).toBe('string')
  expect(document.$createdAt).toMatch(APPWRITE_DATE)
  expect(document.$updatedAt).toMatch(APPWRITE_DATE)
}

/** What the SDK throws, as type and code. */
async function refusal(call: Promise<unknown>) {
  try {
    await call
  } catch (error) {
    if (error instanceof AppwriteException) return { type: error.type, code: error.code }
    throw error
  }
  throw new Error('The call succeeded')
}

const ownerPermissions = (id: string) => [
  Permission.read(Role.user(id)),
  Permission.update(Role.user(id)),
  Permission.delete(Role.user(id)),
]

describe('members’ collections through the SDK', () => {
  it('createDocument gives the creator read, update and delete by default; get, list, update, delete', async () => {
    const { member, browser } = await signedIn()
    const created = await browser.databases.createDocument<Collection>({
      databaseId: DATABASE,
      collectionId: COLLECTION,
      documentId: ID.unique(),
      data: { name: 'Para clientes', projectIds: ['demo-0001', 'demo-0002'] },
    })
    expectDocument(created, member.id)
    expect(created).toMatchObject({
      name: 'Para clientes',
      projectIds: ['demo-0001', 'demo-0002'],
      position: 0,
    })
    expect([...created.$permissions].sort()).toEqual(ownerPermissions(member.id).sort())

    const read = await browser.databases.getDocument<Collection>({
      databaseId: DATABASE,
      collectionId: COLLECTION,
      documentId: created.$id,
    })
    expect(read).toEqual(created)

    const list = await browser.databases.listDocuments<Collection>({
      databaseId: DATABASE,
      collectionId: COLLECTION,
      queries: [Query.equal('ownerId', [member.id]), Query.orderAsc('position')],
    })
    expect(list.total).toBe(1)
    expect(list.documents).toEqual([created])

    const updated = await browser.databases.updateDocument<Collection>({
      databaseId: DATABASE,
      collectionId: COLLECTION,
      documentId: created.$id,
      data: { name: 'Clientes', projectIds: ['demo-0002'] },
    })
    expectDocument(updated, member.id)
    expect(updated).toMatchObject({
      name: 'Clientes',
      projectIds: ['demo-0002'],
      $createdAt: created.$createdAt,
    })

    await browser.databases.deleteDocument({
      databaseId: DATABASE,
      collectionId: COLLECTION,
      documentId: created.$id,
    })
    expect(
      await refusal(
        browser.databases.getDocument({
          databaseId: DATABASE,
          collectionId: COLLECTION,
          documentId: created.$id,
        }),
      ),
    ).toEqual({ type: 'document_not_found', code: 404 })
  })

  it('member A cannot read, list, change or delete B’s private collection', async () => {
    const a = await signedIn()
    const b = await signedIn()
    const secret = await b.browser.databases.createDocument<Collection>({
      databaseId: DATABASE,
      collectionId: COLLECTION,
      documentId: ID.unique(),
      data: { name: 'Privada' },
      permissions: ownerPermissions(b.member.id),
    })
    const where = { databaseId: DATABASE, collectionId: COLLECTION, documentId: secret.$id }
    const notFound = { type: 'document_not_found', code: 404 }
    expect(await refusal(a.browser.databases.getDocument(where))).toEqual(notFound)
    expect(
      await refusal(a.browser.databases.updateDocument<Collection>({ ...where, data: { name: 'Mía' } })),
    ).toEqual(notFound)
    expect(await refusal(a.browser.databases.deleteDocument(where))).toEqual(notFound)
    for (const queries of [[], [Query.equal('ownerId', [b.member.id])], [Query.equal('$id', [secret.$id])]]) {
      const list = await a.browser.databases.listDocuments({
        databaseId: DATABASE,
        collectionId: COLLECTION,
        queries,
      })
      expect(list.documents.map((document) => document.$id)).not.toContain(secret.$id)
    }
    expect(await b.browser.databases.getDocument<Collection>(where)).toMatchObject({ name: 'Privada' })
  })

  it('a shared one B reaches by its share id only: lists none, reads no owner id, changes nothing', async () => {
    const a = await signedIn()
    const b = await signedIn()
    const shared = await a.browser.databases.createDocument<Collection>({
      databaseId: DATABASE,
      collectionId: COLLECTION,
      documentId: ID.unique(),
      data: { name: 'Probar este mes', projectIds: ['demo-0003'] },
      permissions: [...ownerPermissions(a.member.id), Permission.read(Role.users())],
    })
    expect(shared.$permissions).toContain('read("users")')
    // Issue 40, M2: B's lists hold B's own only, whatever B asks.
    for (const queries of [[], [Query.equal('ownerId', [a.member.id])], [Query.equal('$id', [shared.$id])]]) {
      const listed = await b.browser.databases.listDocuments<Collection>({
        databaseId: DATABASE,
        collectionId: COLLECTION,
        queries,
      })
      expect(listed).toEqual({ total: 0, documents: [] })
    }
    const shareId = shared.shareId ?? ''
    expect(shareId).toMatch(/^[a-zA-Z0-9]{22,36}$/)
    expect(shareId).not.toBe(shared.$id)
    const byShareId = { databaseId: DATABASE, collectionId: COLLECTION, documentId: shareId }
    const byDocumentId = { databaseId: DATABASE, collectionId: COLLECTION, documentId: shared.$id }
    const notFound = { type: 'document_not_found', code: 404 }
    // L2: the shared view names no user id anywhere.
    const seen = await b.browser.databases.getDocument<Collection>(byShareId)
    expect(JSON.stringify(seen)).not.toContain(a.member.id)
    expect(seen).toMatchObject({
      $id: shareId,
      $collectionId: COLLECTION,
      $databaseId: DATABASE,
      $permissions: ['read("users")'],
      name: 'Probar este mes',
      projectIds: ['demo-0003'],
    })
    expect(seen).not.toHaveProperty('ownerId')
    expect(await refusal(b.browser.databases.getDocument(byDocumentId))).toEqual(notFound)
    for (const where of [byShareId, byDocumentId]) {
      expect(
        await refusal(b.browser.databases.updateDocument<Collection>({ ...where, data: { name: 'Mía' } })),
      ).toEqual(notFound)
      expect(await refusal(b.browser.databases.deleteDocument(where))).toEqual(notFound)
    }

    const private_ = await a.browser.databases.updateDocument<Collection>({
      ...byDocumentId,
      permissions: [Permission.read(Role.user(a.member.id)), Permission.write(Role.user(a.member.id))],
    })
    expect([...private_.$permissions].sort()).toEqual(ownerPermissions(a.member.id).sort())
    expect(private_.shareId).toBeNull()
    expect(await refusal(b.browser.databases.getDocument(byShareId))).toEqual(notFound)
  })

  it('creating with another member’s id answers as for a fresh one (L5); one’s own again is 409', async () => {
    const a = await signedIn()
    const b = await signedIn()
    const theirs = await b.browser.databases.createDocument<Collection>({
      databaseId: DATABASE,
      collectionId: COLLECTION,
      documentId: ID.unique(),
      data: { name: 'Privada' },
    })
    const create = () =>
      a.browser.databases.createDocument<Collection>({
        databaseId: DATABASE,
        collectionId: COLLECTION,
        documentId: theirs.$id,
        data: { name: 'Mía' },
      })
    expectDocument(await create(), a.member.id)
    expect(await refusal(create())).toEqual({ type: 'document_already_exists', code: 409 })
    const where = { databaseId: DATABASE, collectionId: COLLECTION, documentId: theirs.$id }
    expect(await b.browser.databases.getDocument<Collection>(where)).toEqual(theirs)
    expect(await a.browser.databases.getDocument<Collection>(where)).toMatchObject({ name: 'Mía' })
  })

  it('refuses permissions for someone else (401), malformed ones (400) and going past the limits', async () => {
    const { member, browser } = await signedIn()
    const create = (data: Record<string, unknown>, permissions?: string[]) =>
      browser.databases.createDocument({
        databaseId: DATABASE,
        collectionId: COLLECTION,
        documentId: ID.unique(),
        data,
        ...(permissions ? { permissions } : {}),
      })
    expect(
      await refusal(create({ name: 'X' }, [...ownerPermissions(member.id), Permission.read(Role.any())])),
    ).toEqual({
      type: 'user_unauthorized',
      code: 401,
    })
    expect(await refusal(create({ name: 'X' }, ['read(any)']))).toEqual({
      type: 'general_argument_invalid',
      code: 400,
    })
    const tooMany = Array.from({ length: MEMBER_COLLECTION_LIMITS.projects + 1 }, (_, index) => `p-${index}`)
    expect(await refusal(create({ name: 'X', projectIds: tooMany }))).toEqual({
      type: 'document_invalid_structure',
      code: 400,
    })
    expect(await refusal(create({ name: 'x'.repeat(MEMBER_COLLECTION_LIMITS.nameLength + 1) }))).toEqual({
      type: 'document_invalid_structure',
      code: 400,
    })
    for (let index = 0; index < MEMBER_COLLECTION_LIMITS.perMember; index++)
      await create({ name: `C${index}` })
    expect(await refusal(create({ name: 'Una más' }))).toEqual({
      type: 'general_argument_invalid',
      code: 400,
    })
    const mine = await browser.databases.listDocuments({
      databaseId: DATABASE,
      collectionId: COLLECTION,
      queries: [Query.equal('ownerId', [member.id]), Query.limit(100)],
    })
    expect(mine.total).toBe(MEMBER_COLLECTION_LIMITS.perMember)
  })
})
