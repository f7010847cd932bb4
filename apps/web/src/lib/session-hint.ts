/**
 * The server marks every page with whether its request carried a session cookie
 * (`<meta name="session" content="none">` when it did not). Without one, asking the API who is signed
 * in can only answer 401: the app skips that request (and the SDK's download) on the page's first
 * lookup, and the storefront's pages need no app at all (main.tsx). Later lookups always ask, since the
 * visitor may have signed in since.
 */
export function sessionHintSaysSignedOut(): boolean {
  if (typeof document === 'undefined') return false
  const hint = document.querySelector('meta[name="session"]')?.getAttribute('content')
  if (hint !== 'none') return false
  try {
    // The SDK's own cookie store, used when cookies cannot be (another origin's API): it may hold one.
    return !localStorage.getItem('cookieFallback')
  } catch {
    return true
  }
}

let firstLookup = true

/** The page's hint, for the first lookup of who is signed in only. */
export function pageSaysSignedOut(): boolean {
  if (!firstLookup) return false
  firstLookup = false
  return sessionHintSaysSignedOut()
}
