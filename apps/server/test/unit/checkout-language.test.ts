import { describe, expect, it } from 'vitest'
import { checkoutLanguage } from '../../src/selling/orders/checkout-language'

describe('checkoutLanguage', () => {
  it('follows a checkout locale in English or Spanish, whatever the region', () => {
    expect(checkoutLanguage('en', undefined)).toBe('en')
    expect(checkoutLanguage('en-GB', 'MX')).toBe('en')
    expect(checkoutLanguage('EN_us', null)).toBe('en')
    expect(checkoutLanguage('es', 'US')).toBe('es')
    expect(checkoutLanguage('es-419', 'GB')).toBe('es')
  })

  it('falls back to the buyer’s country when the locale says neither (auto, another language, none)', () => {
    expect(checkoutLanguage('auto', 'US')).toBe('en')
    expect(checkoutLanguage('fr', 'CA')).toBe('en')
    expect(checkoutLanguage(null, 'gb')).toBe('en')
    expect(checkoutLanguage(undefined, 'IE')).toBe('en')
    expect(checkoutLanguage(undefined, 'AU')).toBe('en')
    expect(checkoutLanguage(undefined, 'NZ')).toBe('en')
    expect(checkoutLanguage(undefined, 'ZA')).toBe('en')
  })

  it('says nothing for other countries, so the store keeps Spanish', () => {
    expect(checkoutLanguage(undefined, 'MX')).toBeUndefined()
    expect(checkoutLanguage(undefined, 'ES')).toBeUndefined()
    expect(checkoutLanguage('pt-BR', 'BR')).toBeUndefined()
    // Spanish is widely spoken in Puerto Rico, though it uses US addresses.
    expect(checkoutLanguage(undefined, 'PR')).toBeUndefined()
    expect(checkoutLanguage('', '')).toBeUndefined()
    expect(checkoutLanguage(null, null)).toBeUndefined()
  })
})
