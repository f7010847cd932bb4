import { afterAll, beforeAll, expect, it } from 'vitest'
import { createStoreOrigin } from '../../src/platform/http/store-origin'
import { createMember } from '../support/factories'
import { startTestServer, type TestServer } from '../support/test-app'
import { createAdminCli } from './admin-cli'

/** Invitation links come from the configured origin; without one, nothing is created (issue 10, item 1). */
let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const origin = (config: { publicOrigin?: string; host: string; port: number }) => {
  const store = createStoreOrigin({ publicOrigin: undefined, allowedOrigins: [], ...config })
  return () => store.linkOrigin()
}
const listed = async (cli: ReturnType<typeof createAdminCli>) =>
  (await cli.run('users', 'list', '--json')).out

it('invites with links on PUBLIC_ORIGIN', async () => {
  const cli = createAdminCli(
    server.database,
    origin({ publicOrigin: 'https://tienda.example.test', host: '0.0.0.0', port: 3000 }),
  )
  expect((await cli.run('users', 'create', '--email', 'eva@example.com', '--invite')).code).toBe(0)
  expect((await cli.mailbox.next()).text).toContain('https://tienda.example.test/reset-password?userId=')
})

it('invites with links to the local server on a loopback HOST', async () => {
  const cli = createAdminCli(server.database, origin({ host: '127.0.0.1', port: 3000 }))
  expect((await cli.run('users', 'create', '--email', 'flor@example.com', '--invite')).code).toBe(0)
  expect((await cli.mailbox.next()).text).toContain('http://localhost:3000/reset-password?userId=')
})

it('refuses every invitation on a HOST open to the network without PUBLIC_ORIGIN, and changes nothing', async () => {
  const cli = createAdminCli(server.database, origin({ host: '0.0.0.0', port: 3000 }))
  const member = await createMember(server.database)
  cli.files.set('buyers.csv', 'email,name\nnew-1@example.com,Uno\nnew-2@example.com,Dos\n')
  for (const argv of [
    ['users', 'create', '--email', 'gil@example.com', '--invite'],
    ['users', 'invite', member.email],
    ['users', 'import', 'buyers.csv'],
  ]) {
    const refused = await cli.run(...argv)
    expect(refused.code, argv.join(' ')).toBe(1)
    expect(refused.err).toMatch(/^Nothing was changed\. PUBLIC_ORIGIN is not set/)
  }
  const members = await listed(cli)
  for (const email of ['gil@example.com', 'new-1@example.com', 'new-2@example.com']) {
    expect(members).not.toContain(email)
  }
  expect(cli.mailbox.messages).toEqual([])
  expect((await cli.run('users', 'create', '--email', 'hugo@example.com')).code).toBe(0)
})

it('refuses on a loopback HOST with PORT=0 when run on its own: no port to name', async () => {
  const cli = createAdminCli(server.database, origin({ host: '127.0.0.1', port: 0 }))
  const refused = await cli.run('users', 'create', '--email', 'ines@example.com', '--invite')
  expect(refused).toMatchObject({ code: 1 })
  expect(refused.err).toContain('PORT is 0')
  expect(await listed(cli)).not.toContain('ines@example.com')
})
