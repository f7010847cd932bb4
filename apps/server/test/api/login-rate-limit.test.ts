import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IP_FAILURE_RULE } from '../../src/account/account-service'
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

describe('sign-in rate limits', () => {
  it('allows 10 attempts an hour per email, then answers 429 with Retry-After and X-RateLimit headers', async () => {
    const member = await createMember(server.database)
    for (let index = 0; index < 10; index++)
      expect((await attempt(member.email, 'wrong password', '10.0.0.1')).statusCode).toBe(401)
    const limited = await attempt(member.email.toUpperCase(), member.password, '10.0.0.2')
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ code: 429, type: 'general_rate_limit_exceeded' })
    expect(limited.headers['x-ratelimit-limit']).toBe('10')
    expect(limited.headers['x-ratelimit-remaining']).toBe('0')
    expect(Number(limited.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000)
    const retryAfter = Number(limited.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(3500)
    expect(retryAfter).toBeLessThanOrEqual(3600)
  })

  it('resets the per-email count after a successful sign-in', async () => {
    const member = await createMember(server.database)
    for (let index = 0; index < 9; index++) await attempt(member.email, 'wrong password', '10.0.1.1')
    expect((await attempt(member.email, member.password, '10.0.1.1')).statusCode).toBe(201)
    for (let index = 0; index < 9; index++)
      expect((await attempt(member.email, 'wrong password', '10.0.1.2')).statusCode).toBe(401)
  })

  it('caps failures per address across emails', async () => {
    const ip = '10.0.2.1'
    for (let index = 0; index < IP_FAILURE_RULE.limit; index++) {
      expect((await attempt(`nobody-${index}@example.com`, 'wrong password', ip)).statusCode).toBe(401)
    }
    const member = await createMember(server.database)
    const limited = await attempt(member.email, member.password, ip)
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect((await attempt(member.email, member.password, '10.0.2.2')).statusCode).toBe(201)
  })
})
