import { rename } from 'node:fs/promises'
import { downloadLinkSchema } from '@pg/shared/purchase'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { downloadLinks, orders, users } from '../../src/platform/db/schema'
import { hashSecret, newId, newSecret } from '../../src/platform/security/secrets'
import { createMember, type TestMember } from '../support/factories'
import { signInConsoleCallers } from '../support/console-callers'
import { signIn } from '../support/inject'
import { createBundle, insertOrder } from '../support/purchases'
import { startTestServer, type TestServer } from '../support/test-app'

/** `/downloads/<secret>`: the short-lived link streams the bundle, resumably, to whoever holds it. */
let server: TestServer
let bundle: Awaited<ReturnType<typeof createBundle>>
let member: TestMember
let cookie: string
const lines: string[] = []
const size = 300_000

beforeAll(async () => {
  bundle = await createBundle({ bytes: size })
  server = await startTestServer({
    config: { downloadFile: bundle.file, logLevel: 'debug' },
    logStream: { write: (line) => void lines.push(line) },
  })
  member = await createMember(server.database)
  cookie = (await signIn(server, member)).cookie
})
afterAll(async () => {
  await server.close()
  await bundle.remove()
})

/** A new link to a new paid order of the member. */
async function newLink(orderId?: string) {
  const id = orderId ?? (await insertOrder(server.database, { userId: member.id })).id
  const response = await server.app.inject({
    method: 'POST',
    url: `/v1/store/purchase/orders/${id}/download`,
    headers: { cookie },
  })
  expect(response.statusCode).toBe(201)
  return { orderId: id, url: downloadLinkSchema.parse(response.json()).url }
}

const fetchLink = async (
  url: string,
  headers: Record<string, string> = {},
  method: 'GET' | 'HEAD' = 'GET',
) => {
  const response = await server.app.inject({ method, url, headers })
  // Neither the file's name on the server nor its folder, in any answer.
  expect(response.body).not.toContain(bundle.folder)
  expect(JSON.stringify(response.headers)).not.toContain('bundle-private-name')
  return response
}

it('streams the whole file as an attachment named after the product, with no session', async () => {
  const { url } = await newLink()
  const response = await fetchLink(url, { origin: 'http://shop.example.test' })
  expect(response.statusCode).toBe(200)
  expect(response.rawPayload.equals(bundle.content)).toBe(true)
  expect(response.headers).toMatchObject({
    'content-type': 'application/zip',
    'content-length': String(size),
    'content-disposition': 'attachment; filename="projects-gallery-700-apps.zip"',
    'accept-ranges': 'bytes',
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  })
  expect(response.headers.etag).toMatch(/^W\/"/)
  expect(response.headers['content-security-policy']).toContain("default-src 'none'")
  // Outside the API: no CORS, so another site's script cannot read the file.
  expect(response.headers['access-control-allow-origin']).toBeUndefined()
})

it('resumes with a Range request (206, exact bytes), honouring If-Range', async () => {
  const { url } = await newLink()
  const resumed = await fetchLink(url, { range: 'bytes=100000-' })
  expect(resumed.statusCode).toBe(206)
  expect(resumed.headers['content-range']).toBe(`bytes 100000-${size - 1}/${size}`)
  expect(resumed.rawPayload.equals(bundle.content.subarray(100_000))).toBe(true)

  const middle = await fetchLink(url, { range: 'bytes=10-19' })
  expect(middle.statusCode).toBe(206)
  expect(middle.rawPayload.equals(bundle.content.subarray(10, 20))).toBe(true)

  const etag = resumed.headers.etag ?? ''
  const same = await fetchLink(url, { range: 'bytes=0-9', 'if-range': etag })
  expect(same.statusCode).toBe(206)
  const changed = await fetchLink(url, { range: 'bytes=0-9', 'if-range': '"another-version"' })
  expect(changed.statusCode).toBe(200)
  expect(changed.rawPayload.equals(bundle.content)).toBe(true)
})

it('answers 416 for a range past the end, with plain words', async () => {
  const { url } = await newLink()
  const response = await fetchLink(url, { range: `bytes=${size}-` })
  expect(response.statusCode).toBe(416)
  expect(response.headers['content-range']).toBe(`bytes */${size}`)
  expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
  expect(response.body).toContain('The requested range is outside the file')
})

it('answers HEAD with the headers only', async () => {
  const { url } = await newLink()
  const response = await fetchLink(url, {}, 'HEAD')
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-length']).toBe(String(size))
  expect(response.headers['accept-ranges']).toBe('bytes')
  expect(response.rawPayload).toHaveLength(0)
})

it('stops a link issued before a refund', async () => {
  const { orderId, url } = await newLink()
  await server.database.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, orderId))
  const response = await fetchLink(url)
  expect(response.statusCode).toBe(410)
  expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
  expect(response.body).toContain('no longer paid')
  const again = await server.app.inject({
    method: 'POST',
    url: `/v1/store/purchase/orders/${orderId}/download`,
    headers: { cookie },
  })
  expect(again.json()).toMatchObject({ type: 'download_unavailable', reason: 'not_paid' })
})

