import { AppwriteException, Query } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COLLECTION_IDS } from '@pg/shared/constants'
import { createMember, type TestMember } from '../support/factories'
import { SdkBrowser } from '../support/sdk-browser'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

/** Every row of the error table in api-contract.md, as the official SDK raises it. */
const DB = testConfig.databaseId
let server: TestServer
let member: TestMember
let browser: SdkBrowser

beforeAll(async () => {
  server = await startTestServer({ listen: true, config: { allowSignUp: true } })
  member = await createMember(server.database)
  browser = new SdkBrowser(server.url)
  await browser.account.createEmailPasswordSession({ email: member.email, password: member.password })
})
afterAll(() => server.close())

/** The SDK's exception, whose body is Appwrite's four fields and only the `extra` ones this store adds. */
async function failure(
  promise: Promise<unknown>,
  extra: Record<string, unknown> = {},
): Promise<AppwriteException> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  if (!(error instanceof AppwriteException))
    throw new Error(`Expected an AppwriteException, got ${String(error)}`)
  const body: unknown = JSON.parse(error.response)
  expect(body).toEqual({
    ...extra,
    message: error.message,
    code: error.code,
    type: error.type,
    version: expect.any(String),
  })
  return error
}

const list = (collectionId: string, queries: string[] = [], databaseId = DB) =>
  browser.databases.listDocuments({ databaseId, collectionId, queries })

const raw = (method: string, path: string, params: Record<string, unknown> = {}) =>
  browser.client.call(
    method,
    new URL(`${server.url}/v1${path}`),
    { 'content-type': 'application/json' },
    params,
  )

describe('error table', () => {
  it('not signed in on an account route: 401 general_unauthorized_scope', async () => {
    const error = await failure(new SdkBrowser(server.url).account.get())
    expect(error).toMatchObject({ code: 401, type: 'general_unauthorized_scope' })
  })

  it('signed-out read of a members-only collection: 401 user_unauthorized', async () => {
    for (const collectionId of Object.values(COLLECTION_IDS)) {
      const error = await failure(
        new SdkBrowser(server.url).databases.listDocuments({ databaseId: DB, collectionId }),
      )
      expect(error).toMatchObject({ code: 401, type: 'user_unauthorized' })
    }
  })

  it('wrong password and unknown email: the same 401 user_invalid_credentials', async () => {
    const guest = new SdkBrowser(server.url)
    const wrong = await failure(
      guest.account.createEmailPasswordSession({ email: member.email, password: 'not the password' }),
    )
    const unknown = await failure(
      guest.account.createEmailPasswordSession({ email: 'nobody@example.com', password: 'not the password' }),
    )
    expect(wrong).toMatchObject({ code: 401, type: 'user_invalid_credentials' })
    expect(unknown.message).toBe(wrong.message)
    expect(unknown.type).toBe(wrong.type)
  })

  it('creating a session while one is active: 401 user_session_already_exists', async () => {
    const error = await failure(
      browser.account.createEmailPasswordSession({ email: member.email, password: member.password }),
    )
    expect(error).toMatchObject({ code: 401, type: 'user_session_already_exists' })
  })

  it('session id not found: 404 user_session_not_found', async () => {
    const error = await failure(browser.account.deleteSession({ sessionId: 'no-such-session' }))
    expect(error).toMatchObject({ code: 404, type: 'user_session_not_found' })
  })

  it('body param missing: 400 general_argument_invalid, Param "x" is not optional.', async () => {
    const error = await failure(raw('patch', '/account/prefs'))
    expect(error).toMatchObject({
      code: 400,
      type: 'general_argument_invalid',
      message: 'Param "prefs" is not optional.',
    })
  })

  it('body param invalid: 400 general_argument_invalid, Invalid `x` param', async () => {
    const guest = new SdkBrowser(server.url)
    const error = await failure(
      guest.account.createEmailPasswordSession({ email: 'not-an-email', password: 'whatever123' }),
    )
    expect(error).toMatchObject({ code: 400, type: 'general_argument_invalid' })
    expect(error.message).toMatch(/^Invalid `email` param: /)
  })

  it('malformed or unknown query and unknown attribute: 400 general_query_invalid', async () => {
    for (const queries of [
      ['not json'],
      ['{"method":"regexMatch","attribute":"title","values":["x"]}'],
      [Query.equal('nope', 'x')],
      [Query.select(['nope'])],
    ]) {
      const error = await failure(list(COLLECTION_IDS.projects, queries))
      expect(error).toMatchObject({ code: 400, type: 'general_query_invalid' })
      expect(error.message).toMatch(/^Invalid query: /)
    }
  })

  it('more than 100 queries or a query over 4096 characters: 400 general_argument_invalid', async () => {
    const many = Array.from({ length: 101 }, () => Query.isNotNull('title'))
    expect(await failure(list(COLLECTION_IDS.projects, many))).toMatchObject({
      code: 400,
      type: 'general_argument_invalid',
    })
    const long = Query.equal('title', 'x'.repeat(4100))
    expect(await failure(list(COLLECTION_IDS.projects, [long]))).toMatchObject({
      code: 400,
      type: 'general_argument_invalid',
    })
  })

  it('cursor document does not exist: 400 general_cursor_not_found', async () => {
    const error = await failure(list(COLLECTION_IDS.projects, [Query.cursorAfter('no-such-project')]))
    expect(error).toMatchObject({ code: 400, type: 'general_cursor_not_found' })
  })

  it('unknown database, collection or document: 404', async () => {
    expect(await failure(list(COLLECTION_IDS.projects, [], 'nope'))).toMatchObject({
      code: 404,
      type: 'database_not_found',
    })
    expect(await failure(list('nope'))).toMatchObject({ code: 404, type: 'collection_not_found' })
    const missing = browser.databases.getDocument({
      databaseId: DB,
      collectionId: COLLECTION_IDS.projects,
      documentId: 'nope',
    })
    expect(await failure(missing)).toMatchObject({ code: 404, type: 'document_not_found' })
  })

  it('rate limit: 429 general_rate_limit_exceeded after 10 attempts an hour for one email', async () => {
    const target = await createMember(server.database)
    const guest = new SdkBrowser(server.url)
    for (let attempt = 0; attempt < 10; attempt++) {
      await failure(
        guest.account.createEmailPasswordSession({ email: target.email, password: 'wrong password' }),
      )
    }
    // Beside Appwrite's four fields, the seconds to wait (the web app tells the member; issue 15).
    const error = await failure(
      guest.account.createEmailPasswordSession({ email: target.email, password: target.password }),
      { retryAfter: expect.stringMatching(/^\d+$/) },
    )
    expect(error).toMatchObject({ code: 429, type: 'general_rate_limit_exceeded' })
  })

  it('account exists: 409 user_already_exists', async () => {
    const guest = new SdkBrowser(server.url)
    const error = await failure(
      guest.account.create({ userId: 'unique()', email: member.email, password: 'a long password' }),
    )
    expect(error).toMatchObject({ code: 409, type: 'user_already_exists' })
  })

  it('invalid or expired recovery token: 401 user_invalid_token', async () => {
    const guest = new SdkBrowser(server.url)
    const error = await failure(
      guest.account.updateRecovery({
        userId: member.id,
        secret: 'not-a-real-secret',
        password: 'a long password',
      }),
    )
    expect(error).toMatchObject({ code: 401, type: 'user_invalid_token' })
  })

  it('an unknown route: 404 general_route_not_found', async () => {
    const error = await failure(raw('get', '/storage/buckets'))
    expect(error).toMatchObject({ code: 404, type: 'general_route_not_found' })
  })
})
