import { describe, expect, it } from 'vitest'
import { UnhandledEvent, WebhookRejected } from '../../src/selling/orders/order-event'
import { PAYMENT_PROVIDERS } from '../../src/selling/orders/providers/payment-providers'
import { hotmartDelivery, type WebhookDelivery } from '../support/webhook-deliveries'

const HOTTOK = 'hottok-unit-test-7Qx2c9LmZ0'
const hotmart = PAYMENT_PROVIDERS.hotmart
const verify = (delivery: WebhookDelivery, secret = HOTTOK) =>
  hotmart.verify(Buffer.from(delivery.body), delivery.headers, secret)

function rejectionOf(attempt: () => unknown): WebhookRejected {
  try {
    attempt()
  } catch (error) {
    if (error instanceof WebhookRejected) return error
    throw error
  }
  throw new Error('The delivery was accepted')
}

/** The same delivery with its body changed by `edit` (Hotmart signs nothing, so nothing to sign again). */
function edited(delivery: WebhookDelivery, edit: (body: string) => string): WebhookDelivery {
  return { ...delivery, body: edit(delivery.body) }
}

describe('Hotmart deliveries', () => {
  it('reads an approved purchase into a paid order named by its transaction', () => {
    const delivery = hotmartDelivery({
      hottok: HOTTOK,
      event: 'PURCHASE_APPROVED',
      transaction: 'HP16015479281022',
      email: 'lucia@example.com',
      name: 'Lucía Pérez',
      price: 25,
      currency: 'USD',
      country: 'MX',
      eventId: '545e7d21-8fc4-4906-8fba-dcd7889f6481',
      product: 'Projects Gallery',
      productId: 4774438,
    })
    expect(hotmart.name).toBe('hotmart')
    expect(verify(delivery)).toEqual({
      provider: 'hotmart',
      eventId: '545e7d21-8fc4-4906-8fba-dcd7889f6481',
      type: 'PURCHASE_APPROVED',
      orderId: 'HP16015479281022',
      status: 'paid',
      occurredAt: new Date(JSON.parse(delivery.body).creation_date),
      buyer: { email: 'lucia@example.com', name: 'Lucía Pérez' },
      amount: 2500,
      currency: 'USD',
      product: 'Projects Gallery',
      productId: '4774438',
      language: undefined,
    })
  })

  it.each([
    ['PURCHASE_APPROVED', 'paid'],
    ['PURCHASE_COMPLETE', 'paid'],
    ['PURCHASE_REFUNDED', 'refunded'],
    ['PURCHASE_CHARGEBACK', 'disputed'],
    ['PURCHASE_CANCELED', 'canceled'],
  ])('reads %s as %s, on the same order', (event, status) => {
    const read = verify(hotmartDelivery({ hottok: HOTTOK, event, transaction: 'HP00000000000001' }))
    expect(read).toMatchObject({ type: event, status, orderId: 'HP00000000000001' })
  })

  it('converts the decimal price into the currency’s minor unit', () => {
    const amount = (price: number, currency: string) =>
      verify(hotmartDelivery({ hottok: HOTTOK, event: 'PURCHASE_APPROVED', price, currency })).amount
    expect(amount(25.0, 'USD')).toBe(2500)
    expect(amount(19.99, 'BRL')).toBe(1999)
    expect(amount(3000, 'CLP')).toBe(3000)
    expect(amount(1500, 'JPY')).toBe(1500)
    expect(amount(1.234, 'KWD')).toBe(1234)
  })

  it('takes the language from the buyer’s country, else the checkout’s', () => {
    const language = (country: string) =>
      verify(hotmartDelivery({ hottok: HOTTOK, event: 'PURCHASE_APPROVED', country })).language
    expect(language('US')).toBe('en')
    expect(language('GB')).toBe('en')
    expect(language('MX')).toBeUndefined()
    expect(language('ES')).toBeUndefined()
    const noBuyerCountry = edited(
      hotmartDelivery({ hottok: HOTTOK, event: 'PURCHASE_APPROVED', country: 'AU' }),
      (body) => body.replace('"address":{"country_iso":"AU"}', '"address":{}'),
    )
    expect(noBuyerCountry.body).toContain('"address":{}')
    expect(verify(noBuyerCountry).language).toBe('en')
  })

  it('refuses a wrong or missing hottok with 401, naming no secret', () => {
    const delivery = hotmartDelivery({ hottok: 'not-the-hottok', event: 'PURCHASE_APPROVED' })
    const wrong = rejectionOf(() => verify(delivery))
    expect(wrong).toMatchObject({
      status: 401,
      message: 'The X-HOTMART-HOTTOK header does not match HOTMART_HOTTOK.',
    })
    expect(wrong.message).not.toContain(HOTTOK)
    const prefix = hotmartDelivery({ hottok: HOTTOK.slice(0, -1), event: 'PURCHASE_APPROVED' })
    expect(rejectionOf(() => verify(prefix)).status).toBe(401)
    const missing = rejectionOf(() =>
      verify({ ...delivery, headers: { 'content-type': 'application/json' } }),
    )
    expect(missing).toMatchObject({ status: 401, message: 'The X-HOTMART-HOTTOK header is missing.' })
    expect(rejectionOf(() => verify(delivery, '')).status).toBe(401)
  })

  it('refuses a body that is not JSON, or lacks a field the store needs, with 400 naming it', () => {
    const delivery = hotmartDelivery({ hottok: HOTTOK, event: 'PURCHASE_APPROVED', transaction: 'HP123' })
    const malformed = rejectionOf(() => verify(edited(delivery, (body) => body.slice(0, -2))))
    expect(malformed).toMatchObject({ status: 400, message: 'The Hotmart delivery is not valid JSON.' })

    const noTransaction = rejectionOf(() =>
      verify(edited(delivery, (body) => body.replace('"transaction":"HP123",', ''))),
    )
    expect(noTransaction.status).toBe(400)
    expect(noTransaction.message).toContain('`data.purchase.transaction`')

    const badCurrency = hotmartDelivery({ hottok: HOTTOK, event: 'PURCHASE_APPROVED', currency: 'U$D' })
    const currency = rejectionOf(() => verify(badCurrency))
    expect(currency.status).toBe(400)
    expect(currency.message).toContain('`data.purchase.price.currency_value`')

    const oldVersion = rejectionOf(() =>
      verify(edited(delivery, (body) => body.replace('"2.0.0"', '"1.0.0"'))),
    )
    expect(oldVersion.status).toBe(400)
    expect(oldVersion.message).toMatch(/version 2\.0\.0/)
  })

  it('reads an event the store does not handle as unhandled (acknowledged, changing nothing: issue 28)', () => {
    let thrown: unknown
    try {
      verify(hotmartDelivery({ hottok: HOTTOK, event: 'PURCHASE_DELAYED' }))
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(UnhandledEvent)
    expect(thrown).toMatchObject({ provider: 'hotmart', type: 'PURCHASE_DELAYED' })
  })
})
