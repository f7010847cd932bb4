import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createMember, type TestMember } from '../support/factories'
import { signIn } from '../support/inject'
import { createMailbox, startTestServer, type TestServer } from '../support/test-app'

let server: TestServer
let member: TestMember
const mailbox = createMailbox()
const RESET_URL = 'http://localhost/reset-password'

beforeAll(async () => {
  server = await startTestServer({ mailer: mailbox })
  member = await createMember(server.database)
})
afterAll(() => server.close())

const requestRecovery = (email: string, url = RESET_URL) =>
  server.app.inject({ method: 'POST', url: '/v1/account/recovery', payload: { email, url } })
const completeRecovery = (payload: Record<string, string>) =>
  server.app.inject({ method: 'PUT', url: '/v1/account/recovery', payload })

async function linkFor(email: string) {
  expect((await requestRecovery(email)).statusCode).toBe(201)
  const message = await mailbox.next()
  expect(message.to).toBe(email)
  const link = message.text.split('\n').find((line) => line.startsWith(RESET_URL)) ?? ''
  return new URL(link)
}

describe('password recovery', () => {
  it('answers the same for a member and an unknown email: the same fields, id alphabet and expiry', async () => {
    const members = await Promise.all([1, 2, 3, 4].map(() => createMember(server.database)))
    const answersFor = async (emails: string[]) =>
      Promise.all(
        emails.map(async (email) => {
          const response = await requestRecovery(email)
          expect(response.statusCode).toBe(201)
          return response.json<Record<string, string>>()
        }),
      )
    const known = await answersFor(members.map((one) => one.email))
    const unknown = await answersFor([1, 2, 3, 4].map((index) => `nobody-${index}@example.com`))
    for (const body of [...known, ...unknown]) {
      expect(Object.keys(body).sort()).toEqual(['$createdAt', '$id', 'expire', 'phrase', 'secret', 'userId'])
      expect(body).toMatchObject({ userId: '', secret: '', phrase: '' })
      expect(body.$id).toMatch(/^[a-z0-9]{20}$/)
      expect(Date.parse(body.expire ?? '') - Date.parse(body.$createdAt ?? '')).toBe(3_600_000)
    }
    // Ids from one alphabet (a-z0-9): hex ids for strangers alone would tell them apart.
    for (const answers of [known, unknown]) expect(answers.map((body) => body.$id).join('')).toMatch(/[g-z]/)
    await Promise.all(members.map(() => mailbox.next()))
  })

  it('emails a one-hour, single-use link that sets the password and signs the member out everywhere', async () => {
    const own = await createMember(server.database)
    const { cookie } = await signIn(server, own)
    const link = await linkFor(own.email)
    const expire = Date.parse(link.searchParams.get('expire') ?? '')
    expect(expire - Date.now()).toBeGreaterThan(3500_000)
    expect(expire - Date.now()).toBeLessThanOrEqual(3600_000)
    const payload = {
      userId: link.searchParams.get('userId') ?? '',
      secret: link.searchParams.get('secret') ?? '',
      password: 'brand new password',
    }
    expect((await completeRecovery(payload)).statusCode).toBe(200)
    expect(
      (await server.app.inject({ method: 'GET', url: '/v1/account', headers: { cookie } })).statusCode,
    ).toBe(401)
    await signIn(server, { email: own.email, password: 'brand new password' })
    const again = await completeRecovery({ ...payload, password: 'another new password' })
    expect(again.json()).toMatchObject({ code: 401, type: 'user_invalid_token' })
  })

  it('refuses an expired link', async () => {
    const own = await createMember(server.database)
    const link = await linkFor(own.email)
    await server.database.rows(
      sql`UPDATE tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${own.id}`,
    )
    const response = await completeRecovery({
      userId: own.id,
      secret: link.searchParams.get('secret') ?? '',
      password: 'brand new password',
    })
    expect(response.json()).toMatchObject({ code: 401, type: 'user_invalid_token' })
  })

  it('only sends links to the store itself or an allowed origin', async () => {
    const response = await requestRecovery(member.email, 'https://phishing.example/reset')
    expect(response.json()).toMatchObject({ code: 400, type: 'general_argument_invalid' })
    expect((await requestRecovery(member.email, 'javascript:alert(1)')).statusCode).toBe(400)
  })

  it('applies the password rules', async () => {
    const response = await completeRecovery({ userId: member.id, secret: 'x', password: 'short' })
    expect(response.json()).toMatchObject({ code: 400, type: 'general_argument_invalid' })
  })
})
