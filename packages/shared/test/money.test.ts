import { describe, expect, it } from 'vitest'
import { currencyDigits, decimalAmount, formatMoney } from '../src/money'

describe('money', () => {
  it('knows each currency’s digits, and no digits for a code Intl refuses', () => {
    expect([currencyDigits('USD'), currencyDigits('JPY'), currencyDigits('KWD')]).toEqual([2, 0, 3])
    expect(currencyDigits('not a currency')).toBeUndefined()
  })

  it('formats minor units in the language asked for', () => {
    expect(formatMoney(2500, 'USD', 'en')).toBe('$25.00')
    expect(formatMoney(1990, 'EUR', 'en-US')).toBe('€19.90')
    expect(formatMoney(2500, 'EUR', 'es')).toBe('25,00\u00a0€')
    expect(formatMoney(3000, 'JPY', 'en')).toBe('¥3,000')
    expect(formatMoney(12345, 'KWD', 'en')).toBe('KWD\u00a012.345')
    expect(formatMoney(null, 'USD', 'en')).toBeNull()
    expect(formatMoney(2500, '', 'en')).toBeNull()
    expect(formatMoney(2500, 'XYZW', 'en')).toBeNull()
    expect(formatMoney(2500, 'USD', 'not a language!')).toBeNull()
  })

  it('writes the major unit as a plain decimal for spreadsheets', () => {
    expect(decimalAmount(2500, 'USD')).toBe('25.00')
    expect(decimalAmount(3000, 'JPY')).toBe('3000')
    expect(decimalAmount(12345, 'KWD')).toBe('12.345')
    expect(decimalAmount(2500, null)).toBe('25.00')
    expect(decimalAmount(null, 'USD')).toBe('')
  })
})
