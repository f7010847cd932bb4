import { afterAll, beforeAll, expect, it } from 'vitest'
import { SIGN_UP_RULE } from '../../src/members/account/account-service'
import { startTestServer, type TestServer } from '../support/test-app'

/** Sign-up, where the owner turns it on: Appwrite's 10 an hour per client, an IPv6 client by its /64 (issue 40). */
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ config: { allowSignUp: true } })
})
afterAll(() => server.close())

const signUp = (index: number, remoteAddress: string) =>
  server.app.inject({
    method: 'POST',
    url: '/v1/account',
    payload: { userId: 'unique()', email: `new-${index}@example.com`, password: 'a long passphrase here' },
    remoteAddress,
  })

it('counts sign-ups from one /64 together, and another /64 apart', async () => {
  for (let index = 0; index < SIGN_UP_RULE.limit; index++)
    expect((await signUp(index, `2001:db8:3:1::${(index + 1).toString(16)}`)).statusCode).toBe(201)
  const limited = await signUp(100, '2001:db8:3:1:8000::1')
  expect(limited.statusCode).toBe(429)
  expect(limited.json()).toMatchObject({ type: 'general_rate_limit_exceeded' })
  expect((await signUp(101, '2001:db8:3:2::1')).statusCode).toBe(201)
})
