import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMember, type TestMember } from '../support/factories'
import { linkSecret, requestRecoveryLink } from '../support/inject'
import { createMailbox, startTestServer, type TestServer } from '../support/test-app'
import { createAdminCli } from './admin-cli'

/** The owner's commands that end a member's access end their outstanding links too (issue 10, item 7). */
let server: TestServer
let cli: ReturnType<typeof createAdminCli>
const mailbox = createMailbox()

beforeAll(async () => {
  server = await startTestServer({ mailer: mailbox })
  cli = createAdminCli(server.database)
})
afterAll(() => server.close())

const newLink = (member: TestMember) => requestRecoveryLink(server, mailbox, member.email)
async function expectEnded(link: { userId: string; secret: string }) {
  const response = await server.app.inject({
    method: 'PUT',
    url: '/v1/account/recovery',
    payload: { ...link, password: 'a password from an old link' },
  })
  expect(response.json()).toMatchObject({ code: 401, type: 'user_invalid_token' })
}

it('users set-password ends the member’s links, recovery and invitation alike', async () => {
  const member = await createMember(server.database)
  const recovery = await newLink(member)
  expect((await cli.run('users', 'invite', member.email)).code).toBe(0)
  const invitation = linkSecret((await cli.mailbox.next()).link)
  expect((await cli.run('users', 'set-password', member.email)).code).toBe(0)
  await expectEnded(recovery)
  await expectEnded(invitation)
})

it('users disable ends the member’s links, which stay ended once enabled again', async () => {
  const member = await createMember(server.database)
  const link = await newLink(member)
  expect((await cli.run('users', 'disable', member.email)).code).toBe(0)
  expect((await cli.run('users', 'enable', member.email)).code).toBe(0)
  await expectEnded(link)
})

it('users sessions revoke ends the member’s links', async () => {
  const member = await createMember(server.database)
  const link = await newLink(member)
  expect((await cli.run('users', 'sessions', 'revoke', member.email)).code).toBe(0)
  await expectEnded(link)
})
