import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createConnection, REALTIME_LIMITS } from '../../src/realtime/realtime-connection'
import { enqueueWebhookEvent } from '../../src/platform/webhooks/webhook-outbox'
import { createMember } from '../support/factories'
import { signIn } from '../support/inject'
import { settle, until } from '../support/sdk-realtime'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

/**
 * Issue 45's security: a guest hears no member's channel, a member no admin's, a forged Origin or
 * another project is refused before the upgrade, oversized and malformed messages, floods of
 * connections and messages, a silent client and a slow reader. Raw `ws` clients, which can send a cookie
 * and an Origin and can keep from answering pings.
 */
let server: TestServer
const LIMITS = { perAddress: 4, perMember: 2, messagesPerWindow: 5, maxMessageBytes: 1024, heartbeatMs: 200 }

beforeAll(async () => {
  server = await startTestServer({ listen: true, realtimeLimits: LIMITS })
})
afterAll(() => server.close())

const PROJECTS = `databases.${testConfig.databaseId}.collections.projects.documents`

interface Client {
  socket: WebSocket
  messages: { type: string; data?: Record<string, unknown> }[]
  closed: Promise<number>
}

function open(
  query: string,
  headers: Record<string, string> = {},
  options: { autoPong?: boolean } = {},
): Promise<Client> {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/v1/realtime?${query}`, {
    headers,
    ...options,
  })
  const messages: Client['messages'] = []
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Client['messages'][number]))
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    socket.on('open', () => resolve({ socket, messages, closed }))
    socket.on('unexpected-response', (request, response) => {
      // A refused upgrade's socket is the client's to end (`ws` leaves it open when this is listened to).
      request.destroy()
      reject(new Error(String(response.statusCode)))
    })
    socket.on('error', reject)
  })
}

const project = `project=${testConfig.projectId}`
const first = async (client: Client, type: string) => {
  await until(() => client.messages.some((message) => message.type === type))
  return client.messages.find((message) => message.type === type)
}

describe('realtime security', () => {
  it('gives a guest no member channel: connected without a user, and no event', async () => {
    const guest = await open(`${project}&channels[]=${PROJECTS}&channels[]=account`)
    expect(await first(guest, 'connected')).toEqual({
      type: 'connected',
      data: { channels: [PROJECTS, 'account'], user: null },
    })
    await enqueueWebhookEvent(server.database.db, 'project.created', { projectId: 'p1', title: 'x' })
    await settle()
    expect(guest.messages.filter((message) => message.type === 'event')).toEqual([])
    guest.socket.close()
  })

  it('refuses a member the console’s channels, in the URL and in a subscribe message', async () => {
    const member = await createMember(server.database)
    const { cookie } = await signIn(server, member)
    const client = await open(`${project}&channels[]=console.orders&channels[]=${PROJECTS}`, { cookie })
    const connected = await first(client, 'connected')
    expect(connected?.data).toMatchObject({ channels: [PROJECTS], user: { $id: member.id } })
    client.socket.send(
      JSON.stringify({
        type: 'subscribe',
        data: [{ subscriptionId: 's1', channels: ['console.members', 'console.readiness'] }],
      }),
    )
    expect((await first(client, 'error'))?.data).toMatchObject({ code: 403 })
    await enqueueWebhookEvent(server.database.db, 'order.paid', { orderId: 'o1' })
    await enqueueWebhookEvent(server.database.db, 'project.created', { projectId: 'p2', title: 'y' })
    await until(() => client.messages.some((message) => message.type === 'event'))
    await settle()
    const events = client.messages.filter((message) => message.type === 'event')
    expect(events.map((event) => event.data?.channels)).toEqual([expect.arrayContaining([PROJECTS])])
    client.socket.close()
  })

  it('refuses a forged Origin, an opaque one with cookies and another project before upgrading', async () => {
    const member = await createMember(server.database)
    const { cookie } = await signIn(server, member)
    await expect(open(project, { origin: 'https://evil.example', cookie })).rejects.toThrow('403')
    await expect(open(project, { origin: 'null', cookie })).rejects.toThrow('403')
    await expect(open('project=another', { cookie })).rejects.toThrow('404')
    const allowed = await open(project, { origin: 'http://shop.example.test', cookie })
    allowed.socket.close()
  })

  it('answers a malformed message with an error and closes on an oversized one (1009)', async () => {
    const client = await open(project)
    client.socket.send('not json')
    expect((await first(client, 'error'))?.data).toMatchObject({ code: 400 })
    client.socket.send(JSON.stringify({ type: 'ping' }))
    await first(client, 'pong')
    client.socket.send('x'.repeat(2048))
    expect(await client.closed).toBe(1009)
  })

  it('limits connections per address and per member, and messages per window', async () => {
    await until(() => server.app.realtime.stats().connections === 0)
    const member = await createMember(server.database)
    const { cookie } = await signIn(server, member)
    const mine = [await open(project, { cookie }), await open(project, { cookie })]
    await expect(open(project, { cookie })).rejects.toThrow('429')
    const guests = [await open(project), await open(project)]
    await expect(open(project)).rejects.toThrow('429')
    const flooder = guests[0]
    for (let sent = 0; sent < 20; sent += 1) flooder?.socket.send(JSON.stringify({ type: 'ping' }))
    expect(await flooder?.closed).toBe(1008)
    expect(flooder?.messages.some((message) => message.data?.code === 429)).toBe(true)
    for (const client of [...mine, ...guests]) client.socket.close()
    await until(() => server.app.realtime.stats().connections === 0)
  })

  it('drops a connection that does not answer pings', async () => {
    const silent = await open(project, {}, { autoPong: false })
    expect(await silent.closed).toBe(1006)
  })
})

describe('a slow reader', () => {
  it('is closed with 1013 rather than buffered without end', () => {
    const closes: number[] = []
    const socket = {
      bufferedAmount: 0,
      send: () => undefined,
      close: (code: number) => void closes.push(code),
    }
    const connection = createConnection({
      socket,
      address: '192.0.2.1',
      credentials: null,
      member: null,
      consoleAdmin: () => false,
      channels: [],
      limits: REALTIME_LIMITS,
      authenticate: async () => null,
      admitMember: () => true,
      model: () => ({}),
    })
    connection.open()
    socket.bufferedAmount = REALTIME_LIMITS.maxBufferedBytes + 1
    connection.receive(JSON.stringify({ type: 'ping' }))
    return until(() => closes.length > 0).then(() => expect(closes).toEqual([1013]))
  })
})
