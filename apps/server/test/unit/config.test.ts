import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../src/platform/config'

describe('loadConfig', () => {
  it('has working defaults: port 3000, embedded database with demo data, 30-day sessions', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      demo: true,
      sessionTtlSeconds: 30 * 86_400,
      allowSignUp: false,
    })
    expect(config.dataDir).toMatch(/data$/)
  })

  it('turns demo data off by default on a PostgreSQL server, and on when asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db.example.com/gallery' }).demo).toBe(false)
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db.example.com/gallery', DEMO: '1' }).demo).toBe(true)
  })

  it('seeds no demo member on a store going live (NODE_ENV=production or PUBLIC_ORIGIN) unless DEMO=1 says so', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demo).toBe(false)
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://tienda.example.com' }).demo).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production', DEMO: '1' }).demo).toBe(true)
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://tienda.example.com', DEMO: 'yes' }).demo).toBe(true)
    expect(loadConfig({ NODE_ENV: 'development' }).demo).toBe(true)
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false)
  })

  it('reads durations, origins and proxy trust', () => {
    const config = loadConfig({
      SESSION_TTL: '12h',
      ALLOWED_ORIGINS: 'https://a.example, http://b.example:8080/path',
      TRUST_PROXY: '1',
    })
    expect(config.sessionTtlSeconds).toBe(43_200)
    expect(config.allowedOrigins).toEqual(['https://a.example', 'http://b.example:8080'])
    expect(typeof config.trustProxy).toBe('function')
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toBe('10.0.0.1, 10.0.0.2')
  })

  it('reads the products that grant access per provider, and none when unset (decision 057)', () => {
    expect(loadConfig({}).productIds).toEqual({
      stripe: undefined,
      hotmart: undefined,
      lemonsqueezy: undefined,
    })
    expect(
      loadConfig({
        STRIPE_PAYMENT_LINK_IDS: ' plink_1BundleA , plink_1BundleB,plink_1BundleA ',
        HOTMART_PRODUCT_IDS: '4774438',
        LEMONSQUEEZY_PRODUCT_IDS: '356789, 356790',
      }).productIds,
    ).toEqual({
      stripe: ['plink_1BundleA', 'plink_1BundleB'],
      hotmart: ['4774438'],
      lemonsqueezy: ['356789', '356790'],
    })
  })

  it('refuses product ids of the wrong shape, naming the variable and the id', () => {
    const attempt = (environment: Record<string, string>) => () => loadConfig(environment)
    expect(attempt({ STRIPE_PAYMENT_LINK_IDS: 'https://buy.stripe.com/abc' })).toThrow(
      /STRIPE_PAYMENT_LINK_IDS: "https:\/\/buy\.stripe\.com\/abc" is not a Stripe Payment Link id/,
    )
    expect(attempt({ STRIPE_PAYMENT_LINK_IDS: 'price_1Abc' })).toThrow(/STRIPE_PAYMENT_LINK_IDS/)
    expect(attempt({ HOTMART_PRODUCT_IDS: '4774438, Projects Gallery' })).toThrow(
      /HOTMART_PRODUCT_IDS: "Projects Gallery" is not a Hotmart product id/,
    )
    expect(attempt({ LEMONSQUEEZY_PRODUCT_IDS: '12a' })).toThrow(/LEMONSQUEEZY_PRODUCT_IDS: "12a"/)
    expect(attempt({ HOTMART_PRODUCT_IDS: ' , ' })).toThrow(/HOTMART_PRODUCT_IDS: list at least one id/)
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined })
  })

  it('names every bad variable in one message', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'http',
        DATABASE_URL: 'mysql://x',
        ALLOWED_ORIGINS: 'not an origin',
        SESSION_TTL: '3 weeks',
        SUPPORT_EMAIL: 'soporte en la tienda',
      })
    expect(attempt).toThrow(ConfigError)
    expect(attempt).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*ALLOWED_ORIGINS[\s\S]*SESSION_TTL[\s\S]*SUPPORT_EMAIL/,
    )
  })

  it('takes the support address the information pages name', () => {
    expect(loadConfig({}).supportEmail).toBeUndefined()
    expect(loadConfig({ SUPPORT_EMAIL: 'ayuda@tienda.example.com' }).supportEmail).toBe(
      'ayuda@tienda.example.com',
    )
  })
})
