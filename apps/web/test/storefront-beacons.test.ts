import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sendMemberEvent } from '../src/lib/analytics-beacon'
import { isStorefrontPath } from '../src/features/storefront/use-storefront-visit'
import { checkoutWithCampaign, countStorefrontView } from '../src/features/storefront/visit-beacons'

/**
 * The store's own counting in the browser (issue 33, decision 065): the storefront's views and buy
 * clicks, the campaign carried to the checkout, the members' events, and nothing at all for a visitor
 * who asked not to be followed. No cookie and no localStorage is written to count.
 */

/** What was sent: the path and the JSON body of each beacon. */
async function beacons() {
  const sent = []
  for (const [path, body] of vi.mocked(navigator.sendBeacon).mock.calls) {
    if (!(body instanceof Blob)) throw new Error('A beacon without a JSON body')
    expect(body.type).toBe('application/json')
    sent.push({ path, body: JSON.parse(await body.text()) as unknown })
  }
  return sent
}

/** A storefront page at `address` (the module listens for buy clicks once per document, as pages do). */
function storefrontOn(address: string) {
  window.history.replaceState(null, '', address)
  return { countStorefrontView }
}

function buyLink(href = 'https://buy.stripe.com/test_bundle') {
  const link = document.createElement('a')
  link.href = href
  link.dataset.buy = ''
  link.textContent = 'Comprar'
  document.body.append(link)
  return link
}

/** A click the page lets through, without leaving the test's page. */
function click(link: HTMLAnchorElement) {
  const stay = (event: Event) => event.preventDefault()
  document.addEventListener('click', stay)
  link.click()
  document.removeEventListener('click', stay)
}

function refuse(signal: 'doNotTrack' | 'globalPrivacyControl') {
  Object.defineProperty(navigator, signal, {
    value: signal === 'doNotTrack' ? '1' : true,
    configurable: true,
  })
}

beforeEach(() => sessionStorage.clear())
afterEach(() => {
  Reflect.deleteProperty(navigator, 'doNotTrack')
  Reflect.deleteProperty(navigator, 'globalPrivacyControl')
  document.body.replaceChildren()
  window.history.replaceState(null, '', '/')
})

describe('the campaign to the checkout', () => {
  it.each([
    [
      'https://buy.stripe.com/test_4gw5nA',
      'https://buy.stripe.com/test_4gw5nA?client_reference_id=spring-26',
    ],
    [
      'https://pay.hotmart.com/X12345678A?off=k2pasun0',
      'https://pay.hotmart.com/X12345678A?off=k2pasun0&sck=spring-26',
    ],
    [
      'https://tienda.lemonsqueezy.com/checkout/buy/8f5c3d',
      'https://tienda.lemonsqueezy.com/checkout/buy/8f5c3d?checkout%5Bcustom%5D%5Bcampaign%5D=spring-26',
    ],
  ])('passes it through the parameter of %s', (checkout, expected) => {
    expect(checkoutWithCampaign(checkout, 'spring-26')).toBe(expected)
  })

  it('leaves another checkout, no campaign and one no provider could carry as they are', () => {
    expect(checkoutWithCampaign('https://pagos.example.com/buy', 'spring')).toBe(
      'https://pagos.example.com/buy',
    )
    expect(checkoutWithCampaign('https://buy.stripe.com/x', undefined)).toBe('https://buy.stripe.com/x')
    expect(checkoutWithCampaign('https://buy.stripe.com/x', 'black friday')).toBe('https://buy.stripe.com/x')
    expect(checkoutWithCampaign('https://buy.stripe.com/x', 'c'.repeat(101))).toBe('https://buy.stripe.com/x')
  })
})

describe('storefront beacons', () => {
  it('counts the view after the load, keeps the campaign for the visit and carries it on a later buy click', async () => {
    const landing = storefrontOn('/landing-pack-apps?utm_source=newsletter&utm_campaign=spring-26')
    landing.countStorefrontView(true)
    expect(await beacons()).toEqual([
      {
        path: '/v1/store/analytics/visits',
        body: {
          kind: 'view',
          path: '/landing-pack-apps',
          utmSource: 'newsletter',
          utmCampaign: 'spring-26',
          language: navigator.language,
        },
      },
    ])

    // The next page of the visit has no utm_* in its address; its buy button still names the campaign.
    vi.mocked(navigator.sendBeacon).mockClear()
    const link = buyLink()
    const faq = storefrontOn('/faq')
    faq.countStorefrontView(true)
    expect(link.href).toBe('https://buy.stripe.com/test_bundle?client_reference_id=spring-26')
    click(link)
    const sent = await beacons()
    expect(sent.map(({ body }) => body)).toEqual([
      expect.objectContaining({ kind: 'view', path: '/faq', utmCampaign: 'spring-26' }),
      {
        kind: 'buy',
        path: '/faq',
        utmSource: 'newsletter',
        utmCampaign: 'spring-26',
        language: navigator.language,
      },
    ])
    expect(document.cookie).toBe('')
    expect(localStorage.length).toBe(0)
  })

  it('waits for the load event when the page has not loaded yet', async () => {
    const storefront = storefrontOn('/')
    Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true })
    storefront.countStorefrontView(true)
    expect(navigator.sendBeacon).not.toHaveBeenCalled()
    Reflect.deleteProperty(document, 'readyState')
    window.dispatchEvent(new Event('load'))
    expect((await beacons()).map(({ body }) => body)).toEqual([
      expect.objectContaining({ kind: 'view', path: '/' }),
    ])
  })

  it('counts the storefront’s pages in the app, and no other', () => {
    expect(['/', '/landing-pack-apps', '/faq', '/gracias', '/thank-you'].every(isStorefrontPath)).toBe(true)
    expect(['/search', '/home', '/admin/analytics', '/reset-password'].some(isStorefrontPath)).toBe(false)
  })

  it.each(['doNotTrack', 'globalPrivacyControl'] as const)(
    'sends nothing, remembers nothing and leaves the buy link alone with %s',
    async (signal) => {
      refuse(signal)
      const link = buyLink()
      const storefront = storefrontOn('/landing-pack-apps?utm_campaign=spring-26')
      storefront.countStorefrontView(true)
      click(link)
      expect(navigator.sendBeacon).not.toHaveBeenCalled()
      expect(link.href).toBe('https://buy.stripe.com/test_bundle')
      expect(sessionStorage.length).toBe(0)
    },
  )
})

describe("members' events", () => {
  it('reports a project used to the members’ events', async () => {
    sendMemberEvent('favourite', 'proj-1')
    expect(await beacons()).toEqual([
      { path: '/v1/store/analytics/member-events', body: { kind: 'favourite', projectId: 'proj-1' } },
    ])
  })

  it('sends nothing with Do Not Track', () => {
    refuse('doNotTrack')
    sendMemberEvent('details', 'proj-1')
    expect(navigator.sendBeacon).not.toHaveBeenCalled()
  })
})
