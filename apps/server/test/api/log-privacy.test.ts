import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildApp } from '../../src/app'
import { decodeSessionValue } from '../../src/platform/appwrite/session-cookie'
import { hashSecret } from '../../src/platform/security/secrets'
import { createMember, type TestMember } from '../support/factories'
import { signIn } from '../support/inject'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

/** What the server writes to its log holds no secret and no member's data (issue 10, item 19). */
let server: TestServer
let dataDir = ''
let member: TestMember
const lines: string[] = []
const log = () => lines.join('')

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'gallery-log-'))
  // No mailer given and no SMTP_URL: mail goes to DATA_DIR/mail, as on an owner's machine offline.
  server = await startTestServer({
    config: { logLevel: 'info', dataDir },
    logStream: { write: (line) => void lines.push(line) },
  })
  member = await createMember(server.database, { name: 'Private Name' })
})
afterAll(async () => {
  await server.close()
  await rm(dataDir, { recursive: true, force: true })
})

async function waitForLog(pattern: RegExp) {
  for (let tries = 0; tries < 100 && !pattern.test(log()); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  expect(log()).toMatch(pattern)
}

it('logs where a recovery email was written, never its link or its recipient', async () => {
  const response = await server.app.inject({
    method: 'POST',
    url: '/v1/account/recovery',
    payload: { email: member.email, url: 'http://localhost/reset-password' },
  })
  expect(response.statusCode).toBe(201)
  await waitForLog(/email written to the mail folder/)
  const [file] = await readdir(path.join(dataDir, 'mail'))
  expect(log()).toContain(path.join(dataDir, 'mail', file ?? ''))
  expect(log()).not.toContain('secret=')
  expect(log()).not.toContain('reset-password')
  expect(log()).not.toContain(member.email)
  expect(log()).not.toContain(member.id)
})

it('logs a failed query without its parameters: no prefs, no email', async () => {
  const { cookie } = await signIn(server, member)
  await server.database.rows(sql`
    CREATE FUNCTION refuse_update() RETURNS trigger LANGUAGE plpgsql
    AS $$ BEGIN RAISE EXCEPTION 'updates refused for this test'; END $$`)
  await server.database.rows(
    sql`CREATE TRIGGER refuse_update BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION refuse_update()`,
  )
  try {
    const response = await server.app.inject({
      method: 'PATCH',
      url: '/v1/account/prefs',
      headers: { cookie },
      payload: { prefs: { note: 'a very private preference' } },
    })
    expect(response.statusCode).toBe(500)
  } finally {
    await server.database.rows(sql`DROP TRIGGER refuse_update ON users`)
  }
  await waitForLog(/updates refused for this test/)
  expect(log()).not.toContain('a very private preference')
  expect(log()).not.toContain(member.email)
  expect(log()).toContain('"code":"P0001"')
})

it('logs a failed session look-up without the session secret or its hash', async () => {
  const { cookie, value } = await signIn(server, member)
  const secret = decodeSessionValue(value)?.secret ?? ''
  await server.database.rows(sql`ALTER TABLE sessions RENAME COLUMN expires_at TO expires_at_moved`)
  try {
    const response = await server.app.inject({ method: 'GET', url: '/v1/account', headers: { cookie } })
    expect(response.statusCode).toBe(500)
  } finally {
    await server.database.rows(sql`ALTER TABLE sessions RENAME COLUMN expires_at_moved TO expires_at`)
  }
  await waitForLog(/expires_at/)
  expect(log()).not.toContain(hashSecret(secret))
  expect(log()).not.toContain(secret)
  expect(log()).toContain('"code":"42703"')
})

it('logs the path of a request without its query string, where a reset link keeps its secret', async () => {
  const app = await buildApp({ ...testConfig, logLevel: 'debug', dataDir }, server.database, {
    logStream: { write: (line) => void lines.push(line) },
  })
  try {
    await app.inject({ method: 'GET', url: '/reset-password?userId=someone&secret=a-secret-in-the-url' })
  } finally {
    await app.close()
  }
  await waitForLog(/"url":"\/reset-password"/)
  expect(log()).not.toContain('a-secret-in-the-url')
})
