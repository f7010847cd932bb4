import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TestServer } from '../support/test-app'
import {
  hotmartDelivery,
  lemonSqueezyDelivery,
  stripeDelivery,
  type WebhookDelivery,
} from '../support/webhook-deliveries'
import { deliver, queuedFor, startSellingStore, storeState, WEBHOOK_SECRETS } from '../support/webhook-store'

/** Issue 11: deliveries at once, from every provider, repeated and racing, give exactly one of each. */
let server: TestServer

beforeAll(async () => {
  ;({ server } = await startSellingStore())
})
afterAll(() => server.close())

function purchase(index: number, email: string): WebhookDelivery {
  switch (index % 3) {
    case 0:
      return stripeDelivery({
        secret: WEBHOOK_SECRETS.stripe,
        type: 'checkout.session.completed',
        orderId: `pi_par_${index}`,
        email,
      })
    case 1:
      return hotmartDelivery({
        hottok: WEBHOOK_SECRETS.hotmart,
        event: 'PURCHASE_APPROVED',
        transaction: `HPPAR${index}`,
        email,
      })
    default:
      return lemonSqueezyDelivery({
        secret: WEBHOOK_SECRETS.lemonsqueezy,
        event: 'order_created',
        orderId: `${70_000 + index}`,
        email,
      })
  }
}

it('turns 24 buyers, 6 of them buying twice, each delivery sent three times at once, into 24 members, 30 orders and 30 emails', async () => {
  const buyers = Array.from({ length: 24 }, (_, index) => `parallel-${index}@example.com`)
  const deliveries = buyers.map((email, index) => purchase(index, email))
  // Six buyers buy again with another provider, at the same moment as their first purchase.
  buyers.slice(0, 6).forEach((email, index) => deliveries.push(purchase(index * 3 + 1 + 100, email)))
  const sent = deliveries.flatMap((delivery) => [delivery, delivery, delivery])
  sent.sort(() => Math.random() - 0.5)

  const answers = await Promise.all(sent.map((delivery) => deliver(server, delivery)))
  expect(answers.map((answer) => answer.status)).toEqual(sent.map(() => 200))
  expect(answers.filter((answer) => answer.body.duplicate === false)).toHaveLength(30)

  const state = await storeState(server)
  expect(state.orders).toHaveLength(30)
  expect(state.orders.every((order) => order.status === 'paid' && order.userId !== null)).toBe(true)
  expect(state.users.map((user) => user.email).sort()).toEqual([...buyers].sort())
  expect(state.events).toBe(30)
  for (const [index, email] of buyers.entries()) {
    const kinds = (await queuedFor(server, email)).map((email) => email.kind).sort()
    expect(kinds).toEqual(index < 6 ? ['purchase', 'welcome'] : ['welcome'])
  }
})
