import { afterAll, beforeAll, expect, it } from 'vitest'
import { EMAIL_ADDRESS_RULE, IP_FAILURE_RULE } from '../../src/members/account/account-service'
import { createMember } from '../support/factories'
import { startTestServer, type TestServer } from '../support/test-app'

/** Attempts sent at the same moment: each is counted before its password is checked (issue 10, item 5). */
let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const attempt = (email: string, ip: string) =>
  server.app.inject({
    method: 'POST',
    url: '/v1/account/sessions/email',
    payload: { email, password: 'a wrong password' },
    remoteAddress: ip,
  })
const statuses = async (answers: Promise<{ statusCode: number }>[]) =>
  (await Promise.all(answers)).map((answer) => answer.statusCode)
const count = (values: number[], value: number) => values.filter((candidate) => candidate === value).length

it('answers 429 to parallel failures from one address across emails once over the limit', async () => {
  const answers = await statuses(
    Array.from({ length: 60 }, (_, index) => attempt(`nobody-${index}@example.com`, '10.1.0.1')),
  )
  expect(count(answers, 401)).toBe(IP_FAILURE_RULE.limit)
  expect(count(answers, 429)).toBe(60 - IP_FAILURE_RULE.limit)
})

it('answers 429 to parallel failures for one email from one address once over the limit', async () => {
  const member = await createMember(server.database)
  const answers = await statuses(Array.from({ length: 30 }, () => attempt(member.email, '10.1.0.2')))
  expect(count(answers, 401)).toBe(EMAIL_ADDRESS_RULE.limit)
  expect(count(answers, 429)).toBe(30 - EMAIL_ADDRESS_RULE.limit)
})
