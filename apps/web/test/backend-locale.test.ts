import { afterAll, describe, expect, it } from 'vitest'
import { client } from '../src/lib/backend'
import { showLanguage } from '../src/lib/i18n'

/** Issue 15: the server answers in the member's language because the SDK asks in the page's. */
describe('the SDK’s locale', () => {
  afterAll(() => showLanguage('es'))

  it('follows the page’s language, and the switcher after it', async () => {
    await showLanguage('es')
    expect(client.headers['X-Appwrite-Locale']).toBe('es')
    await showLanguage('en')
    expect(client.headers['X-Appwrite-Locale']).toBe('en')
    await showLanguage('es')
    expect(client.headers['X-Appwrite-Locale']).toBe('es')
  })
})
