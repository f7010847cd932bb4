import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInConsoleCallers } from '../support/console-callers'
import { createMember, type TestMember } from '../support/factories'
import { createMailbox, startTestServer, type TestServer } from '../support/test-app'

/**
 * Issue 40, findings M1 and L4: the emails a visitor can make the store send (a sign-in link and code, a
 * recovery link) are bounded per client address (an IPv6 address by its /64), per email (sign-in and
 * recovery together) and for the whole store in an hour, after which requests are answered and nothing
 * is sent, and the owner's console says so.
 */
let server: TestServer
let ceilingServer: TestServer
const mailbox = createMailbox()
const ceilingMailbox = createMailbox()
const CEILING = 3
/** The bounds (account-email-limits.ts), written out: this file also runs against the code before them. */
const PER_ADDRESS = 10
const PER_EMAIL = 5

beforeAll(async () => {
  ;[server, ceilingServer] = await Promise.all([
    startTestServer({ mailer: mailbox }),
    startTestServer({ mailer: ceilingMailbox, config: { accountEmailsPerHour: CEILING } }),
  ])
})
afterAll(() => Promise.all([server.close(), ceilingServer.close()]))

type Route = 'magic-url' | 'email' | 'recovery'
const ask = (
  on: TestServer,
  route: Route,
  email: string,
  from: string,
  headers: Record<string, string> = {},
) =>
  on.app.inject({
    method: 'POST',
    url: route === 'recovery' ? '/v1/account/recovery' : `/v1/account/tokens/${route}`,
    payload:
      route === 'recovery'
        ? { email, url: 'http://localhost/reset-password' }
        : {
            userId: 'unique()',
            email,
            ...(route === 'magic-url' ? { url: 'http://localhost/login/link' } : {}),
          },
    remoteAddress: from,
    headers,
  })

const members = (count: number, on = server) =>
  Promise.all(Array.from({ length: count }, () => createMember(on.database)))

/** Waits for `count` emails, then says how many were sent (none can follow: the rest were refused). */
async function emailsSent(box: ReturnType<typeof createMailbox>, count: number) {
  for (let index = 0; index < count; index++) await box.next()
  return box.messages.length
}

describe('per client address (M1)', () => {
  it('the review’s repro: 200 requests from one address over 20 members’ emails send 10 emails', async () => {
    const twenty = await members(20)
    const sentBefore = mailbox.messages.length
    const statuses: number[] = []
    for (let index = 0; index < 200; index++) {
      const member = twenty[index % 20] as TestMember
      const response = await ask(server, index % 2 ? 'email' : 'magic-url', member.email, '203.0.113.7')
      statuses.push(response.statusCode)
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(PER_ADDRESS)
    expect(statuses.slice(PER_ADDRESS).every((status) => status === 429)).toBe(true)
    expect(await emailsSent(mailbox, sentBefore + 10)).toBe(sentBefore + 10)
    // Recovery is counted with them, and says how long to wait.
    const refused = await ask(server, 'recovery', twenty[0]?.email ?? '', '203.0.113.7')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ type: 'general_rate_limit_exceeded' })
    expect(refused.json<{ message: string }>().message).toMatch(
      /from your connection\. Try again in \d+ minutes/,
    )
    // Another client is not held back by this one.
    expect((await ask(server, 'recovery', twenty[0]?.email ?? '', '203.0.113.8')).statusCode).toBe(201)
  })

  it('counts an IPv6 client by its /64, and an IPv4 address written as IPv6 as the IPv4 address', async () => {
    const member = await createMember(server.database)
    const statuses: number[] = []
    for (let index = 0; index <= PER_ADDRESS; index++) {
      const from = `2001:db8:40:1:${index.toString(16)}:${(index * 7).toString(16)}::${index + 1}`
      statuses.push((await ask(server, 'email', `stranger-${index}@example.com`, from)).statusCode)
    }
    expect(statuses.at(-1)).toBe(429)
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true)
    // The next /64 is another client.
    expect((await ask(server, 'email', member.email, '2001:db8:40:2::1')).statusCode).toBe(201)
    for (let index = 0; index < PER_ADDRESS; index++)
      await ask(server, 'email', `mapped-${index}@example.com`, '198.51.100.40')
    expect((await ask(server, 'email', 'mapped@example.com', '::ffff:198.51.100.40')).statusCode).toBe(429)
  })
})

describe('per email, sign-in and recovery together (L4)', () => {
  it('5 an hour to one member from anywhere, then a 429 in the asker’s language; a stranger’s email alike', async () => {
    const member = await createMember(server.database)
    const routes: Route[] = ['email', 'recovery', 'magic-url', 'recovery', 'email']
    for (const [index, route] of routes.entries())
      expect((await ask(server, route, member.email, `192.0.2.${index + 1}`)).statusCode).toBe(201)
    expect(routes).toHaveLength(PER_EMAIL)
    for (const route of ['magic-url', 'recovery'] as const) {
      const refused = await ask(server, route, member.email.toUpperCase(), '192.0.2.99', {
        'accept-language': 'es',
      })
      expect(refused.statusCode).toBe(429)
      const body = refused.json<{ message: string; retryAfter: string }>()
      expect(body.message).toMatch(
        /^Ya se pidieron varios correos para esta dirección .* en (60|59) minutos\.$/,
      )
      expect(Number(body.retryAfter)).toBeGreaterThan(3500)
    }
    // The same for an email that is no member's: the 429 tells nothing about accounts.
    for (let index = 0; index < PER_EMAIL; index++)
      await ask(server, 'email', 'nobody-here@example.com', `192.0.2.${index + 101}`)
    expect((await ask(server, 'email', 'nobody-here@example.com', '192.0.2.200')).statusCode).toBe(429)
  })
})

describe('the store’s hourly ceiling (M1)', () => {
  it('past it, requests are answered as usual, nothing is sent, and the console says so', async () => {
    const { adminCookie, memberCookie } = await signInConsoleCallers(ceilingServer)
    const settings = (cookie?: string) =>
      ceilingServer.app.inject({
        method: 'GET',
        url: '/v1/store/settings',
        headers: cookie ? { cookie } : {},
      })
    const line = async () =>
      (await settings(adminCookie))
        .json<{ items: { key: string; status: string; state: Record<string, unknown> | null }[] }>()
        .items.find((item) => item.key === 'ACCOUNT_EMAILS_PER_HOUR')
    expect(await line()).toMatchObject({ status: 'ok', state: { text: 'accountEmailsOk', perHour: CEILING } })

    const five = await members(5, ceilingServer)
    for (const [index, member] of five.entries())
      expect(
        (await ask(ceilingServer, 'magic-url', member.email, `198.51.100.${index + 1}`)).statusCode,
      ).toBe(201)
    // Held back after the answer: wait until the console counts both, then no email is on its way.
    await expect.poll(async () => (await line())?.state?.held, { timeout: 10_000 }).toBe(2)
    expect(await line()).toMatchObject({
      status: 'missing',
      state: { text: 'accountEmailsHeld', perHour: CEILING, held: 2 },
    })
    expect(ceilingMailbox.messages).toHaveLength(CEILING)
    // The console's settings are the owner's: a visitor and a member are refused.
    expect((await settings()).statusCode).toBe(401)
    expect((await settings(memberCookie)).statusCode).toBe(401)
  })
})
