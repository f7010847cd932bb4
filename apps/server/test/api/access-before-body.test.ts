import { setTimeout as sleep } from 'node:timers/promises'
import type { Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInConsoleCallers } from '../support/console-callers'
import { connect, parseResponse } from '../support/raw-http'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * Issue 28, item 1 (decision 056): who asks is decided from the headers, before the body is read, on
 * every route of every route table. A refused body larger than 64 KB is never read: the answer closes
 * the connection; a small one is read and dropped, and the connection serves the next request.
 */
let server: TestServer
let memberCookie = ''

beforeAll(async () => {
  server = await startTestServer({ listen: true })
  ;({ memberCookie } = await signInConsoleCallers(server))
})
afterAll(() => server.close())

/** Everything the server sends on `socket` until it has sent `count` answers or closed the connection. */
function answers(socket: Socket) {
  let data = ''
  let closed = false
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => (data += chunk))
  socket.on('error', () => undefined)
  socket.on('close', () => (closed = true))
  return {
    text: () => data,
    closed: () => closed,
    async until(done: () => boolean, withinMs: number) {
      const started = Date.now()
      while (!done() && Date.now() - started < withinMs) await sleep(10)
      return done()
    },
  }
}

const head = (method: string, target: string, headers: Record<string, string>) =>
  `${method} ${target} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`

describe('access before the body', () => {
  it('answers a member’s 30 MB to an admin route with 401 from its headers and closes without reading it', async () => {
    const socket = await connect(server.url)
    const received = answers(socket)
    socket.write(
      head('POST', '/v1/store/catalog/import', {
        cookie: memberCookie,
        'content-type': 'application/json',
        'content-length': String(30 * 1024 * 1024),
      }),
    )
    // A first piece of the body; the rest is never sent, so only an answer from the headers can come.
    socket.write(`[${'{},'.repeat(20_000)}`)
    expect(await received.until(received.closed, 5_000)).toBe(true)
    const answer = parseResponse(received.text())
    expect(answer.status).toBe(401)
    expect(answer.headers.connection).toBe('close')
    expect(JSON.parse(answer.body)).toMatchObject({ type: 'user_unauthorized' })
  })

  it('says so in the answer when injected, where no socket lingers', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/v1/store/catalog/import',
      payload: `[${'{},'.repeat(100_000)}{}]`,
      headers: { 'content-type': 'application/json', cookie: memberCookie },
    })
    expect(response.statusCode).toBe(401)
    expect(response.headers.connection).toBe('close')
  })

  it('keeps the connection of a refused small body open for the next request', async () => {
    const socket = await connect(server.url)
    const received = answers(socket)
    const body = JSON.stringify({ fileName: 'a.csv', content: 'email\n', dryRun: true })
    socket.write(
      head('POST', '/v1/store/members/import', {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      }) + body,
    )
    expect(await received.until(() => received.text().includes('user_unauthorized'), 5_000)).toBe(true)
    expect(parseResponse(received.text()).headers.connection).toBe('keep-alive')
    socket.write(head('GET', '/v1/health/version', {}))
    expect(await received.until(() => received.text().includes('"version"'), 5_000)).toBe(true)
    expect(received.closed()).toBe(false)
    socket.destroy()
  })

  it('lets a client that sends a large body at once (fetch) read the 401', async () => {
    const response = await fetch(`${server.url}/v1/store/catalog/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: memberCookie },
      body: `[${'{},'.repeat(3_000_000)}{}]`,
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ type: 'user_unauthorized' })
  })

  it('refuses a visitor’s body to a member route before parsing it: 401, not a complaint about the JSON', async () => {
    const response = await server.app.inject({
      method: 'PATCH',
      url: '/v1/account/prefs',
      payload: '{"prefs": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(response.json()).toMatchObject({ code: 401, type: 'general_unauthorized_scope' })
    const member = await server.app.inject({
      method: 'PATCH',
      url: '/v1/account/prefs',
      payload: '{"prefs": ',
      headers: { 'content-type': 'application/json', cookie: memberCookie },
    })
    expect(member.json()).toMatchObject({ code: 400, type: 'general_argument_invalid' })
  })
})
