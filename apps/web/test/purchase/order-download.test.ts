import { AppwriteException } from 'appwrite'
import { describe, expect, it } from 'vitest'
import { downloadBlock, downloadFailure } from '../../src/features/purchase/model/order-download'
import { formatMoney } from '@pg/shared/money'
import { anOrder, unavailable } from './purchase-factories'

describe('an order’s download', () => {
  it('is there, or gone for the status of an unpaid order, or for the server’s reason', () => {
    expect(downloadBlock(anOrder())).toBeNull()
    expect(downloadBlock(anOrder({ status: 'refunded', download: unavailable('expired') }))).toBe('refunded')
    expect(downloadBlock(anOrder({ status: 'pending', download: unavailable('not_paid') }))).toBe('pending')
    expect(downloadBlock(anOrder({ download: unavailable('expired') }))).toBe('expired')
    expect(downloadBlock(anOrder({ download: unavailable('limit_reached') }))).toBe('limit_reached')
    expect(downloadBlock(anOrder({ download: unavailable(null) }))).toBe('not_configured')
  })

  it('failures are named in the product’s words, never by the raw exception', () => {
    const refusal = (code: number, type: string) => new AppwriteException('x', code, type)
    expect(downloadFailure(refusal(401, 'user_unauthorized'))).toBe('signedOut')
    expect(downloadFailure(refusal(404, 'order_not_found'))).toBe('notFound')
    expect(downloadFailure(refusal(403, 'download_unavailable'))).toBe('unavailable')
    expect(downloadFailure(refusal(429, 'general_rate_limit_exceeded'))).toBe('tooMany')
    expect(downloadFailure(refusal(500, 'general_unknown'))).toBe('failed')
    expect(downloadFailure(new TypeError('Failed to fetch'))).toBe('failed')
  })
})

describe('an order’s amount', () => {
  it('is written from minor units in the currency’s own way, or not at all', () => {
    expect(formatMoney(2500, 'USD', 'en')).toBe('$25.00')
    expect(formatMoney(2500, 'EUR', 'es')).toBe('25,00\u00a0€')
    expect(formatMoney(3000, 'JPY', 'en')).toBe('¥3,000')
    expect(formatMoney(null, 'USD', 'en')).toBeNull()
    expect(formatMoney(2500, null, 'en')).toBeNull()
    expect(formatMoney(2500, 'not a currency', 'en')).toBeNull()
  })
})
