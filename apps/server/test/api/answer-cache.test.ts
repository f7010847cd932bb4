import { Query } from 'appwrite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { QUERY_LIMITS } from '../../src/platform/appwrite/queries'
import { createMember } from '../support/factories'
import { listUrl, signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * Issue 10, item 8: distinct query strings cannot grow the answer cache past its bounds, since keys are
 * counted as well as answers and entries are bounded; an absurdly long query string is refused.
 */
const limits = { maxBytes: 64 * 1024, maxEntries: 25 }
let server: TestServer
let cookie = ''

beforeAll(async () => {
  server = await startTestServer({ answerCacheLimits: limits })
  cookie = (await signIn(server, await createMember(server.database))).cookie
})
afterAll(() => server.close())

const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { cookie } })

it('keeps its counted bytes and entries within bounds for many distinct long query strings', async () => {
  let keyCharacters = 0
  for (let index = 0; index < 60; index += 1) {
    // 90 ids of no project: a tiny answer behind a key of about 3,500 characters.
    const ids = Array.from({ length: 90 }, (_, id) => `missing-${index}-${id}-${'x'.repeat(20)}`)
    const url = listUrl('projects', [Query.equal('$id', ids), Query.limit(1)])
    keyCharacters = url.length
    const response = await get(url)
    expect(response.statusCode, response.body).toBe(200)
    const usage = server.app.answerCache.usage()
    expect(usage.bytes).toBeLessThanOrEqual(limits.maxBytes)
    expect(usage.entries).toBeLessThanOrEqual(limits.maxEntries)
    // Every entry's key is counted, not only its answer.
    expect(usage.bytes).toBeGreaterThan(usage.entries * 2500)
  }
  expect(keyCharacters).toBeLessThanOrEqual(QUERY_LIMITS.maxQueryStringLength)
  expect(server.app.answerCache.usage().entries).toBeGreaterThan(5)
})

it(`refuses a query string longer than ${QUERY_LIMITS.maxQueryStringLength} characters with a 400`, async () => {
  const padding = 'x'.repeat(QUERY_LIMITS.maxQueryStringLength)
  const url = `${listUrl('projects', [Query.limit(1)])}&padding=${padding}`
  const response = await get(url)
  expect(response.statusCode).toBe(400)
  expect(response.json()).toMatchObject({ code: 400, type: 'general_argument_invalid' })
  expect(response.json<{ message: string }>().message).toContain(
    `${QUERY_LIMITS.maxQueryStringLength} characters`,
  )
  // Signed out or not, before anything else.
  const guest = await server.app.inject({ method: 'GET', url })
  expect(guest.json()).toMatchObject({ code: 400, type: 'general_argument_invalid' })
  const single = await get(
    `/v1/databases/gallery/collections/projects/documents/demo-0001?${'queries%5B0%5D='.repeat(700)}`,
  )
  expect(single.json()).toMatchObject({ code: 400, type: 'general_argument_invalid' })
})
