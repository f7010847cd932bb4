import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_ADDRESS_RULE, EMAIL_RULE, IP_FAILURE_RULE } from '../../src/members/account/account-service'
import { createMember } from '../support/factories'
import { startTestServer, type TestServer } from '../support/test-app'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const attempt = (email: string, password: string, ip = '127.0.0.1') =>
  server.app.inject({
    method: 'POST',
    url: '/v1/account/sessions/email',
    payload: { email, password },
    remoteAddress: ip,
  })
const times = (count: number) => Array.from({ length: count }, (_, index) => index)

describe('sign-in rate limits (decision 012)', () => {
  it('allows 10 failures per email and address in 15 minutes, then 429 with Retry-After and X-RateLimit headers', async () => {
    const member = await createMember(server.database)
    for (let index = 0; index < EMAIL_ADDRESS_RULE.limit; index++)
      expect((await attempt(member.email, 'wrong password', '10.0.0.1')).statusCode).toBe(401)
    const limited = await attempt(member.email.toUpperCase(), member.password, '10.0.0.1')
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ code: 429, type: 'general_rate_limit_exceeded' })
    expect(limited.headers['x-ratelimit-limit']).toBe('10')
    expect(limited.headers['x-ratelimit-remaining']).toBe('0')
    expect(Number(limited.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000)
    const retryAfter = Number(limited.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(800)
    expect(retryAfter).toBeLessThanOrEqual(900)
    // The body says it too, for the web app (the SDK keeps the body, not the headers).
    expect(limited.json().retryAfter).toBe(String(retryAfter))
  })

  it('lets the member sign in from an address that has not failed while another is locked out', async () => {
    const member = await createMember(server.database)
    for (let index = 0; index < EMAIL_ADDRESS_RULE.limit; index++)
      await attempt(member.email, 'wrong password', '10.0.3.1')
    expect((await attempt(member.email, member.password, '10.0.3.1')).statusCode).toBe(429)
    expect((await attempt(member.email, member.password, '10.0.3.2')).statusCode).toBe(201)
  })

  it('clears the count of an email and address after a successful sign-in there', async () => {
    const member = await createMember(server.database)
    for (let index = 0; index < EMAIL_ADDRESS_RULE.limit - 1; index++)
      await attempt(member.email, 'wrong password', '10.0.1.1')
    expect((await attempt(member.email, member.password, '10.0.1.1')).statusCode).toBe(201)
    for (let index = 0; index < EMAIL_ADDRESS_RULE.limit; index++)
      expect((await attempt(member.email, 'wrong password', '10.0.1.1')).statusCode).toBe(401)
    expect((await attempt(member.email, 'wrong password', '10.0.1.1')).statusCode).toBe(429)
  })

  it('allows 100 failures an hour per email from all addresses together', async () => {
    const member = await createMember(server.database)
    const addresses = EMAIL_RULE.limit / EMAIL_ADDRESS_RULE.limit
    for (const address of times(addresses)) {
      const answers = await Promise.all(
        times(EMAIL_ADDRESS_RULE.limit).map(() =>
          attempt(member.email, 'wrong password', `10.0.4.${address}`),
        ),
      )
      expect(answers.map((answer) => answer.statusCode)).toEqual(
        times(EMAIL_ADDRESS_RULE.limit).map(() => 401),
      )
    }
    const limited = await attempt(member.email, member.password, '10.0.4.200')
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['x-ratelimit-limit']).toBe(String(EMAIL_RULE.limit))
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500)
  })

  it('caps failures per address across emails, an IPv6 address counted by its /64 (issue 40)', async () => {
    // Every failure from another address of one /64: one machine can have 2⁶⁴ of them.
    for (const index of times(IP_FAILURE_RULE.limit)) {
      const ip = `2001:db8:2:1:${index.toString(16)}::${index + 1}`
      expect((await attempt(`nobody-${index}@example.com`, 'wrong password', ip)).statusCode).toBe(401)
    }
    const member = await createMember(server.database)
    const limited = await attempt(member.email, member.password, '2001:db8:2:1:ffff::1')
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect((await attempt(member.email, member.password, '2001:db8:2:2::1')).statusCode).toBe(201)
    expect((await attempt(member.email, member.password, '10.0.2.2')).statusCode).toBe(201)
  })

  it('does not count successful sign-ins against the address (an office behind one NAT)', async () => {
    const member = await createMember(server.database)
    for (let index = 0; index < IP_FAILURE_RULE.limit + 1; index++)
      expect((await attempt(member.email, member.password, '10.0.5.1')).statusCode).toBe(201)
    expect((await attempt('nobody@example.com', 'wrong password', '10.0.5.1')).statusCode).toBe(401)
  })
})
