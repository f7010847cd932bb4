import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IP_FAILURE_RULE, PASSWORD_UPDATE_RULE } from '../../src/members/account/account-service'
import { createMember } from '../support/factories'
import { signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ config: { trustProxy: true } })
})
afterAll(() => server.close())

describe('behind a trusted proxy', () => {
  it('limits failures by the client address from X-Forwarded-For, not the proxy address', async () => {
    const attempt = (email: string, password: string, client: string) =>
      server.app.inject({
        method: 'POST',
        url: '/v1/account/sessions/email',
        payload: { email, password },
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': client },
      })
    for (let index = 0; index < IP_FAILURE_RULE.limit; index++)
      await attempt(`nobody-${index}@example.com`, 'wrong password', '203.0.113.7')
    const member = await createMember(server.database)
    expect((await attempt(member.email, member.password, '203.0.113.7')).statusCode).toBe(429)
    expect((await attempt(member.email, member.password, '198.51.100.4')).statusCode).toBe(201)
  })
})

describe('password changes', () => {
  it('allows 10 an hour per member, so a stolen session cannot guess the old password', async () => {
    const member = await createMember(server.database)
    const { cookie } = await signIn(server, member)
    const change = () =>
      server.app.inject({
        method: 'PATCH',
        url: '/v1/account/password',
        headers: { cookie },
        payload: { password: 'a brand new password', oldPassword: 'a wrong guess' },
      })
    for (let index = 0; index < PASSWORD_UPDATE_RULE.limit; index++)
      expect((await change()).statusCode).toBe(401)
    expect((await change()).statusCode).toBe(429)
  })
})
