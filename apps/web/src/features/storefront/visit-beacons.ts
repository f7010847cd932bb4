import type { VisitBeacon } from '@pg/shared/analytics'
import { carriedCampaign } from '@pg/shared/campaign'
import { countingRefused, sendAnalytics } from '../../lib/analytics-beacon'

/**
 * The storefront's counting (decision 065), the same for the island (a visitor's prerendered pages) and
 * the app (a member on the same pages): a view once the page has loaded, a buy click as the visitor
 * leaves for the checkout, and the visit's campaign carried to the checkout so the order names it.
 * No cookie and no localStorage: the campaign of the visit is kept in sessionStorage, which the browser
 * forgets with the tab, so a buy click on a later page of the same visit still names it.
 */

const VISITS_PATH = '/v1/store/analytics/visits'
/** The visit's `utm_source` and `utm_campaign`, for this tab only. */
const ATTRIBUTION_KEY = 'pg.visit-attribution'

/** What a buy button is marked with (BuyButton); its `href` is the store's checkout address. */
export const BUY_LINK_SELECTOR = 'a[data-buy]'

interface Attribution {
  utmSource?: string
  utmCampaign?: string
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)

/** The address's `utm_*` (remembered for the rest of the visit), else what this visit remembered. */
function visitAttribution(): Attribution {
  const address = new URLSearchParams(window.location.search)
  const named = { utmSource: text(address.get('utm_source')), utmCampaign: text(address.get('utm_campaign')) }
  try {
    if (named.utmSource ?? named.utmCampaign) {
      sessionStorage.setItem(ATTRIBUTION_KEY, JSON.stringify(named))
      return named
    }
    const kept: unknown = JSON.parse(sessionStorage.getItem(ATTRIBUTION_KEY) ?? 'null')
    if (typeof kept !== 'object' || kept === null) return {}
    return {
      utmSource: text('utmSource' in kept ? kept.utmSource : undefined),
      utmCampaign: text('utmCampaign' in kept ? kept.utmCampaign : undefined),
    }
  } catch {
    // Storage refused (a private window's quota, a sandbox): the address alone names the campaign.
    return named
  }
}

/**
 * The checkout address carrying the campaign in the provider's pass-through parameter, chosen by its
 * host: Stripe Payment Links' `client_reference_id`, Hotmart's `sck`, Lemon Squeezy's
 * `checkout[custom][campaign]`; the webhook reads it back into the order. Unchanged for another host
 * or a campaign the checkout could not carry (decision 065).
 */
export function checkoutWithCampaign(checkout: string, campaign: string | undefined): string {
  const carried = carriedCampaign(campaign)
  if (carried === null) return checkout
  let url: URL
  try {
    url = new URL(checkout)
  } catch {
    return checkout
  }
  const host = url.hostname
  const parameter =
    host === 'buy.stripe.com'
      ? 'client_reference_id'
      : host === 'hotmart.com' || host.endsWith('.hotmart.com')
        ? 'sck'
        : host.endsWith('.lemonsqueezy.com')
          ? 'checkout[custom][campaign]'
          : null
  if (parameter === null) return checkout
  url.searchParams.set(parameter, carried)
  return url.href
}

function send(kind: VisitBeacon['kind'], attribution: Attribution, referrer?: string) {
  const beacon: VisitBeacon = {
    kind,
    path: window.location.pathname,
    ...(referrer ? { referrer } : {}),
    ...attribution,
    language: navigator.language,
  }
  sendAnalytics(VISITS_PATH, beacon)
}

/** Runs `then` once the page has loaded (at once if it has): a bot that only fetches HTML sends nothing. */
function afterLoad(then: () => void) {
  if (document.readyState === 'complete') then()
  else window.addEventListener('load', then, { once: true })
}

/** The buy links carry the campaign, and a buy click is counted as the browser leaves (no delay). */
function onBuyClick(event: MouseEvent) {
  if ((event.type === 'auxclick' && event.button !== 1) || countingRefused()) return
  const link = event.target instanceof Element ? event.target.closest(BUY_LINK_SELECTOR) : null
  if (!(link instanceof HTMLAnchorElement)) return
  const attribution = visitAttribution()
  link.href = checkoutWithCampaign(link.href, attribution.utmCampaign)
  send('buy', attribution)
}

let listening = false

/**
 * Counts a view of this storefront page (after its `load` event) and listens for buy clicks, unless
 * the visitor refused counting (Do Not Track, Global Privacy Control): then nothing is sent, nothing
 * is remembered and the buy links go to the checkout as they are. `firstView` is the document's own
 * (its referrer is where the visitor came from); the app's later views are moves inside the store.
 * Only for a storefront page: the island runs on no other, the app asks `isStorefrontPath` first.
 */
export function countStorefrontView(firstView: boolean): void {
  if (countingRefused()) return
  const attribution = visitAttribution()
  const referrer = firstView ? document.referrer : undefined
  afterLoad(() => send('view', attribution, referrer))
  // The address the pointer shows, and a copied link, already carry the campaign.
  for (const link of document.querySelectorAll<HTMLAnchorElement>(BUY_LINK_SELECTOR))
    link.href = checkoutWithCampaign(link.href, attribution.utmCampaign)
  if (listening) return
  listening = true
  // On the document, so links drawn later are covered too; capture, so it runs before anything could
  // stop the click, and the link's new address is the one the browser follows.
  document.addEventListener('click', onBuyClick, { capture: true })
  document.addEventListener('auxclick', onBuyClick, { capture: true })
}
