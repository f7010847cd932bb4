import { afterAll, beforeAll, expect, it } from 'vitest'
import { linkSecret, signIn } from '../support/inject'
import type { createMailbox, TestServer } from '../support/test-app'
import { stripeDelivery, stripeSignature } from '../support/webhook-deliveries'
import {
  deliver,
  deliverOk,
  mailTo,
  orderOf,
  queuedFor,
  startSellingStore,
  storeState,
  WEBHOOK_SECRETS,
} from '../support/webhook-store'

/** Issue 11: a paid Stripe checkout becomes a member's access; a refund ends it; a new purchase restores it. */
let server: TestServer
let mailbox: ReturnType<typeof createMailbox>
const secret = WEBHOOK_SECRETS.stripe

beforeAll(async () => {
  ;({ server, mailbox } = await startSellingStore())
})
afterAll(() => server.close())

const completed = (
  orderId: string,
  email: string,
  extra: Partial<Parameters<typeof stripeDelivery>[0]> = {},
) =>
  stripeDelivery({ secret, type: 'checkout.session.completed', orderId, email, name: 'Ana García', ...extra })

it('creates the member, records the order and emails a welcome whose link lets them sign in', async () => {
  const body = await deliverOk(
    server,
    completed('pi_first', 'ana@example.com', { amount: 2500, currency: 'usd' }),
  )
  expect(body).toMatchObject({ received: true, status: 'paid', duplicate: false })

  const order = await orderOf(server, 'stripe', 'pi_first')
  expect(order).toMatchObject({ email: 'ana@example.com', name: 'Ana García', amount: 2500, currency: 'USD' })
  expect(order?.userId).toBeTruthy()
  expect(await queuedFor(server, 'ana@example.com')).toEqual([
    { kind: 'welcome', language: 'es', orderId: order?.id },
  ])

  const welcome = await mailTo(mailbox, 'ana@example.com')
  expect(welcome.link).toMatch(/^https:\/\/tienda\.example\.test\/reset-password\?/)
  const chosen = await server.app.inject({
    method: 'PUT',
    url: '/v1/account/recovery',
    payload: { ...linkSecret(welcome.link), password: 'una contraseña nueva' },
  })
  expect(chosen.statusCode).toBe(200)
  await signIn(server, { email: 'ana@example.com', password: 'una contraseña nueva' })
})

it('answers a replayed delivery with 200 and changes nothing', async () => {
  const delivery = completed('pi_replayed', 'replay@example.com', { eventId: 'evt_replayed' })
  await deliverOk(server, delivery)
  const before = await storeState(server)
  const again = await deliverOk(server, delivery)
  expect(again).toMatchObject({ duplicate: true })
  expect(await storeState(server)).toEqual(before)
})

it('refuses a bad signature, a stale timestamp and an oversized body, and acknowledges an unknown event, changing nothing', async () => {
  const before = await storeState(server)
  const good = completed('pi_refused', 'refused@example.com')

  const forged = await deliver(server, {
    ...good,
    headers: { 'stripe-signature': stripeSignature(good.body, 'whsec_wrong') },
  })
  expect(forged.status).toBe(401)
  expect(forged.body.message).not.toContain(secret)

  const staleAt = Math.floor(Date.now() / 1000) - 10 * 60
  const stale = await deliver(server, completed('pi_stale', 'stale@example.com', { timestamp: staleAt }))
  expect(stale.status).toBe(401)
  expect(String(stale.body.message)).toMatch(/tolerance|timestamp/i)

  // Issue 28, item 11: a genuine event the store does not handle is acknowledged, so Stripe stops retrying.
  const unknown = await deliver(server, stripeDelivery({ secret, type: 'customer.created' }))
  expect(unknown).toEqual({ status: 200, body: { received: true, handled: false } })

  const huge = JSON.stringify({ padding: 'x'.repeat(300 * 1024) })
  const oversized = await deliver(server, {
    ...good,
    body: huge,
    headers: { 'stripe-signature': stripeSignature(huge, secret) },
  })
  expect(oversized.status).toBe(413)

  const unsigned = await deliver(server, { ...good, headers: {} })
  expect(unsigned.status).toBe(401)

  expect(await storeState(server)).toEqual(before)
})

