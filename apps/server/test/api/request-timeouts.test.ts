import { setTimeout as sleep } from 'node:timers/promises'
import type { Socket } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildApp } from '../../src/app'
import type { DatabaseHandle } from '../../src/platform/db/client'
import { connect, parseResponse, readUntilClosed } from '../support/raw-http'
import { testConfig } from '../support/test-app'
import { createTestDatabase } from '../support/test-database'

/** The server's limit, shortened from 30 s so the test takes seconds. */
const TIMEOUT_MS = 1_000

let database: DatabaseHandle
let app: Awaited<ReturnType<typeof buildApp>>
let url = ''

beforeAll(async () => {
  database = await createTestDatabase()
  app = await buildApp(testConfig, database, { requestTimeoutMs: TIMEOUT_MS })
  url = await app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await app.close()
  await database.close()
})

/** Writes `text` a byte every 200 ms until the server closes the connection; how long that took. */
async function trickle(socket: Socket, text: string) {
  const started = Date.now()
  let open = true
  const closed = readUntilClosed(socket).finally(() => (open = false))
  for (const byte of text) {
    if (!open) break
    socket.write(byte)
    await sleep(200)
  }
  const answer = await closed
  return { seconds: (Date.now() - started) / 1000, answer }
}

it('closes a connection whose body arrives a byte at a time', async () => {
  const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(200) })
  const socket = await connect(url)
  socket.write(
    'POST /v1/account/sessions/email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\n\r\n`,
  )
  const { seconds, answer } = await trickle(socket, body)
  // Cut off after the limit (and Node's next check of its connections), long before the body ends.
  expect(seconds).toBeLessThan(8)
  if (answer) expect(parseResponse(answer).status).toBe(408)
})

it('closes a connection whose headers arrive a byte at a time', async () => {
  const socket = await connect(url)
  const { seconds } = await trickle(
    socket,
    `GET /v1/health/version HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'a'.repeat(100)}\r\n\r\n`,
  )
  expect(seconds).toBeLessThan(8)
})

it('still answers a request sent at a normal pace', async () => {
  const response = await fetch(`${url}/v1/health/version`)
  expect(response.status).toBe(200)
})
