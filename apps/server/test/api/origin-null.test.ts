import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../support/factories'
import { signIn } from '../support/inject'
import { signInConsoleCallers } from '../support/console-callers'
import { insertOrder } from '../support/purchases'
import type { createMailbox, TestServer } from '../support/test-app'
import { deliverOk, startSellingStore, WEBHOOK_SECRETS } from '../support/webhook-store'
import { stripeDelivery } from '../support/webhook-deliveries'

/**
 * `Origin: null` is what a browser sends from a sandboxed frame, a `data:` page or after a cross-origin
 * redirect: a page anyone can make. With the store's cookies on a state-changing request it is a
 * forged request (issue 28, item 6; decision 056), on every route.
 */
let server: TestServer
let mailbox: ReturnType<typeof createMailbox>
let adminCookie = ''

beforeAll(async () => {
  ;({ server, mailbox } = await startSellingStore())
  ;({ adminCookie } = await signInConsoleCallers(server))
})
afterAll(() => server.close())

/** A form posted from a sandboxed page: `text/plain`, `Origin: null`, the browser's cookies. */
const forged = (method: 'POST' | 'PATCH', url: string, cookie: string | undefined, payload = '') =>
  server.app.inject({
    method,
    url,
    payload,
    headers: { origin: 'null', 'content-type': 'text/plain', ...(cookie ? { cookie } : {}) },
  })

describe('Origin: null with cookies', () => {
  it('refuses an admin’s refund and invitation with 403 general_unknown_origin, changing nothing', async () => {
    const buyer = await createMember(server.database)
    const order = await insertOrder(server.database, { userId: buyer.id })
    const refund = await forged('POST', `/v1/store/orders/${order.id}/refund`, adminCookie)
    expect(refund.statusCode, refund.body).toBe(403)
    expect(refund.json()).toMatchObject({ type: 'general_unknown_origin' })
    const invitation = await forged('POST', `/v1/store/members/${buyer.id}/invitation`, adminCookie)
    expect(invitation.statusCode, invitation.body).toBe(403)
    expect(invitation.json()).toMatchObject({ type: 'general_unknown_origin' })
    const shown = await server.app.inject({
      method: 'GET',
      url: `/v1/store/orders/${order.id}`,
      headers: { cookie: adminCookie },
    })
    expect(shown.json()).toMatchObject({ status: 'paid' })
    expect(mailbox.messages).toHaveLength(0)
  })

  it('refuses a member’s preferences change, and any cookie counts', async () => {
    const member = await createMember(server.database)
    const { cookie } = await signIn(server, member)
    const payload = JSON.stringify({ prefs: { favoriteProjects: ['forged'] } })
    for (const [label, sent] of [
      ['session', cookie],
      ['language', 'lang=en'],
    ])
      expect((await forged('PATCH', '/v1/account/prefs', sent, payload)).json(), label).toMatchObject({
        code: 403,
        type: 'general_unknown_origin',
      })
    const prefs = await server.app.inject({ method: 'GET', url: '/v1/account/prefs', headers: { cookie } })
    expect(prefs.json()).toEqual({})
  })

  it('changes nothing for a request without cookies, nor for reads', async () => {
    // Without a cookie nobody is signed in: the routes answer as to any visitor.
    const visitor = await forged('POST', '/v1/store/orders/any/refund', undefined)
    expect(visitor.json()).toMatchObject({ code: 401, type: 'user_unauthorized' })
    const read = await server.app.inject({
      method: 'GET',
      url: '/v1/account',
      headers: { origin: 'null', cookie: adminCookie },
    })
    expect(read.statusCode).toBe(200)
  })

  it('still records a provider’s webhook delivery, which carries neither Origin nor cookies', async () => {
    const delivery = stripeDelivery({
      secret: WEBHOOK_SECRETS.stripe,
      type: 'checkout.session.completed',
      email: 'origin-null-buyer@example.com',
    })
    expect(await deliverOk(server, delivery)).toMatchObject({ received: true, duplicate: false })
    const forgedDelivery = await server.app.inject({
      method: 'POST',
      url: delivery.path,
      payload: delivery.body,
      headers: {
        ...delivery.headers,
        'content-type': 'application/json',
        origin: 'null',
        cookie: adminCookie,
      },
    })
    expect(forgedDelivery.statusCode).toBe(403)
  })
})
