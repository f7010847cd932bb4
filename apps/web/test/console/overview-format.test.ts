import { describe, expect, it } from 'vitest'
import type { SalesDay } from '../../src/features/console-overview/api/overview-api'
import {
  busiestDay,
  dayFormats,
  formatRevenue,
} from '../../src/features/console-overview/model/overview-format'
import { formatMoney } from '@pg/shared/money'

const day = (date: string, orders: number, revenue: Record<string, number> = {}): SalesDay => ({
  day: date,
  orders,
  revenue,
})

describe('the overview’s figures', () => {
  it('write money in the currency’s minor units, in the page’s language', () => {
    expect(formatMoney(2500, 'USD', 'en')).toBe('$25.00')
    expect(formatMoney(2500, 'JPY', 'en')).toBe('¥2,500')
    expect(formatMoney(2500, '', 'en')).toBeNull()
    expect(formatMoney(2500, 'NOT A CURRENCY', 'en')).toBeNull()
  })

  it('write revenue in several currencies largest first, and nothing without any', () => {
    expect(formatRevenue({ EUR: 2000, USD: 5000, '': 900 }, 'en')).toBe('$50.00 · €20.00')
    expect(formatRevenue({}, 'en')).toBe('')
    expect(formatRevenue({ USD: 0 }, 'en')).toBe('')
  })

  it('name a server day as that UTC day, wherever the owner is', () => {
    expect(dayFormats('en').short('2026-03-01')).toBe('Mar 1')
    expect(dayFormats('es').long('2026-03-01')).toBe('1 mar 2026')
  })

  it('find the latest of the busiest days, and none without orders', () => {
    expect(busiestDay([day('2026-03-01', 2), day('2026-03-02', 0), day('2026-03-03', 2)])?.day).toBe(
      '2026-03-03',
    )
    expect(busiestDay([day('2026-03-01', 0)])).toBeNull()
  })
})
