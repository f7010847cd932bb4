import { expect } from 'vitest'
import type { createMailbox, TestServer } from './test-app'
import { testConfig } from './test-app'

export const SESSION_COOKIE = `a_session_${testConfig.projectId}`

/** Signs in through the API and returns the `cookie` header value a browser would send back. */
export async function signIn(
  server: TestServer,
  credentials: { email: string; password: string },
  headers: Record<string, string> = {},
) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/v1/account/sessions/email',
    payload: credentials,
    headers,
  })
  if (response.statusCode !== 201) throw new Error(`Sign-in failed: ${response.statusCode} ${response.body}`)
  const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE)
  if (!cookie) throw new Error('No session cookie was set')
  return { cookie: `${SESSION_COOKIE}=${cookie.value}`, value: cookie.value, response }
}

export const listUrl = (collectionId: string, queries: string[] = [], extra = '') => {
  const params = new URLSearchParams()
  queries.forEach((query, index) => params.set(`queries[${index}]`, query))
  const search = params.toString()
  return `/v1/databases/${testConfig.databaseId}/collections/${collectionId}/documents?${search}${extra}`
}

/** The member and secret a set-password link carries. */
export function linkSecret(link: string | undefined) {
  const url = new URL(link ?? '')
  return { userId: url.searchParams.get('userId') ?? '', secret: url.searchParams.get('secret') ?? '' }
}

/** Asks for a recovery link through the API and reads it from the email the mailbox receives. */
export async function requestRecoveryLink(
  server: TestServer,
  mailbox: ReturnType<typeof createMailbox>,
  email: string,
) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/v1/account/recovery',
    payload: { email, url: 'http://localhost/reset-password' },
  })
  expect(response.statusCode).toBe(201)
  return linkSecret((await mailbox.next()).link)
}
