import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../support/factories'
import { signIn } from '../support/inject'
import { createMailbox, NO_LANGUAGE, startTestServer, type TestServer } from '../support/test-app'

let server: TestServer
const mailbox = createMailbox()
const COMMON_REFUSAL =
  'Invalid `password` param: Password must be between 8 and 256 characters long and should not be one of the commonly used password.'

beforeAll(async () => {
  server = await startTestServer({ mailer: mailbox, config: { allowSignUp: true } })
})
afterAll(() => server.close())

const inject = (
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload: object,
  headers: Record<string, string> = {},
) => server.app.inject({ method, url, payload, headers })

describe('password rules (ASVS V2.1): 8 to 256 characters, any characters, not a common password', () => {
  it('apply to sign-up', async () => {
    for (const password of ['1234567', 'password', 'PASSWORD', 'qwerty123', 'x'.repeat(257)]) {
      const response = await inject('POST', '/v1/account', {
        userId: 'unique()',
        email: 'new@example.com',
        password,
      })
      expect(response.json(), password).toMatchObject({
        code: 400,
        type: 'general_argument_invalid',
        message: COMMON_REFUSAL,
      })
    }
    const accepted = await inject('POST', '/v1/account', {
      userId: 'unique()',
      email: 'new@example.com',
      password: 'ñandú 🦤 sin reglas',
    })
    expect(accepted.statusCode).toBe(201)
  })

  it('apply to a password change', async () => {
    const member = await createMember(server.database)
    const { cookie } = await signIn(server, member)
    const refused = await inject(
      'PATCH',
      '/v1/account/password',
      { password: 'iloveyou', oldPassword: member.password },
      { cookie },
    )
    expect(refused.json()).toMatchObject({ code: 400, message: COMMON_REFUSAL })
    const accepted = await inject(
      'PATCH',
      '/v1/account/password',
      { password: 'x'.repeat(256), oldPassword: member.password },
      { cookie },
    )
    expect(accepted.statusCode).toBe(200)
  })

  it('apply to a recovery, before the link is used up', async () => {
    const member = await createMember(server.database)
    await inject('POST', '/v1/account/recovery', {
      email: member.email,
      url: 'http://localhost/reset-password',
    })
    const link = new URL((await mailbox.next()).link ?? '')
    const payload = { userId: link.searchParams.get('userId'), secret: link.searchParams.get('secret') }
    expect(
      (await inject('PUT', '/v1/account/recovery', { ...payload, password: 'sunshine' })).json(),
    ).toMatchObject({
      code: 400,
      message: COMMON_REFUSAL,
    })
    expect(
      (await inject('PUT', '/v1/account/recovery', { ...payload, password: 'sunshine and rain' })).statusCode,
    ).toBe(200)
  })
})

describe('the recovery email', () => {
  it('comes as text and HTML, in the language the app asks for, else the browser’s, else Spanish', async () => {
    const member = await createMember(server.database, { name: 'Ana <b>' })
    const request = async (headers: Record<string, string>) => {
      await inject(
        'POST',
        '/v1/account/recovery',
        { email: member.email, url: 'http://localhost/reset-password' },
        headers,
      )
      return mailbox.next()
    }
    const english = await request({ 'x-appwrite-locale': 'en', 'accept-language': 'es-ES,es;q=0.9' })
    expect(english.subject).toBe('Reset your Projects Gallery password')
    expect(english.text).toContain('Hello Ana <b>,')
    expect(english.text).toContain('valid for 1 hour and works only once')
    expect(english.html).toContain('Hello Ana &lt;b&gt;,')
    expect(english.html).toContain(`href="${(english.link ?? '').replaceAll('&', '&amp;')}"`)
    expect((await request({ 'accept-language': 'de-DE, en;q=0.8, es;q=0.5' })).subject).toBe(
      'Reset your Projects Gallery password',
    )
    const spanish = await request(NO_LANGUAGE)
    expect(spanish.subject).toBe('Restablece tu contraseña de Projects Gallery')
    expect(spanish.text).toContain('válido durante 1 hora')
  })

  it('is not sent to a disabled member, and the answer is the same', async () => {
    const member = await createMember(server.database)
    // Disabled by the owner (npm run admin -- users disable).
    await server.database.rows(sql`UPDATE users SET enabled = false WHERE id = ${member.id}`)
    const response = await inject('POST', '/v1/account/recovery', {
      email: member.email,
      url: 'http://localhost/reset-password',
    })
    expect(response.statusCode).toBe(201)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(mailbox.messages.some((message) => message.to === member.email)).toBe(false)
  })
})
