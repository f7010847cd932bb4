import { afterAll, beforeAll, expect, it } from 'vitest'
import { PREFS_MAX_DEPTH } from '@pg/shared/account'
import { createMember } from '../support/factories'
import { signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'

let server: TestServer
let cookie = ''
const STORED = { favoriteProjects: ['p1', 'p2'] }

beforeAll(async () => {
  server = await startTestServer()
  ;({ cookie } = await signIn(server, await createMember(server.database)))
  expect((await patch(JSON.stringify({ prefs: STORED }))).statusCode).toBe(200)
})
afterAll(() => server.close())

const patch = (payload: string) =>
  server.app.inject({
    method: 'PATCH',
    url: '/v1/account/prefs',
    payload,
    headers: { cookie, 'content-type': 'application/json' },
  })

/** `{"prefs": {"a": {"a": … {}}}}` with `levels` objects under prefs (built as text: no stack involved). */
const nested = (levels: number) => `{"prefs":${'{"a":'.repeat(levels)}{}${'}'.repeat(levels + 1)}`

it(`refuses prefs nested more than ${PREFS_MAX_DEPTH} levels with a 400 that says so, and keeps the old ones`, async () => {
  for (const levels of [PREFS_MAX_DEPTH, 5_000, 40_000]) {
    const response = await patch(nested(levels))
    expect(response.statusCode, `${levels} levels`).toBe(400)
    expect(response.json()).toMatchObject({ type: 'general_argument_invalid' })
    expect(response.json().message).toContain(`more than ${PREFS_MAX_DEPTH} levels deep`)
  }
  const prefs = await server.app.inject({ method: 'GET', url: '/v1/account/prefs', headers: { cookie } })
  expect(prefs.json()).toEqual(STORED)
  expect((await patch(nested(PREFS_MAX_DEPTH - 1))).statusCode).toBe(200)
})

it('refuses a lone surrogate in a value or a key with a 400 that says so', async () => {
  for (const payload of [
    '{"prefs":{"name":"\\ud800"}}',
    '{"prefs":{"list":["ok","\\udfff x"]}}',
    '{"prefs":{"\\ud83d":1}}',
  ]) {
    const response = await patch(payload)
    expect(response.statusCode, payload).toBe(400)
    expect(response.json()).toMatchObject({ type: 'general_argument_invalid' })
    expect(response.json().message).toContain('well-formed Unicode')
  }
  // A surrogate pair is one character (an emoji) and is kept as sent.
  const emoji = await patch('{"prefs":{"mood":"\\ud83d\\ude00"}}')
  expect(emoji.statusCode).toBe(200)
  expect(emoji.json().prefs).toEqual({ mood: '😀' })
})
