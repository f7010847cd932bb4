import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMember } from '../support/factories'
import { startTestServer, type TestServer } from '../support/test-app'

/** With SMTP_URL set, recovery mail goes through a real SMTP conversation. */
let server: TestServer
let smtp: SMTPServer
const received: string[] = []
let delivered: () => void = () => undefined

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = ''
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
      stream.on('end', () => {
        received.push(data)
        delivered()
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const address = smtp.server.address()
  if (address === null || typeof address === 'string') throw new Error('Expected a TCP address')
  const port = address.port
  server = await startTestServer({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } })
})
afterAll(async () => {
  await server.close()
  await new Promise<void>((resolve) => smtp.close(resolve))
})

it('sends the recovery link by SMTP', async () => {
  const member = await createMember(server.database)
  const arrived = new Promise<void>((resolve) => (delivered = resolve))
  const response = await server.app.inject({
    method: 'POST',
    url: '/v1/account/recovery',
    payload: { email: member.email, url: 'http://localhost/reset-password' },
  })
  expect(response.statusCode).toBe(201)
  await arrived
  expect(received[0]).toContain(`To: ${member.email}`)
  expect(received[0]).toMatch(/reset-password\?userId=/)
})
