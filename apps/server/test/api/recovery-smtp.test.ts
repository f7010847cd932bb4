import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMember } from '../support/factories'
import { publishStore } from '../support/published-store'
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
  server = await startTestServer({
    config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Ventas <ventas@tienda.example>' },
  })
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

it('names the store as published in From, at MAIL_FROM’s address (issue 41)', async () => {
  const ask = async () => {
    const member = await createMember(server.database)
    const arrived = new Promise<void>((resolve) => (delivered = resolve))
    const response = await server.app.inject({
      method: 'POST',
      url: '/v1/account/recovery',
      payload: { email: member.email, url: 'http://localhost/reset-password' },
      remoteAddress: `10.42.0.${received.length + 1}`,
    })
    expect(response.statusCode).toBe(201)
    await arrived
    return received.at(-1) ?? ''
  }
  expect(await ask()).toMatch(/^From: Projects Gallery <ventas@tienda\.example>\r?$/m)
  await publishStore(server.database, { name: { es: 'Tienda Nube', en: 'Cloud Store' }, supportEmail: '' })
  // The test server asks in English: the English name. Heard by notification, or read within 3 s.
  await expect.poll(ask, { timeout: 10_000 }).toMatch(/^From: Cloud Store <ventas@tienda\.example>\r?$/m)
})
