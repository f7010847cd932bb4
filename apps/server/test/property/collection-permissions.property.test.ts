import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../support/factories'
import { signIn } from '../support/inject'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

/**
 * Issue 32: the permission strings a member may send with their collection (decision 064). Whatever list
 * is sent, nothing answers 5xx, and only the allowed set is ever stored: the owner's read, update and
 * delete, and `read("users")` when shared. Each generated permission knows what it is, so the answer
 * expected is decided here, not by the server's own parser.
 */
let server: TestServer
let cookie = ''
let memberId = ''
let documentId = ''

const DOCUMENTS = `/v1/databases/${testConfig.databaseId}/collections/collections/documents`

beforeAll(async () => {
  server = await startTestServer()
  const member = await createMember(server.database)
  memberId = member.id
  cookie = (await signIn(server, member)).cookie
  const created = await server.app.inject({
    method: 'POST',
    url: DOCUMENTS,
    payload: { documentId: 'unique()', data: { name: 'Fuzz' } },
    headers: { cookie },
  })
  documentId = created.json<{ $id: string }>().$id
})
afterAll(() => server.close())

type Kind = 'own-read' | 'own-update' | 'own-delete' | 'own-write' | 'share' | 'foreign' | 'malformed'
interface Sent {
  kind: Kind
  text: (ownId: string) => string
}

const ACTIONS = ['read', 'update', 'delete', 'write'] as const
const own: fc.Arbitrary<Sent> = fc.constantFrom(...ACTIONS).map((action) => ({
  kind: `own-${action}`,
  text: (id) => `${action}("user:${id}")`,
}))
const share: fc.Arbitrary<Sent> = fc.constant({ kind: 'share', text: () => 'read("users")' })
/** Well-formed permissions a member may not write: others, everyone, teams, labels, users changing. */
const foreign: fc.Arbitrary<Sent> = fc
  .tuple(
    fc.constantFrom(...ACTIONS),
    fc.constantFrom(
      'any',
      'guests',
      'users/verified',
      'users/unverified',
      'user:someone-else',
      'user:ME/verified',
      'team:t1',
      'team:t1/owner',
      'member:m1',
      'label:vip',
    ),
  )
  .map(([action, role]) => ({ kind: 'foreign', text: (id) => `${action}("${role.replace('ME', id)}")` }))
const usersWriting: fc.Arbitrary<Sent> = fc
  .constantFrom('update', 'delete', 'write')
  .map((action) => ({ kind: 'foreign', text: () => `${action}("users")` }))
const malformed: fc.Arbitrary<Sent> = fc.oneof(
  fc
    .constantFrom(
      'read(users)',
      'READ("users")',
      'create("user:ME")',
      'read("user:")',
      'read("user:-bad")',
      'read("team:")',
      'read("label:two words")',
      ' read("users")',
      'read("users") ',
      'read("users")read("users")',
      'read("anyone")',
      'read("user:ME/admin")',
      'read("")',
      '',
    )
    .map((text): Sent => ({ kind: 'malformed', text: (id) => text.replace('ME', id) })),
  // Anything that does not start with an action.
  fc.string({ maxLength: 40 }).map((text): Sent => ({ kind: 'malformed', text: () => `x${text}` })),
)
const permissionList = fc.array(fc.oneof(own, own, share, foreign, usersWriting, malformed), { maxLength: 8 })

/** What the server must answer for a list: a malformed one first, then one not the member's, then the owner's three. */
function expected(sent: Sent[]): { status: number; shared?: boolean } {
  const kinds = new Set(sent.map((item) => item.kind))
  if (kinds.has('malformed')) return { status: 400 }
  if (kinds.has('foreign')) return { status: 401 }
  const write = kinds.has('own-write')
  if (!kinds.has('own-read') || !(kinds.has('own-update') || write) || !(kinds.has('own-delete') || write))
    return { status: 400 }
  return { status: 200, shared: kinds.has('share') }
}

const ownersThree = () => [
  `read("user:${memberId}")`,
  `update("user:${memberId}")`,
  `delete("user:${memberId}")`,
]

async function stored() {
  const response = await server.app.inject({
    method: 'GET',
    url: `${DOCUMENTS}/${documentId}`,
    headers: { cookie },
  })
  return response.json<{ $permissions: string[] }>().$permissions
}

describe('permission strings a member sends', () => {
  it('an update stores only the allowed set, answers as expected and never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(permissionList, async (sent) => {
        const before = await stored()
        const permissions = sent.map((item) => item.text(memberId))
        const response = await server.app.inject({
          method: 'PATCH',
          url: `${DOCUMENTS}/${documentId}`,
          payload: { permissions },
          headers: { cookie },
        })
        const want = expected(sent)
        expect(response.statusCode, `${JSON.stringify(permissions)}: ${response.body}`).toBe(want.status)
        const after = await stored()
        expect(after.slice(0, 3)).toEqual(ownersThree())
        expect(after).toEqual(
          want.status === 200 ? [...ownersThree(), ...(want.shared ? ['read("users")'] : [])] : before,
        )
      }),
      { numRuns: 200 },
    )
  })

  it('a create answers the same, and what it stores is the allowed set', async () => {
    await fc.assert(
      fc.asyncProperty(permissionList, async (sent) => {
        const permissions = sent.map((item) => item.text(memberId))
        const response = await server.app.inject({
          method: 'POST',
          url: DOCUMENTS,
          payload: { documentId: 'unique()', data: { name: 'Nueva' }, permissions },
          headers: { cookie },
        })
        const want = expected(sent)
        expect(response.statusCode, `${JSON.stringify(permissions)}: ${response.body}`).toBe(
          want.status === 200 ? 201 : want.status,
        )
        if (response.statusCode !== 201) return
        const document = response.json<{ $id: string; $permissions: string[] }>()
        expect(document.$permissions).toEqual([...ownersThree(), ...(want.shared ? ['read("users")'] : [])])
        const deleted = await server.app.inject({
          method: 'DELETE',
          url: `${DOCUMENTS}/${document.$id}`,
          headers: { cookie },
        })
        expect(deleted.statusCode).toBe(204)
      }),
      { numRuns: 100 },
    )
  })

  it('a list that is not a list of strings is a 400, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          // Values JSON keeps as they are (NaN would arrive as null, which means "keep the permissions").
          fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.dictionary(fc.string(), fc.string())),
          fc.array(
            fc.oneof(fc.integer(), fc.boolean(), fc.dictionary(fc.string(), fc.string()), fc.constant(null)),
            {
              minLength: 1,
            },
          ),
          fc.constant(Array.from({ length: 101 }, () => 'read("users")')),
        ),
        async (permissions) => {
          const response = await server.app.inject({
            method: 'PATCH',
            url: `${DOCUMENTS}/${documentId}`,
            payload: { permissions },
            headers: { cookie },
          })
          expect(response.statusCode, response.body).toBe(400)
          expect(response.json()).toMatchObject({ type: 'general_argument_invalid' })
        },
      ),
      { numRuns: 100 },
    )
  })
})
