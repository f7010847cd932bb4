/** Where the login page sends a member afterwards when no valid `next` was given. */
export const DEFAULT_AFTER_LOGIN = '/home'

const SAME_SITE_BASE = 'https://same-site.invalid'

/**
 * The `next` parameter as a same-site path, or undefined when it could lead elsewhere: it must start
 * with one `/` (not `//` or `/\`, which browsers read as another host), hold no control characters and
 * resolve to this origin. `/login` itself is refused so the page cannot send a member back to itself.
 */
export function safeNextPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined
  let url: URL
  try {
    url = new URL(value, SAME_SITE_BASE)
  } catch {
    return undefined
  }
  if (url.origin !== SAME_SITE_BASE || url.pathname === '/login') return undefined
  return `${url.pathname}${url.search}${url.hash}`
}

/** The login page's address that brings the visitor back to `location` after signing in. */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  const next = `${location.pathname}${location.search}${location.hash}`
  return `/login?${new URLSearchParams({ next }).toString()}`
}
