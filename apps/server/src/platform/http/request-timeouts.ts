import type { ServerOptions } from 'node:http'

/** A whole request, headers and body (at most 256 KB), must arrive within this time. */
export const REQUEST_TIMEOUT_MS = 30_000
/** Its headers within this time (or the request's, if shorter). */
export const HEADERS_TIMEOUT_MS = 10_000

/**
 * Node's limits on how slowly a client may send: without them a body trickled a byte at a time holds
 * a connection open indefinitely (Fastify sets no request timeout). Node checks open connections
 * every `connectionsCheckingInterval` (30 s by default), so the check runs often enough for the limit
 * to mean what it says. An idle keep-alive connection is closed after Fastify's 72 s, longer than
 * a reverse proxy's usual 60 s, so the proxy never reuses a connection the server is closing.
 */
export function requestTimeouts(requestMs = REQUEST_TIMEOUT_MS): {
  requestTimeout: number
  /** Fastify's `http` option: what it passes to `http.createServer`. */
  http: ServerOptions
} {
  const headersMs = Math.min(HEADERS_TIMEOUT_MS, requestMs)
  return {
    requestTimeout: requestMs,
    http: {
      requestTimeout: requestMs,
      headersTimeout: headersMs,
      connectionsCheckingInterval: Math.max(100, Math.round(headersMs / 10)),
    },
  }
}
