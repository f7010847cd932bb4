/** True for an absolute http: or https: URL: the only links the product stores or renders. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** Where the store serves its own images (the demo catalogue's thumbnails, `/media/thumbnails/…`). */
const STORE_MEDIA_PREFIX = '/media/'

const STORE_BASE = 'https://store.invalid'

/**
 * True for a path under `/media/` on this store, written exactly as a browser would request it: no dot
 * segments, backslashes, spaces, control characters or fragment, which a browser would rewrite (`/\host`
 * and `/media/..//host` lead to another host).
 */
export function isStoreMediaPath(value: string): boolean {
  if (!value.startsWith(STORE_MEDIA_PREFIX)) return false
  try {
    const url = new URL(value, STORE_BASE)
    return url.origin === STORE_BASE && `${url.pathname}${url.search}` === value
  } catch {
    return false
  }
}

/** A thumbnail is an http(s) image or one of the store's own media paths (decision 023). */
export function isThumbnailUrl(value: string): boolean {
  return isHttpUrl(value) || isStoreMediaPath(value)
}
