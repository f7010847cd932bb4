import type { IncomingHttpHeaders } from 'node:http'
import { isbot } from 'isbot'
import { ANALYTICS_LIMITS, ANALYTICS_PAGE_PATHS, type VisitBeacon } from '@pg/shared/analytics'

/** A beacon the store counts, as it keeps it: nothing that names the visitor. */
export interface CountedVisit {
  kind: VisitBeacon['kind']
  path: string
  /** Another site's domain, without `www.`; null for none or the store's own. */
  referrer: string | null
  source: string | null
  campaign: string | null
  language: string | null
  device: 'phone' | 'desktop'
}

const PAGES = new Set(ANALYTICS_PAGE_PATHS)
const CONTROL = /\p{Cc}/gu
const LANGUAGE = /^[a-z]{2,3}$/u

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name]
  return (Array.isArray(value) ? value[0] : value) ?? ''
}

/** A `utm_*` value as kept: one line, trimmed, at most 100 characters; null when empty. */
export function keptText(value: string | undefined): string | null {
  const kept = (value ?? '').replace(CONTROL, ' ').trim().slice(0, ANALYTICS_LIMITS.textLength).trim()
  return kept === '' ? null : kept
}

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./u, '')

/** The referrer's domain when it is another site's (http or https). */
function referrerDomain(referrer: string | undefined, ownHosts: readonly string[]): string | null {
  if (!referrer) return null
  let url: URL
  try {
    url = new URL(referrer)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const domain = bareHost(url.hostname)
  if (domain === '' || ownHosts.includes(domain)) return null
  return domain.slice(0, ANALYTICS_LIMITS.textLength)
}

/** The page's path without its query, fragment or final slash. */
function pagePath(path: string): string | null {
  const bare = path.split(/[?#]/u, 1)[0] ?? ''
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/u, '') : bare
  return PAGES.has(trimmed) ? trimmed : null
}

/**
 * What a storefront beacon counts (decision 065), or null when it counts nothing: a visitor who asks not
 * to be tracked (`DNT: 1`, `Sec-GPC: 1`), a bot's user agent (or none), a beacon sent from another site
 * (`Sec-Fetch-Site` other than `same-origin`, when the browser sends it) or a path that is no storefront
 * page. Phone or desktop from `Sec-CH-UA-Mobile`, else MDN's rule (`Mobi` in the user agent).
 */
export function countedVisit(
  beacon: VisitBeacon,
  headers: IncomingHttpHeaders,
  /** The store's own host names (without `www.`): a referrer there is not another site. */
  ownHosts: readonly string[],
): CountedVisit | null {
  if (header(headers, 'dnt') === '1' || header(headers, 'sec-gpc') === '1') return null
  const userAgent = header(headers, 'user-agent')
  if (userAgent === '' || isbot(userAgent)) return null
  const site = header(headers, 'sec-fetch-site')
  if (site !== '' && site !== 'same-origin') return null
  const path = pagePath(beacon.path)
  if (path === null) return null
  const mobile = header(headers, 'sec-ch-ua-mobile')
  const language = (beacon.language ?? '').split(/[-_]/u, 1)[0]?.toLowerCase() ?? ''
  return {
    kind: beacon.kind,
    path,
    referrer: referrerDomain(beacon.referrer, ownHosts),
    source: keptText(beacon.utmSource),
    campaign: keptText(beacon.utmCampaign),
    language: LANGUAGE.test(language) ? language : null,
    device: (mobile === '' ? /Mobi/u.test(userAgent) : mobile === '?1') ? 'phone' : 'desktop',
  }
}

/** Host names as compared with a referrer's. */
export const ownHostOf = (hostOrOrigin: string) => {
  try {
    return bareHost(new URL(hostOrOrigin.includes('://') ? hostOrOrigin : `http://${hostOrOrigin}`).hostname)
  } catch {
    return ''
  }
}
