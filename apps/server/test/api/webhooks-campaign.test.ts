import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  hotmartDelivery,
  lemonSqueezyDelivery,
  lemonSqueezySignature,
  stripeDelivery,
  type WebhookDelivery,
} from '../support/webhook-deliveries'
import type { TestServer } from '../support/test-app'
import { deliverOk, orderOf, startSellingStore, WEBHOOK_SECRETS } from '../support/webhook-store'

/**
 * Issue 33 (decision 065): the storefront's buy links carry the visit's campaign through each provider's
 * pass-through parameter, and the webhook brings it back into `orders.campaign`, so the funnel joins
 * paid orders to campaigns. Whatever a buyer (or anyone editing the checkout's address) puts there, the
 * purchase goes through: only a campaign name is kept, anything else is none.
 */
let server: TestServer
const { stripe: stripeSecret, hotmart: hottok, lemonsqueezy: lemonSecret } = WEBHOOK_SECRETS

beforeAll(async () => {
  ;({ server } = await startSellingStore())
})
afterAll(() => server.close())

type Provider = 'stripe' | 'hotmart' | 'lemonsqueezy'

/** A paid checkout from `provider` whose buy link passed `campaign` (left out when undefined). */
function paidWith(provider: Provider, orderId: string, campaign: unknown): WebhookDelivery {
  if (provider === 'stripe') {
    return stripeDelivery({
      secret: stripeSecret,
      type: 'checkout.session.completed',
      orderId,
      ...(campaign === undefined ? {} : { clientReferenceId: campaign }),
    })
  }
  if (provider === 'hotmart') {
    return hotmartDelivery({ hottok, event: 'PURCHASE_APPROVED', transaction: orderId, sck: campaign })
  }
  return lemonSqueezyDelivery({ secret: lemonSecret, event: 'order_created', orderId, campaign })
}

const PROVIDERS: Provider[] = ['stripe', 'hotmart', 'lemonsqueezy']
let orders = 0
const nextOrderId = (provider: Provider) =>
  provider === 'lemonsqueezy' ? String(7_000_000 + ++orders) : `campaign_order_${++orders}`

describe.each(PROVIDERS)('%s', (provider) => {
  it('stores the campaign the checkout passed through with the paid order', async () => {
    const orderId = nextOrderId(provider)
    const answer = await deliverOk(server, paidWith(provider, orderId, 'black-friday_2026'))
    expect(answer).toMatchObject({ status: 'paid', access: 'granted' })
    expect(await orderOf(server, provider, orderId)).toMatchObject({ campaign: 'black-friday_2026' })
  })

  it('stores a campaign of exactly 100 characters', async () => {
    const orderId = nextOrderId(provider)
    await deliverOk(server, paidWith(provider, orderId, 'c'.repeat(100)))
    expect((await orderOf(server, provider, orderId))?.campaign).toBe('c'.repeat(100))
  })

  it.each([
    ['absent', undefined],
    ['null', null],
    ['empty', ''],
    ['101 characters', 'c'.repeat(101)],
    ['100,000 characters', 'c'.repeat(100_000)],
    ['with a space', 'black friday'],
    ['markup', '<script>alert(1)</script>'],
    ['a formula', '=HYPERLINK("https://evil.example")'],
    ['a NUL', 'spring\u0000sale'],
    ['half a surrogate pair', 'spring\ud800'],
    ['accented', 'campaña'],
    ['a number', 42],
    ['an object', { campaign: 'spring' }],
    ['a list', ['spring']],
  ])('pays the order and stores no campaign when it is %s', async (_name, campaign) => {
    const orderId = nextOrderId(provider)
    const answer = await deliverOk(server, paidWith(provider, orderId, campaign))
    expect(answer).toMatchObject({ status: 'paid', access: 'granted' })
    expect(await orderOf(server, provider, orderId)).toMatchObject({ status: 'paid', campaign: null })
  })
})

describe('the order keeps its campaign', () => {
  it('through a later refund that names none (Stripe charges carry no client_reference_id)', async () => {
    const orderId = nextOrderId('stripe')
    await deliverOk(server, paidWith('stripe', orderId, 'spring'))
    await deliverOk(server, stripeDelivery({ secret: stripeSecret, type: 'charge.refunded', orderId }))
    expect(await orderOf(server, 'stripe', orderId)).toMatchObject({ status: 'refunded', campaign: 'spring' })
  })

  it('when Hotmart sends `origin` in a shape it does not document', async () => {
    const orderId = nextOrderId('hotmart')
    const delivery = hotmartDelivery({ hottok, event: 'PURCHASE_APPROVED', transaction: orderId })
    const body = delivery.body.replace('"is_funnel":false', '"origin":"spring","is_funnel":false')
    expect(body).toContain('"origin":"spring"')
    await deliverOk(server, { ...delivery, body })
    expect(await orderOf(server, 'hotmart', orderId)).toMatchObject({ status: 'paid', campaign: null })
  })

  it('when Lemon Squeezy sends custom data that is not an object', async () => {
    const orderId = nextOrderId('lemonsqueezy')
    const delivery = lemonSqueezyDelivery({ secret: lemonSecret, event: 'order_created', orderId })
    const body = delivery.body.replace('"test_mode":true,', '"test_mode":true,"custom_data":"spring",')
    expect(body).toContain('"custom_data":"spring"')
    const headers = { ...delivery.headers, 'x-signature': lemonSqueezySignature(body, lemonSecret) }
    await deliverOk(server, { ...delivery, body, headers })
    expect(await orderOf(server, 'lemonsqueezy', orderId)).toMatchObject({ status: 'paid', campaign: null })
  })
})
