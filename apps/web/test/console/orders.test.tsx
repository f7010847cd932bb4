import { describe, expect, it } from 'vitest'
import { checkGrant } from '../../src/features/console-orders/model/grant-draft'
import {
  orderListParams,
  readOrderFilter,
  writeOrderFilter,
} from '../../src/features/console-orders/model/order-filter'
import { formatMoney } from '@pg/shared/money'

describe('the Orders page’s address', () => {
  it('reads the filters and the page it can mean, and leaves out the rest', () => {
    expect(
      readOrderFilter(
        new URLSearchParams(
          'status=refunded&access=kept&provider=manual&from=2026-03-01&to=2026-03-31&offset=25',
        ),
      ),
    ).toEqual({
      status: 'refunded',
      access: 'kept',
      provider: 'manual',
      from: '2026-03-01',
      to: '2026-03-31',
      offset: 25,
    })
    expect(
      readOrderFilter(
        new URLSearchParams(
          'status=lost&access=maybe&provider=paypal&from=yesterday&to=2026-13-45&offset=-5',
        ),
      ),
    ).toEqual({ status: '', access: '', provider: '', from: '', to: '', offset: 0 })
  })

  it('keeps only what is set, and other parameters (the order shown) as they are', () => {
    const next = writeOrderFilter(new URLSearchParams('status=paid&offset=50&order=o-1'), {
      status: '',
      provider: 'stripe',
      offset: 0,
    })
    expect(next.toString()).toBe('order=o-1&provider=stripe')
  })

  it('asks the server for a page with the filters set, and nothing else', () => {
    expect(orderListParams(readOrderFilter(new URLSearchParams('status=paid&to=2026-03-31')))).toEqual({
      limit: 25,
      offset: 0,
      status: 'paid',
      to: '2026-03-31',
    })
    expect(orderListParams(readOrderFilter(new URLSearchParams('access=ignored')))).toEqual({
      limit: 25,
      offset: 0,
      access: 'ignored',
    })
  })
})

describe('the grant form', () => {
  it('takes an email, and a name and a note within the server’s limits, trimmed', () => {
    expect(checkGrant({ email: ' ana@example.com ', name: ' Ana ', note: '', language: 'es' })).toEqual({
      input: { email: 'ana@example.com', name: 'Ana', note: '', language: 'es' },
      errors: {},
    })
    expect(
      checkGrant({ email: 'not an email', name: 'x'.repeat(129), note: 'y'.repeat(1001), language: 'en' }),
    ).toEqual({ input: null, errors: { email: 'invalidEmail', name: 'nameTooLong', note: 'noteTooLong' } })
  })
})

describe('amounts', () => {
  it('are shown in the currency’s own units and the page’s language, or not at all', () => {
    expect(formatMoney(2500, 'USD', 'en')).toBe('$25.00')
    expect(formatMoney(2500, 'USD', 'es')).toMatch(/25,00/)
    expect(formatMoney(2500, 'JPY', 'en')).toBe('¥2,500')
    expect(formatMoney(null, null, 'en')).toBeNull()
    expect(formatMoney(100, 'NOT A CURRENCY', 'en')).toBeNull()
  })
})