it('ends access at once on a refund (sessions revoked, sign-in blocked with the reason) and restores it on a new purchase', async () => {
  await deliverOk(server, completed('pi_refund_1', 'refund@example.com'))
  const welcome = await mailTo(mailbox, 'refund@example.com')
  await server.app.inject({
    method: 'PUT',
    url: '/v1/account/recovery',
    payload: { ...linkSecret(welcome.link), password: 'contraseña del comprador' },
  })
  const credentials = { email: 'refund@example.com', password: 'contraseña del comprador' }
  const { cookie } = await signIn(server, credentials)

  await deliverOk(
    server,
    stripeDelivery({ secret, type: 'charge.refunded', orderId: 'pi_refund_1', email: 'refund@example.com' }),
  )
  expect((await orderOf(server, 'stripe', 'pi_refund_1'))?.status).toBe('refunded')
  const account = await server.app.inject({ method: 'GET', url: '/v1/account', headers: { cookie } })
  expect(account.statusCode).toBe(401)
  const refused = await server.app.inject({
    method: 'POST',
    url: '/v1/account/sessions/email',
    payload: credentials,
  })
  expect(refused.statusCode).toBe(401)
  expect(refused.json()).toMatchObject({ type: 'user_blocked', reason: 'refunded' })
  // The wrong password tells nothing about the account (no enumeration of blocked members).
  const wrong = await server.app.inject({
    method: 'POST',
    url: '/v1/account/sessions/email',
    payload: { ...credentials, password: 'not the password at all' },
  })
  expect(wrong.json()).toMatchObject({ type: 'user_invalid_credentials' })
  expect(wrong.json()).not.toHaveProperty('reason')

  await deliverOk(server, completed('pi_refund_2', 'refund@example.com'))
  const note = await mailTo(mailbox, 'refund@example.com')
  expect(note.link).toBeUndefined()
  // The second purchase changed no password: the one chosen before works again.
  await signIn(server, credentials)
  expect((await queuedFor(server, 'refund@example.com')).map((email) => email.kind)).toEqual([
    'welcome',
    'purchase',
  ])
})

it('keeps a refund that arrives before its purchase: the purchase then grants nothing and emails nobody', async () => {
  await deliverOk(
    server,
    stripeDelivery({
      secret,
      type: 'charge.refunded',
      orderId: 'pi_early_refund',
      email: 'early@example.com',
    }),
  )
  await deliverOk(server, completed('pi_early_refund', 'early@example.com'))
  const order = await orderOf(server, 'stripe', 'pi_early_refund')
  expect(order?.status).toBe('refunded')
  expect(order?.userId).toBeNull()
  expect((await storeState(server)).users.map((user) => user.email)).not.toContain('early@example.com')
})

it('waits for an asynchronous payment: pending first, a member only once it succeeds; a failed one stays canceled', async () => {
  await deliverOk(server, completed('pi_async', 'async@example.com', { paymentStatus: 'unpaid' }))
  expect((await orderOf(server, 'stripe', 'pi_async'))?.status).toBe('pending')
  expect(await queuedFor(server, 'async@example.com')).toEqual([])
  await deliverOk(
    server,
    stripeDelivery({
      secret,
      type: 'checkout.session.async_payment_succeeded',
      orderId: 'pi_async',
      email: 'async@example.com',
    }),
  )
  expect((await orderOf(server, 'stripe', 'pi_async'))?.status).toBe('paid')
  expect((await queuedFor(server, 'async@example.com')).map((email) => email.kind)).toEqual(['welcome'])

  await deliverOk(server, completed('pi_async_failed', 'failed@example.com', { paymentStatus: 'unpaid' }))
  await deliverOk(
    server,
    stripeDelivery({
      secret,
      type: 'checkout.session.async_payment_failed',
      orderId: 'pi_async_failed',
      email: 'failed@example.com',
    }),
  )
  expect((await orderOf(server, 'stripe', 'pi_async_failed'))?.status).toBe('canceled')
  expect(await queuedFor(server, 'failed@example.com')).toEqual([])
})

it('pauses access on a dispute, and writes in English when the checkout was in English', async () => {
  await deliverOk(server, completed('pi_dispute', 'dispute@example.com', { locale: 'en', country: 'US' }))
  expect(await queuedFor(server, 'dispute@example.com')).toMatchObject([{ kind: 'welcome', language: 'en' }])
  await deliverOk(server, stripeDelivery({ secret, type: 'charge.dispute.created', orderId: 'pi_dispute' }))
  expect((await orderOf(server, 'stripe', 'pi_dispute'))?.status).toBe('disputed')
  const blocked = (await storeState(server)).users.find((user) => user.email === 'dispute@example.com')
  expect(blocked?.blockedReason).toBe('disputed')
})
