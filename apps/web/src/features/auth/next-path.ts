/** Where the login page sends a member afterwards when no valid `next` was given. */
export const DEFAULT_AFTER_LOGIN = '/home'

const SAME_SITE_BASE = 'https://same-site.invalid'

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/

/** A path a browser reads as this site's: one `/`, then not a second `/` or `\` (another host). */
const isSingleSlashPath = (path: string) => /^\/(?![/\\])/.test(path) && !CONTROL_CHARACTERS.test(path)

function decoded(path: string): string | undefined {
  try {
    return decodeURIComponent(path)
  } catch {
    return undefined
  }
}

/**
 * The `next` parameter as a same-site path, or undefined when it could lead elsewhere. The value is
 * normalised first (dot segments, `%2e%2e`, backslashes, tabs and line breaks are resolved the way a
 * browser resolves them), because `/..//evil.example` only becomes `//evil.example` once resolved. What
 * remains must be on this origin and start with a single `/`, also once percent-decoded, so that nothing
 * that decodes the path later can read it as another host. `/login` itself is refused so the page cannot
 * send a member back to itself.
 */
export function safeNextPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/') || CONTROL_CHARACTERS.test(value)) return undefined
  let url: URL
  try {
    url = new URL(value, SAME_SITE_BASE)
  } catch {
    return undefined
  }
  if (url.origin !== SAME_SITE_BASE) return undefined
  const path = decoded(url.pathname)
  if (!isSingleSlashPath(url.pathname) || path === undefined || !isSingleSlashPath(path)) return undefined
  if (path.replace(/\/+$/, '').toLowerCase() === '/login') return undefined
  return `${url.pathname}${url.search}${url.hash}`
}

/** The login page's address that brings the visitor back to `location` after signing in. */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  const next = `${location.pathname}${location.search}${location.hash}`
  return `/login?${new URLSearchParams({ next }).toString()}`
}
