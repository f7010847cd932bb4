import { purchaseSchema, downloadLinkSchema } from '@pg/shared/purchase'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMember, type TestMember } from '../support/factories'
import { signIn } from '../support/inject'
import { createBundle, daysAgo, insertOrder } from '../support/purchases'
import { startTestServer, type TestServer } from '../support/test-app'

/** "My purchase": what a signed-in member bought and whether each order may start a download. */
let server: TestServer
let bundle: Awaited<ReturnType<typeof createBundle>>
let member: TestMember
let cookie: string

beforeAll(async () => {
  bundle = await createBundle()
  server = await startTestServer({
    config: {
      downloadFile: bundle.file,
      downloadLimit: 3,
      bonusUrls: { bonus1: 'https://cursos.example.com/n8n', bonus2: undefined },
      supportEmail: 'ayuda@tienda.example.com',
    },
  })
  member = await createMember(server.database)
  cookie = (await signIn(server, member)).cookie
})
afterAll(async () => {
  await server.close()
  await bundle.remove()
})

const purchaseOf = async (headers: Record<string, string>) => {
  const response = await server.app.inject({ method: 'GET', url: '/v1/store/purchase', headers })
  expect(response.body).not.toContain(bundle.folder)
  return response
}
const askDownload = async (orderId: string, headers: Record<string, string> = { cookie }) => {
  const response = await server.app.inject({
    method: 'POST',
    url: `/v1/store/purchase/orders/${orderId}/download`,
    headers,
  })
  expect(response.body).not.toContain(bundle.folder)
  return response
}

describe('GET /v1/store/purchase', () => {
  it('answers guests 401 like the other member routes', async () => {
    const response = await purchaseOf({})
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 401, type: 'user_unauthorized' })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('shows a member without orders the bonuses and where to ask for help', async () => {
    const loner = await createMember(server.database)
    const response = await purchaseOf({ cookie: (await signIn(server, loner)).cookie })
    expect(response.statusCode).toBe(200)
    expect(purchaseSchema.parse(response.json())).toEqual({
      orders: [],
      bonuses: [
        { id: 'bonus1', url: 'https://cursos.example.com/n8n' },
        { id: 'bonus2', url: null },
      ],
      supportEmail: 'ayuda@tienda.example.com',
    })
  })

  it('lists the member’s own orders, newest first, each with its download window and status', async () => {
    const buyer = await createMember(server.database)
    const old = await insertOrder(server.database, { userId: buyer.id, purchasedAt: daysAgo(16) })
    const pending = await insertOrder(server.database, {
      userId: buyer.id,
      status: 'pending',
      purchasedAt: daysAgo(1),
    })
    const recent = await insertOrder(server.database, {
      userId: buyer.id,
      purchasedAt: daysAgo(2),
      amount: null,
      currency: null,
      provider: 'manual',
      product: '',
    })
    // Someone else's order never shows.
    await insertOrder(server.database, { userId: member.id })
    const response = await purchaseOf({ cookie: (await signIn(server, buyer)).cookie })
    const purchase = purchaseSchema.parse(response.json())
    expect(purchase.orders.map((order) => order.$id)).toEqual([pending.id, recent.id, old.id])
    const [first, second, third] = purchase.orders
    expect(first).toMatchObject({ status: 'pending', download: { available: false, reason: 'not_paid' } })
    expect(second).toMatchObject({
      $id: recent.id,
      provider: 'manual',
      product: '',
      amount: null,
      currency: null,
      status: 'paid',
      download: { available: true, reason: null, used: 0, limit: 3 },
    })
    expect(Date.parse(second?.download.expiresAt ?? '')).toBe(
      (recent.purchasedAt?.getTime() ?? 0) + 15 * 86_400_000,
    )
    expect(third).toMatchObject({
      amount: 2700,
      currency: 'USD',
      download: { available: false, reason: 'expired' },
    })
  })
})

