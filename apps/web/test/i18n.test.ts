import { describe, expect, it } from 'vitest'
import { preferredLanguage, readStoredLanguage } from '../src/lib/i18n'

describe('language choice', () => {
  it('takes the first language the browser prefers that the app speaks, else Spanish', () => {
    expect(preferredLanguage(['en-US', 'es'])).toBe('en')
    expect(preferredLanguage(['fr-FR', 'es-MX', 'en'])).toBe('es')
    expect(preferredLanguage(['de', 'fr'])).toBe('es')
    expect(preferredLanguage([])).toBe('es')
  })

  it('reads a remembered choice and ignores anything else in storage', () => {
    expect(readStoredLanguage()).toBeUndefined()
    localStorage.setItem('lang', 'en')
    expect(readStoredLanguage()).toBe('en')
    localStorage.setItem('lang', '{"corrupt":')
    expect(readStoredLanguage()).toBeUndefined()
    localStorage.setItem('lang', 'fr')
    expect(readStoredLanguage()).toBeUndefined()
  })
})
