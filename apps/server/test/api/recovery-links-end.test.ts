import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMember, type TestMember } from '../support/factories'
import { requestRecoveryLink, signIn } from '../support/inject'
import { createMailbox, startTestServer, type TestServer } from '../support/test-app'

/** A member's outstanding links end with a reset or a password change (issue 10, item 7). */
let server: TestServer
const mailbox = createMailbox()

beforeAll(async () => {
  server = await startTestServer({ mailer: mailbox })
})
afterAll(() => server.close())

const newLink = (member: TestMember) => requestRecoveryLink(server, mailbox, member.email)
const useLink = (link: { userId: string; secret: string }, password: string) =>
  server.app.inject({ method: 'PUT', url: '/v1/account/recovery', payload: { ...link, password } })

it('ends every other link once one of them has set a new password', async () => {
  const member = await createMember(server.database)
  const first = await newLink(member)
  const second = await newLink(member)
  expect((await useLink(second, 'a password from the second link')).statusCode).toBe(200)
  expect((await useLink(first, 'a password from the first link')).json()).toMatchObject({
    code: 401,
    type: 'user_invalid_token',
  })
})

it('ends every link when the member changes their password', async () => {
  const member = await createMember(server.database)
  const link = await newLink(member)
  const { cookie } = await signIn(server, member)
  const changed = await server.app.inject({
    method: 'PATCH',
    url: '/v1/account/password',
    headers: { cookie },
    payload: { password: 'a password of my own', oldPassword: member.password },
  })
  expect(changed.statusCode).toBe(200)
  expect((await useLink(link, 'a password from an old link')).json()).toMatchObject({
    code: 401,
    type: 'user_invalid_token',
  })
})
