import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/platform/db/client'
import { orderAdminRoutes } from '../../src/selling/orders/order-admin-routes'
import type { OrderService } from '../../src/selling/orders/order-service'
import { signInConsoleCallers } from '../support/console-callers'
import { daysAgo, insertOrder } from '../support/purchases'
import { startTestServer, type TestServer } from '../support/test-app'

let server: TestServer
let adminCookie = ''
let memberCookie = ''

beforeAll(async () => {
  server = await startTestServer()
  ;({ adminCookie, memberCookie } = await signInConsoleCallers(server))
})
afterAll(() => server.close())

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
const call = (method: Method, url: string, cookie: string | undefined, payload?: object) =>
  server.app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} })

describe('orders in the console', () => {
  it.each(
    orderAdminRoutes({} as OrderService, {} as Database).map((route) => ({
      method: route.method,
      url: route.url.replace(':orderId', 'some-order'),
      access: route.access,
    })),
  )('$method $url: admin only', async (route) => {
    expect(route.access).toBe('admin')
    for (const cookie of [undefined, memberCookie]) {
      const response = await call(route.method, route.url, cookie, { email: 'x@example.com' })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ type: 'user_unauthorized' })
    }
  })

  it('lists orders newest first, filtered by status, provider and days, paged', async () => {
    await insertOrder(server.database, { userId: null, email: 'old@example.com', purchasedAt: daysAgo(40) })
    await insertOrder(server.database, {
      userId: null,
      email: 'refunded@example.com',
      status: 'refunded',
      provider: 'hotmart',
    })
    await insertOrder(server.database, { userId: null, email: 'new@example.com' })
    const list = async (query: string) => {
      const response = await call('GET', `/v1/store/orders${query}`, adminCookie)
      expect(response.statusCode, response.body).toBe(200)
      return response.json<{ total: number; orders: { email: string }[] }>()
    }
    expect((await list('')).orders.map((order) => order.email)).toEqual([
      'new@example.com',
      'refunded@example.com',
      'old@example.com',
    ])
    expect((await list('?status=refunded')).orders.map((order) => order.email)).toEqual([
      'refunded@example.com',
    ])
    expect((await list('?provider=stripe')).total).toBe(2)
    const since = daysAgo(30).toISOString().slice(0, 10)
    expect((await list(`?from=${since}`)).total).toBe(2)
    expect(
      (await list(`?to=${daysAgo(35).toISOString().slice(0, 10)}`)).orders.map((order) => order.email),
    ).toEqual(['old@example.com'])
    const page = await list('?limit=1&offset=1')
    expect(page).toMatchObject({ total: 3, orders: [{ email: 'refunded@example.com' }] })
    for (const bad of ['?status=lost', '?from=yesterday', '?limit=0', '?provider=paypal', '?colour=red']) {
      const response = await call('GET', `/v1/store/orders${bad}`, adminCookie)
      expect(response.statusCode, bad).toBe(400)
      expect(response.json().type).toBe('general_argument_invalid')
    }
  })

  it('grants a sale, which makes a member, and records a refund, which ends their access; both are audited', async () => {
    const granted = await call('POST', '/v1/store/orders', adminCookie, {
      email: 'transferencia@example.com',
      name: 'Pago por transferencia',
      note: 'Banco, 25 USD',
    })
    expect(granted.statusCode, granted.body).toBe(201)
    const order = granted.json<{ id: string; status: string; provider: string; userId: string }>()
    expect(order).toMatchObject({ status: 'paid', provider: 'manual' })
    const shown = await call('GET', `/v1/store/orders/${order.id}`, adminCookie)
    expect(shown.json()).toMatchObject({ id: order.id, note: 'Banco, 25 USD', events: [{ status: 'paid' }] })
    const member = await call('GET', `/v1/users/${order.userId}`, adminCookie)
    expect(member.json()).toMatchObject({ email: 'transferencia@example.com', status: true })

    const refunded = await call('POST', `/v1/store/orders/${order.id}/refund`, adminCookie)
    expect(refunded.json()).toMatchObject({ status: 'refunded' })
    const again = await call('POST', `/v1/store/orders/${order.id}/refund`, adminCookie)
    expect(again.statusCode).toBe(400)
    expect((await call('GET', `/v1/store/orders/${order.id}`, adminCookie)).json().events).toHaveLength(2)

    const audit = await call(
      'GET',
      `/v1/store/audit?queries[0]=${encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'subject', values: [`orders/${order.id}`] }))}`,
      adminCookie,
    )
    expect(audit.json().events.map((event: { action: string }) => event.action)).toEqual([
      'order.refund',
      'order.grant',
    ])
  })

  it('answers 404 order_not_found for an unknown order and 400 for a bad grant', async () => {
    for (const url of ['/v1/store/orders/nope', '/v1/store/orders/not%20an%20id']) {
      const response = await call('GET', url, adminCookie)
      expect(response.statusCode).toBe(404)
      expect(response.json().type).toBe('order_not_found')
    }
    expect((await call('POST', '/v1/store/orders/nope/refund', adminCookie)).json().type).toBe(
      'order_not_found',
    )
    expect((await call('POST', '/v1/store/orders', adminCookie, { email: 'not an email' })).statusCode).toBe(
      400,
    )
    expect(
      (await call('POST', '/v1/store/orders', adminCookie, { email: 'a@example.com', language: 'fr' }))
        .statusCode,
    ).toBe(400)
  })
})
