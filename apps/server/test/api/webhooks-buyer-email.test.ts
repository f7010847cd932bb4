import { afterAll, beforeAll, expect, it } from 'vitest'
import { ADMIN_LABEL } from '@pg/shared/account'
import { createUserRepository } from '../../src/members/account/user-repository'
import { createMember } from '../support/factories'
import type { createMailbox, TestServer } from '../support/test-app'
import { hotmartDelivery, lemonSqueezyDelivery, stripeDelivery } from '../support/webhook-deliveries'
import {
  deliverOk,
  orderOf,
  queuedFor,
  startSellingStore,
  storeState,
  WEBHOOK_SECRETS,
} from '../support/webhook-store'

/**
 * Issue 28, item 7: a buyer's email from a webhook is one valid address, trimmed, compared with the
 * members' case-insensitively; anything else is an order kept for the owner, with no member and no
 * email (decision 057).
 */
let server: TestServer
let mailbox: ReturnType<typeof createMailbox>

beforeAll(async () => {
  ;({ server, mailbox } = await startSellingStore())
})
afterAll(() => server.close())

it('keeps an order for two addresses in one, and makes no member and sends no email to either', async () => {
  const before = await storeState(server)
  const email = 'victim@example.com, attacker@evil.example'
  const answer = await deliverOk(
    server,
    stripeDelivery({
      secret: WEBHOOK_SECRETS.stripe,
      type: 'checkout.session.completed',
      orderId: 'pi_two',
      email,
    }),
  )
  await deliverOk(
    server,
    hotmartDelivery({
      hottok: WEBHOOK_SECRETS.hotmart,
      event: 'PURCHASE_APPROVED',
      transaction: 'HP_TWO',
      email: 'victim@example.com;attacker@evil.example',
    }),
  )
  await deliverOk(
    server,
    lemonSqueezyDelivery({
      secret: WEBHOOK_SECRETS.lemonsqueezy,
      event: 'order_created',
      orderId: '90001',
      email: 'victim@example.com\nBcc: attacker@evil.example',
    }),
  )

  const after = await storeState(server)
  expect(after.users).toEqual(before.users)
  expect(after.queued).toBe(before.queued)
  expect(mailbox.messages).toEqual([])
  expect(answer).toMatchObject({ status: 'paid', access: 'ignored' })
  expect(await orderOf(server, 'stripe', 'pi_two')).toMatchObject({
    email,
    userId: null,
    access: 'ignored',
    accessDetail: ['email'],
  })
  expect(await orderOf(server, 'hotmart', 'HP_TWO')).toMatchObject({ access: 'ignored', userId: null })
  expect(await orderOf(server, 'lemonsqueezy', '90001')).toMatchObject({ access: 'ignored', userId: null })
})

it('trims the address and finds the member whatever its case: no second account beside the admin’s', async () => {
  const admin = await createMember(server.database, { email: 'demo@example.com' })
  await createUserRepository(server.database.db).setLabels(admin.id, [ADMIN_LABEL])
  const before = await storeState(server)
  await deliverOk(
    server,
    stripeDelivery({
      secret: WEBHOOK_SECRETS.stripe,
      type: 'checkout.session.completed',
      orderId: 'pi_spaces',
      email: ' demo@example.com ',
    }),
  )
  await deliverOk(
    server,
    hotmartDelivery({
      hottok: WEBHOOK_SECRETS.hotmart,
      event: 'PURCHASE_APPROVED',
      transaction: 'HP_CASE',
      email: '\tDEMO@Example.com\n',
    }),
  )

  const after = await storeState(server)
  expect(after.users.map((user) => user.email)).toEqual(before.users.map((user) => user.email))
  expect(await orderOf(server, 'stripe', 'pi_spaces')).toMatchObject({
    email: 'demo@example.com',
    userId: admin.id,
    access: 'granted',
  })
  expect(await orderOf(server, 'hotmart', 'HP_CASE')).toMatchObject({ userId: admin.id })
  expect(await queuedFor(server, 'demo@example.com')).toMatchObject([
    { kind: 'purchase' },
    { kind: 'purchase' },
  ])
})
