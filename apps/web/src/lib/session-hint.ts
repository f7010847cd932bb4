/**
 * The server marks every page with whether its request carried a session cookie
 * (`<meta name="session" content="none">` when it did not). Without one, asking the API who is signed
 * in can only answer 401: the app skips that request (and the SDK's download) on the page's first
 * lookup. Later lookups always ask, since the visitor may have signed in since.
 */
let firstLookup = true

export function pageSaysSignedOut(): boolean {
  if (!firstLookup || typeof document === 'undefined') return false
  firstLookup = false
  const hint = document.querySelector('meta[name="session"]')?.getAttribute('content')
  if (hint !== 'none') return false
  try {
    // The SDK's own cookie store, used when cookies cannot be (another origin's API): it may hold one.
    return !localStorage.getItem('cookieFallback')
  } catch {
    return true
  }
}
