import { ADMIN_LABEL } from '@pg/shared/account'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createUserRepository } from '../../src/members/account/user-repository'
import { codeAt } from '../../src/members/mfa/totp-codes'
import { enqueueWebhookEvent } from '../../src/platform/webhooks/webhook-outbox'
import { createMember } from '../support/factories'
import { signIn } from '../support/inject'
import { settle, until } from '../support/sdk-realtime'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

/**
 * The console's realtime channels (decision 077) follow the console's own rule, as REST does: with
 * ADMIN_MFA=required an admin without a second factor hears none of them (orders carry buyers' emails),
 * and an admin whose label is taken away stops hearing them on the socket already open.
 */
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ listen: true, config: { adminMfa: 'required' } })
})
afterAll(() => server.close())

interface Message {
  type: string
  data?: Record<string, unknown>
}

async function open(cookie: string, channels: string[]) {
  const query = [`project=${testConfig.projectId}`, ...channels.map((channel) => `channels[]=${channel}`)]
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/v1/realtime?${query.join('&')}`, {
    headers: { cookie },
  })
  const messages: Message[] = []
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Message))
  await new Promise((resolve, reject) => {
    socket.on('open', resolve)
    socket.on('error', reject)
  })
  await until(() => messages.some((message) => message.type === 'connected'))
  return { socket, messages, events: () => messages.filter((message) => message.type === 'event') }
}

const call = (cookie: string, method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  server.app.inject({ method, url, payload, headers: { cookie } })

/** An admin signed in; with a second factor, enrolled (TOTP) and turned on in that session, as the console asks. */
async function admin(withSecondFactor: boolean) {
  const member = await createMember(server.database)
  await createUserRepository(server.database.db).setLabels(member.id, [ADMIN_LABEL])
  const { cookie } = await signIn(server, member)
  if (withSecondFactor) {
    const created = await call(cookie, 'POST', '/v1/account/mfa/authenticators/totp')
    const { secret } = created.json<{ secret: string }>()
    const otp = codeAt(secret, new Date())
    expect((await call(cookie, 'PUT', '/v1/account/mfa/authenticators/totp', { otp })).statusCode).toBe(200)
    expect((await call(cookie, 'POST', '/v1/account/mfa/recovery-codes')).statusCode).toBe(201)
    expect((await call(cookie, 'PATCH', '/v1/account/mfa', { mfa: true })).statusCode).toBe(200)
    // The console's REST answers this session: the realtime channels must too.
    expect((await server.app.inject({ url: '/v1/store/overview', headers: { cookie } })).statusCode).toBe(200)
  } else {
    expect((await server.app.inject({ url: '/v1/store/overview', headers: { cookie } })).statusCode).toBe(401)
  }
  return { member, cookie }
}

const paid = (orderId: string) => enqueueWebhookEvent(server.database.db, 'order.paid', { orderId })

describe('the console’s channels with ADMIN_MFA=required', () => {
  it('refuses an admin without a second factor, in the URL and in a subscribe message, and sends them nothing', async () => {
    const { cookie } = await admin(false)
    const client = await open(cookie, ['console.orders'])
    expect(client.messages[0]?.data).toMatchObject({ channels: [] })
    client.socket.send(
      JSON.stringify({ type: 'subscribe', data: [{ subscriptionId: 's1', channels: ['console.orders'] }] }),
    )
    await until(() => client.messages.some((message) => message.type === 'error'))
    expect(client.messages.find((message) => message.type === 'error')?.data).toMatchObject({ code: 403 })
    await paid('ord_no_mfa')
    await settle()
    expect(client.events()).toEqual([])
    client.socket.close()
  })

  it('serves an admin with a second factor, until their admin label is taken away', async () => {
    const { member, cookie } = await admin(true)
    const client = await open(cookie, ['console.orders'])
    expect(client.messages[0]?.data).toMatchObject({ channels: ['console.orders'] })
    await paid('ord_heard')
    await until(() => client.events().length === 1)
    await createUserRepository(server.database.db).setLabels(member.id, [])
    // The hub reads the member again when their row changes (member_sessions), before the next order.
    await settle()
    await paid('ord_not_heard')
    await settle()
    expect(client.events()).toHaveLength(1)
    client.socket.close()
  })
})
