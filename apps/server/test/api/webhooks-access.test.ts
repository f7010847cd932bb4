import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { signInConsoleCallers } from '../support/console-callers'
import type { TestMember } from '../support/factories'
import { linkSecret, signIn } from '../support/inject'
import type { createMailbox, TestServer } from '../support/test-app'
import { hotmartDelivery, lemonSqueezyDelivery, stripeDelivery } from '../support/webhook-deliveries'
import { deliverOk, mailTo, orderOf, startSellingStore, WEBHOOK_SECRETS } from '../support/webhook-store'

/**
 * Issue 28, item 2: paying with another person's email and then refunding or disputing must not lock
 * that person out. A member's access is the sum of what granted it (the owner, each paid order, the
 * admin label); a refund, dispute or chargeback ends only its own order's grant (decision 057).
 */
let server: TestServer
let mailbox: ReturnType<typeof createMailbox>
let admin: TestMember
let adminCookie = ''

beforeAll(async () => {
  ;({ server, mailbox } = await startSellingStore())
  ;({ admin, adminCookie } = await signInConsoleCallers(server, 'Owner'))
})
afterAll(() => server.close())

const stripe = WEBHOOK_SECRETS.stripe
const paidWithStripe = (orderId: string, email: string) =>
  stripeDelivery({ secret: stripe, type: 'checkout.session.completed', orderId, email })
const refundedWithStripe = (orderId: string, email: string) =>
  stripeDelivery({ secret: stripe, type: 'charge.refunded', orderId, email })
const disputedWithStripe = (orderId: string) =>
  stripeDelivery({ secret: stripe, type: 'charge.dispute.created', orderId })

const get = (url: string, cookie: string) => server.app.inject({ method: 'GET', url, headers: { cookie } })
const signInStatus = async (member: { email: string; password: string }) => {
  const response = await server.app.inject({
    method: 'POST',
    url: '/v1/account/sessions/email',
    payload: member,
  })
  return { status: response.statusCode, type: response.json<{ type?: string }>().type }
}

/** The order as the console shows it, with what it and each of its events did to access. */
async function consoleOrder(provider: string, providerOrderId: string) {
  const row = await orderOf(server, provider, providerOrderId)
  const response = await get(`/v1/store/orders/${row?.id ?? 'none'}`, adminCookie)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{
    status: string
    access: string | null
    accessDetail: string[]
    events: { type: string; access: string | null; accessDetail: string[] }[]
  }>()
}

it('an admin whose email someone paid with keeps the console through a refund and a chargeback', async () => {
  const { cookie } = await signIn(server, admin)
  await deliverOk(server, paidWithStripe('pi_admin_paid', admin.email))
  await deliverOk(server, refundedWithStripe('pi_admin_paid', admin.email))
  const hottok = WEBHOOK_SECRETS.hotmart
  const hotmart = { hottok, transaction: 'HP_ADMIN_1', email: admin.email.toUpperCase() }
  await deliverOk(server, hotmartDelivery({ ...hotmart, event: 'PURCHASE_APPROVED' }))
  await deliverOk(server, hotmartDelivery({ ...hotmart, event: 'PURCHASE_CHARGEBACK' }))

  // Still signed in, still in the console, and able to sign in again.
  expect((await get('/v1/store/orders', cookie)).statusCode).toBe(200)
  expect(await signInStatus(admin)).toEqual({ status: 201, type: undefined })
  const refunded = await consoleOrder('stripe', 'pi_admin_paid')
  expect(refunded).toMatchObject({ status: 'refunded', access: 'kept', accessDetail: ['admin'] })
  expect(refunded.events.map((event) => [event.type, event.access])).toEqual([
    ['checkout.session.completed', 'granted'],
    ['charge.refunded', 'kept'],
  ])
  expect(await consoleOrder('hotmart', 'HP_ADMIN_1')).toMatchObject({
    status: 'disputed',
    access: 'kept',
    accessDetail: ['admin'],
  })
})