describe('POST /v1/store/purchase/orders/:orderId/download', () => {
  it('answers guests 401', async () => {
    const order = await insertOrder(server.database, { userId: member.id })
    const response = await askDownload(order.id, {})
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ type: 'user_unauthorized' })
  })

  it('issues a short-lived link on the store’s own origin', async () => {
    const order = await insertOrder(server.database, { userId: member.id })
    const before = Date.now()
    const response = await askDownload(order.id, { cookie, host: 'evil.example.com' })
    expect(response.statusCode).toBe(201)
    const link = downloadLinkSchema.parse(response.json())
    expect(link.url).toMatch(/^\/downloads\/[0-9a-f]{64}$/)
    const lifetime = Date.parse(link.expire) - before
    expect(lifetime).toBeGreaterThan(14 * 60_000)
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000 + 1000)
  })

  it('does not reveal another member’s order, nor one that does not exist', async () => {
    const other = await createMember(server.database)
    const theirs = await insertOrder(server.database, { userId: other.id })
    for (const id of [theirs.id, 'doesnotexist', 'bad id!']) {
      const response = await askDownload(encodeURIComponent(id))
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ type: 'order_not_found', code: 404 })
    }
  })

  it('stops at the download limit and says so', async () => {
    const order = await insertOrder(server.database, { userId: member.id })
    for (let count = 0; count < 3; count++) expect((await askDownload(order.id)).statusCode).toBe(201)
    const refused = await askDownload(order.id)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ type: 'download_unavailable', reason: 'limit_reached' })
    expect(refused.json<{ message: string }>().message).toMatch(/limit_reached.*3 downloads/)
    const mine = purchaseSchema.parse((await purchaseOf({ cookie })).json())
    expect(mine.orders.find((candidate) => candidate.$id === order.id)?.download).toMatchObject({
      available: false,
      reason: 'limit_reached',
      used: 3,
      limit: 3,
    })
  })

  it('gives several links at once no more than the limit', async () => {
    const order = await insertOrder(server.database, { userId: member.id })
    const answers = await Promise.all(Array.from({ length: 6 }, () => askDownload(order.id)))
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3)
    expect(answers.filter((answer) => answer.statusCode === 403)).toHaveLength(3)
  })

  it('refuses after the 15 days of the policy, and for an order not paid', async () => {
    const old = await insertOrder(server.database, { userId: member.id, purchasedAt: daysAgo(16) })
    const expired = await askDownload(old.id)
    expect(expired.statusCode).toBe(403)
    expect(expired.json()).toMatchObject({ type: 'download_unavailable', reason: 'expired' })
    expect(expired.json<{ message: string }>().message).toContain('15 days')
    for (const status of ['pending', 'refunded', 'disputed', 'canceled'] as const) {
      const order = await insertOrder(server.database, { userId: member.id, status })
      const refused = await askDownload(order.id)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toMatchObject({ reason: 'not_paid' })
    }
  })
})

describe('a store with no file to deliver', () => {
  let bare: TestServer
  beforeAll(async () => {
    bare = await startTestServer()
  })
  afterAll(() => bare.close())

  it('says not_configured, and issues no link', async () => {
    const buyer = await createMember(bare.database)
    const order = await insertOrder(bare.database, { userId: buyer.id })
    const headers = { cookie: (await signIn(bare, buyer)).cookie }
    const purchase = purchaseSchema.parse(
      (await bare.app.inject({ method: 'GET', url: '/v1/store/purchase', headers })).json(),
    )
    expect(purchase.orders[0]?.download).toMatchObject({ available: false, reason: 'not_configured' })
    expect(purchase.bonuses).toEqual([
      { id: 'bonus1', url: null },
      { id: 'bonus2', url: null },
    ])
    expect(purchase.supportEmail).toBe('soporte@localhost')
    const refused = await bare.app.inject({
      method: 'POST',
      url: `/v1/store/purchase/orders/${order.id}/download`,
      headers,
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ type: 'download_unavailable', reason: 'not_configured' })
  })
})