it('stops a link issued before its member was disabled, blocked or deleted (issue 28, item 9)', async () => {
  const { adminCookie } = await signInConsoleCallers(server)
  const refused = async (url: string) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await fetchLink(url, { range: 'bytes=0-9' }, method)
      expect(response.statusCode, method).toBe(403)
      expect(response.headers['cache-control']).toBe('private, no-store')
      if (method === 'GET') {
        expect(response.body).toContain('Esta cuenta ya no tiene acceso a las descargas')
        expect(response.body).toContain('This account no longer has access to downloads')
        expect(response.rawPayload.includes(bundle.content.subarray(0, 10))).toBe(false)
      }
    }
  }
  const linkOf = async (buyer: TestMember) => {
    const { cookie: buyerCookie } = await signIn(server, buyer)
    const order = await insertOrder(server.database, { userId: buyer.id })
    const response = await server.app.inject({
      method: 'POST',
      url: `/v1/store/purchase/orders/${order.id}/download`,
      headers: { cookie: buyerCookie },
    })
    expect(response.statusCode).toBe(201)
    const { url } = downloadLinkSchema.parse(response.json())
    expect((await fetchLink(url, { range: 'bytes=0-9' })).statusCode).toBe(206)
    return url
  }
  const admin = (method: 'PATCH' | 'DELETE', url: string, payload: object) =>
    server.app.inject({ method, url, payload, headers: { cookie: adminCookie } })

  const disabled = await createMember(server.database)
  const disabledLink = await linkOf(disabled)
  expect((await admin('PATCH', `/v1/users/${disabled.id}/status`, { status: false })).statusCode).toBe(200)
  await refused(disabledLink)
  // Enabled again, the member's link works again while it lives.
  expect((await admin('PATCH', `/v1/users/${disabled.id}/status`, { status: true })).statusCode).toBe(200)
  expect((await fetchLink(disabledLink, { range: 'bytes=0-9' })).statusCode).toBe(206)

  const blocked = await createMember(server.database)
  const blockedLink = await linkOf(blocked)
  await server.database.db.update(users).set({ blockedReason: 'inactive' }).where(eq(users.id, blocked.id))
  await refused(blockedLink)

  const deleted = await createMember(server.database)
  const deletedLink = await linkOf(deleted)
  expect((await admin('DELETE', `/v1/users/${deleted.id}`, {})).statusCode).toBe(204)
  await refused(deletedLink)
})

it('refuses an expired link and an unknown one, in plain words', async () => {
  const order = await insertOrder(server.database, { userId: member.id })
  const secret = newSecret()
  await server.database.db.insert(downloadLinks).values({
    id: newId(),
    orderId: order.id,
    secretHash: hashSecret(secret),
    expiresAt: new Date(Date.now() - 1000),
  })
  const expired = await fetchLink(`/downloads/${secret}`)
  expect(expired.statusCode).toBe(410)
  expect(expired.body).toContain('This download link has expired')
  expect(expired.body).toContain('Este enlace de descarga ha caducado')
  expect(expired.headers['cache-control']).toBe('private, no-store')

  for (const unknown of [`/downloads/${newSecret()}`, '/downloads/not-a-secret', '/downloads/%2e%2e%2fetc']) {
    const response = await fetchLink(unknown)
    expect(response.statusCode).toBe(404)
    expect(response.body).toContain('This download link is not valid')
  }
})

it('says the download is unavailable when the file went away, without naming it', async () => {
  const { url } = await newLink()
  const hidden = `${bundle.file}.away`
  await rename(bundle.file, hidden)
  try {
    const response = await fetchLink(url)
    expect(response.statusCode).toBe(503)
    expect(response.body).toContain('not available at the moment')
    expect(response.body).not.toContain('bundle')
  } finally {
    await rename(hidden, bundle.file)
  }
  expect((await fetchLink(url)).statusCode).toBe(200)
})

it('keeps link secrets out of the log', async () => {
  const { url } = await newLink()
  await fetchLink(url)
  const secret = url.split('/').at(-1) ?? ''
  expect(lines.join('')).toContain('/downloads/[secret]')
  expect(lines.join('')).not.toContain(secret)
})