it('a member the owner created and invited keeps access through a refund and a dispute of orders paid with their email', async () => {
  const invited = { email: 'invitada@example.com', password: 'la contraseña de la invitada' }
  const created = await server.app.inject({
    method: 'POST',
    url: '/v1/users',
    headers: { cookie: adminCookie },
    payload: { userId: 'unique()', email: invited.email, password: invited.password, name: 'Invitada' },
  })
  expect(created.statusCode, created.body).toBe(201)
  const userId = created.json<{ $id: string }>().$id
  const invitation = await server.app.inject({
    method: 'POST',
    url: `/v1/store/members/${userId}/invitation`,
    headers: { cookie: adminCookie },
    payload: { language: 'es' },
  })
  expect(invitation.statusCode, invitation.body).toBeLessThan(300)
  const { cookie } = await signIn(server, invited)

  await deliverOk(server, paidWithStripe('pi_invited_refunded', invited.email))
  await deliverOk(server, refundedWithStripe('pi_invited_refunded', invited.email))
  await deliverOk(server, paidWithStripe('pi_invited_disputed', invited.email))
  await deliverOk(server, disputedWithStripe('pi_invited_disputed'))
  const lemon = { secret: WEBHOOK_SECRETS.lemonsqueezy, orderId: '70001', email: ` ${invited.email} ` }
  await deliverOk(server, lemonSqueezyDelivery({ ...lemon, event: 'order_created' }))
  await deliverOk(server, lemonSqueezyDelivery({ ...lemon, event: 'order_refunded', status: 'refunded' }))

  expect((await get('/v1/account', cookie)).statusCode).toBe(200)
  expect(await signInStatus(invited)).toEqual({ status: 201, type: undefined })
  for (const [provider, id] of [
    ['stripe', 'pi_invited_refunded'],
    ['stripe', 'pi_invited_disputed'],
    ['lemonsqueezy', '70001'],
  ] as const) {
    expect(await consoleOrder(provider, id), id).toMatchObject({ access: 'kept', accessDetail: ['owner'] })
  }
})

it('a buyer with two paid orders keeps access when one is refunded and loses it when both are; the owner’s enable then outlasts a refund', async () => {
  const email = 'dos-pedidos@example.com'
  await deliverOk(server, paidWithStripe('pi_two_first', email))
  const welcome = await mailTo(mailbox, email)
  const buyer = { email, password: 'la contraseña de dos pedidos' }
  const chosen = await server.app.inject({
    method: 'PUT',
    url: '/v1/account/recovery',
    payload: { ...linkSecret(welcome.link), password: buyer.password },
  })
  expect(chosen.statusCode).toBe(200)
  await deliverOk(server, paidWithStripe('pi_two_second', email))
  const { cookie } = await signIn(server, buyer)

  await deliverOk(server, refundedWithStripe('pi_two_first', email))
  expect((await get('/v1/account', cookie)).statusCode).toBe(200)
  expect(await consoleOrder('stripe', 'pi_two_first')).toMatchObject({
    access: 'kept',
    accessDetail: ['order'],
  })

  await deliverOk(server, disputedWithStripe('pi_two_second'))
  expect((await get('/v1/account', cookie)).statusCode).toBe(401)
  expect(await signInStatus(buyer)).toEqual({ status: 401, type: 'user_blocked' })
  expect(await consoleOrder('stripe', 'pi_two_second')).toMatchObject({ access: 'ended', accessDetail: [] })

  // The owner lets the buyer back in: that grant is the owner's, and no later refund ends it.
  const row = await orderOf(server, 'stripe', 'pi_two_second')
  const enabled = await server.app.inject({
    method: 'PATCH',
    url: `/v1/users/${row?.userId ?? ''}/status`,
    headers: { cookie: adminCookie },
    payload: { status: true },
  })
  expect(enabled.statusCode, enabled.body).toBe(200)
  await deliverOk(server, paidWithStripe('pi_two_third', email))
  await deliverOk(server, refundedWithStripe('pi_two_third', email))
  expect(await signInStatus(buyer)).toEqual({ status: 201, type: undefined })
  expect(await consoleOrder('stripe', 'pi_two_third')).toMatchObject({
    access: 'kept',
    accessDetail: ['owner'],
  })
})

it('ends access when the two orders that held it are refunded at the same moment', async () => {
  const email = 'a-la-vez@example.com'
  await deliverOk(server, paidWithStripe('pi_same_first', email))
  await deliverOk(server, paidWithStripe('pi_same_second', email))
  // Each refund alone would find the other order paid; the member's row makes them take turns.
  await Promise.all([
    deliverOk(server, refundedWithStripe('pi_same_first', email)),
    deliverOk(server, refundedWithStripe('pi_same_second', email)),
  ])
  const accesses = [
    (await consoleOrder('stripe', 'pi_same_first')).access,
    (await consoleOrder('stripe', 'pi_same_second')).access,
  ]
  expect(accesses.sort()).toEqual(['ended', 'kept'])
  const row = await orderOf(server, 'stripe', 'pi_same_first')
  const member = await get(`/v1/users/${row?.userId ?? ''}`, adminCookie)
  expect(member.json()).toMatchObject({ email })
  expect(await server.database.rows(sql`SELECT blocked_reason FROM users WHERE email = ${email}`)).toEqual([
    { blocked_reason: 'refunded' },
  ])
})
