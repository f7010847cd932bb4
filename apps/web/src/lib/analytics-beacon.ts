import type { MemberEvent } from '@pg/shared/analytics'

/**
 * The store counts for itself, without cookies (decision 065): what a page reports goes to the store's
 * own server, in the background, and never to anyone else. The storefront's island imports this too,
 * so it stays free of libraries (its JavaScript is counted in bytes).
 */

/** A visitor who asked not to be followed (Do Not Track or Global Privacy Control) is not counted. */
export function countingRefused(): boolean {
  const gpc = 'globalPrivacyControl' in navigator && navigator.globalPrivacyControl === true
  return gpc || navigator.doNotTrack === '1'
}

/**
 * Sends `body` as JSON to `path` without waiting for an answer or delaying anything: `sendBeacon`, which
 * the browser delivers even while the page is being left (a buy click), or `fetch` with `keepalive`
 * where there is none or it refuses. Same-origin, so the session cookie goes with it, and no cookie or
 * storage is written to count. Nothing at all is sent for a visitor who refused counting.
 */
export function sendAnalytics(path: string, body: object): void {
  if (countingRefused()) return
  const blob = new Blob([JSON.stringify(body)], { type: 'application/json' })
  try {
    if (navigator.sendBeacon(path, blob)) return
  } catch {
    // Some browsers refuse a beacon's JSON type; fetch below carries it.
  }
  fetch(path, { method: 'POST', body: blob, keepalive: true, credentials: 'same-origin' }).catch(() => {
    // Counting is best effort: a lost count is never the member's concern.
  })
}

/**
 * A member's use of a project (details opened, a favourite added, added to a collection), counted per
 * project and day (`POST /v1/store/analytics/member-events`).
 */
export function sendMemberEvent(kind: MemberEvent['kind'], projectId: string): void {
  sendAnalytics('/v1/store/analytics/member-events', { kind, projectId } satisfies MemberEvent)
}
