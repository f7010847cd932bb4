import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import {
  isLoopbackOrPrivateAllowed,
  isPublicAddress,
  lookupAccepting,
  PrivateAddressError,
} from '../security/outgoing-address'

/** How long one delivery may take, connection included (issue 44). */
export const WEBHOOK_TIMEOUT_MS = 10_000
/** How much of an answer is read before the connection is closed: a receiver cannot make the store read more. */
export const ANSWER_BYTES = 4 * 1024

export interface WebhookAnswer {
  /** The answer's status code, or null when none came (refused, timed out, unreachable). */
  statusCode: number | null
  /** Up to 4 KB of the answer's body (read, not kept: the log keeps the status code). */
  body: string
  /** Why it failed, in English, or null for a 2xx answer. */
  error: string | null
  durationMs: number
}

/** An endpoint's address the store may post to: http(s) only, without credentials in it. */
export function webhookUrlProblem(
  url: string,
): 'not a URL' | 'only http and https addresses' | 'credentials' | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'not a URL'
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'only http and https addresses'
  if (parsed.username || parsed.password) return 'credentials'
  return null
}

/**
 * Posts one signed delivery (issue 44): the address checked after DNS on the address the socket connects
 * to (so a name that resolves to loopback, or is rebound to it, is refused); with private addresses
 * allowed, loopback and private networks pass but link-local (the metadata service) never; no redirect followed (a 3xx is a failure); 10 s in all; 4 KB of the answer read.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<WebhookAnswer> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const failed = (error: string, statusCode: number | null = null, answer = ''): WebhookAnswer => ({
    statusCode,
    body: answer,
    error,
    durationMs: elapsed(),
  })
  const problem = webhookUrlProblem(url)
  if (problem) return Promise.resolve(failed(`refused: ${problem}`))
  const target = new URL(url)
  const host = target.hostname.replace(/^\[|\]$/g, '')
  const accept = options.allowPrivate ? isLoopbackOrPrivateAllowed : isPublicAddress
  // A literal address never goes through `lookup`: checked here.
  if (isIP(host) !== 0 && !accept(host))
    return Promise.resolve(
      failed(`refused: ${new PrivateAddressError(host, host, options.allowPrivate).message}`),
    )
  const client = target.protocol === 'https:' ? https : http
  return new Promise((resolve) => {
    let settled = false
    const settle = (answer: WebhookAnswer) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      request.destroy()
      resolve(answer)
    }
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'projects-gallery-webhooks',
        },
        agent: false,
        lookup: lookupAccepting(accept, options.allowPrivate),
      },
      (response) => {
        const chunks: Buffer[] = []
        let bytes = 0
        const done = () => {
          const statusCode = response.statusCode ?? null
          const answer = Buffer.concat(chunks).subarray(0, ANSWER_BYTES).toString('utf8')
          const ok = statusCode !== null && statusCode >= 200 && statusCode < 300
          settle(
            ok
              ? { statusCode, body: answer, error: null, durationMs: elapsed() }
              : failed(`HTTP ${statusCode}`, statusCode, answer),
          )
        }
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk)
          bytes += chunk.length
          if (bytes >= ANSWER_BYTES) done()
        })
        response.on('end', done)
        response.on('error', done)
      },
    )
    const timer = setTimeout(() => settle(failed('timeout')), options.timeoutMs ?? WEBHOOK_TIMEOUT_MS)
    request.on('error', (error: Error) =>
      settle(failed(error instanceof PrivateAddressError ? `refused: ${error.message}` : error.message)),
    )
    request.end(body)
  })
}
