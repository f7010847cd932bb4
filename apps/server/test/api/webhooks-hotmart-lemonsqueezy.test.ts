import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMember } from '../support/factories'
import { signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'
import { hotmartDelivery, lemonSqueezyDelivery, lemonSqueezySignature } from '../support/webhook-deliveries'
import {
  deliver,
  deliverOk,
  orderOf,
  queuedFor,
  startSellingStore,
  storeState,
  WEBHOOK_SECRETS,
} from '../support/webhook-store'

/** Issue 11: Hotmart and Lemon Squeezy deliveries, through the same order service as Stripe's. */
let server: TestServer
const hottok = WEBHOOK_SECRETS.hotmart
const lemonSecret = WEBHOOK_SECRETS.lemonsqueezy

beforeAll(async () => {
  ;({ server } = await startSellingStore())
})
afterAll(() => server.close())

it('Hotmart: an approved purchase creates the member once; its completion later sends nothing more', async () => {
  const approved = hotmartDelivery({
    hottok,
    event: 'PURCHASE_APPROVED',
    transaction: 'HP0001',
    email: 'luis@example.com',
    price: 25,
    currency: 'USD',
  })
  await deliverOk(server, approved)
  expect(await orderOf(server, 'hotmart', 'HP0001')).toMatchObject({
    status: 'paid',
    amount: 2500,
    currency: 'USD',
  })
  await deliverOk(
    server,
    hotmartDelivery({ hottok, event: 'PURCHASE_COMPLETE', transaction: 'HP0001', email: 'luis@example.com' }),
  )
  expect(await queuedFor(server, 'luis@example.com')).toMatchObject([{ kind: 'welcome', language: 'es' }])
})

it('Hotmart: a wrong hottok is refused and changes nothing', async () => {
  const before = await storeState(server)
  const delivery = hotmartDelivery({ hottok: 'not-the-hottok', event: 'PURCHASE_APPROVED' })
  const answer = await deliver(server, delivery)
  expect(answer.status).toBe(401)
  expect(JSON.stringify(answer.body)).not.toContain(hottok)
  expect(await storeState(server)).toEqual(before)
})

it('Hotmart: a chargeback pauses access; a refund that came first is kept whatever arrives next', async () => {
  await deliverOk(
    server,
    hotmartDelivery({ hottok, event: 'PURCHASE_APPROVED', transaction: 'HP0002', email: 'cb@example.com' }),
  )
  await deliverOk(
    server,
    hotmartDelivery({ hottok, event: 'PURCHASE_CHARGEBACK', transaction: 'HP0002', email: 'cb@example.com' }),
  )
  expect((await orderOf(server, 'hotmart', 'HP0002'))?.status).toBe('disputed')

  await deliverOk(
    server,
    hotmartDelivery({ hottok, event: 'PURCHASE_REFUNDED', transaction: 'HP0003', email: 'late@example.com' }),
  )
  await deliverOk(
    server,
    hotmartDelivery({ hottok, event: 'PURCHASE_APPROVED', transaction: 'HP0003', email: 'late@example.com' }),
  )
  await deliverOk(
    server,
    hotmartDelivery({ hottok, event: 'PURCHASE_CANCELED', transaction: 'HP0003', email: 'late@example.com' }),
  )
  expect((await orderOf(server, 'hotmart', 'HP0003'))?.status).toBe('refunded')
  expect(await queuedFor(server, 'late@example.com')).toEqual([])
})

it('Hotmart: a buyer from the United States is written to in English', async () => {
  await deliverOk(
    server,
    hotmartDelivery({
      hottok,
      event: 'PURCHASE_APPROVED',
      transaction: 'HP0004',
      email: 'us@example.com',
      country: 'US',
    }),
  )
  expect(await queuedFor(server, 'us@example.com')).toMatchObject([{ kind: 'welcome', language: 'en' }])
})

it('Lemon Squeezy: a second purchase by a member changes no password and sends a purchase note', async () => {
  const member = await createMember(server.database, { email: 'repeat@example.com' })
  const before = (await storeState(server)).users.find((user) => user.email === member.email)
  await deliverOk(
    server,
    lemonSqueezyDelivery({
      secret: lemonSecret,
      event: 'order_created',
      orderId: '9001',
      email: 'Repeat@Example.com',
      totalCents: 2500,
    }),
  )
  expect(await orderOf(server, 'lemonsqueezy', '9001')).toMatchObject({
    status: 'paid',
    amount: 2500,
    userId: member.id,
  })
  expect(await queuedFor(server, member.email)).toMatchObject([{ kind: 'purchase' }])
  const after = (await storeState(server)).users.find((user) => user.email === member.email)
  expect(after?.passwordHash).toBe(before?.passwordHash)
  await signIn(server, member)
})

it('Lemon Squeezy: a refund ends access; a tampered body is refused', async () => {
  await deliverOk(
    server,
    lemonSqueezyDelivery({
      secret: lemonSecret,
      event: 'order_created',
      orderId: '9002',
      email: 'lemon@example.com',
    }),
  )
  await deliverOk(
    server,
    lemonSqueezyDelivery({
      secret: lemonSecret,
      event: 'order_refunded',
      orderId: '9002',
      email: 'lemon@example.com',
      status: 'refunded',
    }),
  )
  expect((await orderOf(server, 'lemonsqueezy', '9002'))?.status).toBe('refunded')
  expect(
    (await storeState(server)).users.find((user) => user.email === 'lemon@example.com')?.blockedReason,
  ).toBe('refunded')

  const before = await storeState(server)
  const genuine = lemonSqueezyDelivery({ secret: lemonSecret, event: 'order_created', orderId: '9003' })
  const tampered = genuine.body.replace('"paid"', '"refunded"')
  const answer = await deliver(server, { ...genuine, body: tampered })
  expect(answer.status).toBe(401)
  const resigned = await deliver(server, {
    ...genuine,
    body: '{not json',
    headers: { ...genuine.headers, 'x-signature': lemonSqueezySignature('{not json', lemonSecret) },
  })
  expect(resigned.status).toBe(400)
  expect(await storeState(server)).toEqual(before)
})

it('has no endpoint for a provider without a secret', async () => {
  const bare = await startTestServer()
  try {
    const answer = await bare.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    })
    expect(answer.statusCode).toBe(404)
  } finally {
    await bare.close()
  }
})
