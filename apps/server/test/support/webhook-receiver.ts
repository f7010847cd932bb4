import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'

/**
 * An owner's receiving end of the store's outgoing webhooks (issue 44), inside the tests: a plain HTTP
 * server on loopback that keeps each request's body exactly as it arrived (what a Standard Webhooks
 * signature covers), answers as the test says, and counts the connections made to it, so that a test
 * can prove that a refused delivery never reached it.
 */

export interface ReceivedDelivery {
  /** The request's path (each endpoint of a test has its own). */
  path: string
  headers: Record<string, string>
  rawBody: string
  /** The `webhook-id` header: the same on every retry and redelivery of one delivery. */
  id: string
  /** `performance.now()` when the whole body had arrived. */
  at: number
}

/**
 * How the receiver answers a request: a status (and headers), once `after` settled if given; or `hold`
 * (read it, never answer).
 */
export type ReceiverAnswer =
  { status: number; headers?: Record<string, string>; after?: Promise<unknown> } | 'hold'

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` (`http://[::1]:<port>` on IPv6 loopback) */
  url: string
  port: number
  /** Every request received, oldest first. */
  received: ReceivedDelivery[]
  /** TCP connections accepted so far (a refused delivery opens none). */
  connections: () => number
  /** How the next requests are answered; `seen` counts the earlier requests with the same `webhook-id`. */
  answerWith: (answer: (delivery: ReceivedDelivery, seen: number) => ReceiverAnswer) => void
  /** The first request (received already or to come) that `match` accepts; fails after `timeoutMs`. */
  waitFor: (match: (delivery: ReceivedDelivery) => boolean, timeoutMs?: number) => Promise<ReceivedDelivery>
  /** Resolves once `count` requests `match` accepts have arrived (all of them, oldest first). */
  waitForCount: (
    match: (delivery: ReceivedDelivery) => boolean,
    count: number,
    timeoutMs?: number,
  ) => Promise<ReceivedDelivery[]>
  close: () => Promise<void>
}

export async function startWebhookReceiver(
  options: { host?: string; answer?: (delivery: ReceivedDelivery, seen: number) => ReceiverAnswer } = {},
): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = []
  let answer: (delivery: ReceivedDelivery, seen: number) => ReceiverAnswer =
    options.answer ?? (() => ({ status: 200 }))
  let connections = 0
  const watchers = new Set<() => void>()

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === 'string') headers[name] = value
      const delivery: ReceivedDelivery = {
        path: request.url ?? '/',
        headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
        id: headers['webhook-id'] ?? '',
        at: performance.now(),
      }
      const seen = received.filter((earlier) => earlier.id === delivery.id).length
      received.push(delivery)
      for (const watcher of watchers) watcher()
      const chosen = answer(delivery, seen)
      if (chosen === 'hold') return
      const reply = () => {
        if (response.destroyed) return
        response.writeHead(chosen.status, { 'content-type': 'text/plain', ...chosen.headers })
        response.end(chosen.status < 300 ? 'ok' : 'not now')
      }
      if (chosen.after) void chosen.after.then(reply, reply)
      else reply()
    })
    // A sender killed or timed out mid-request: expected, not a failure of the test.
    request.on('error', () => undefined)
  })
  server.on('connection', (socket) => {
    connections += 1
    socket.on('error', () => undefined)
  })
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo

  function waitForCount(match: (delivery: ReceivedDelivery) => boolean, count: number, timeoutMs = 10_000) {
    return new Promise<ReceivedDelivery[]>((resolve, reject) => {
      const check = () => {
        const matching = received.filter(match)
        if (matching.length < count) return false
        watchers.delete(check)
        clearTimeout(timer)
        resolve(matching)
        return true
      }
      const timer = setTimeout(() => {
        watchers.delete(check)
        reject(
          new Error(
            `Expected ${count} matching webhook deliveries within ${timeoutMs} ms; received: ${JSON.stringify(
              received.map((delivery) => ({ path: delivery.path, id: delivery.id, body: delivery.rawBody })),
            )}`,
          ),
        )
      }, timeoutMs)
      if (!check()) watchers.add(check)
    })
  }

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    received,
    connections: () => connections,
    answerWith: (chosen) => {
      answer = chosen
    },
    waitForCount,
    waitFor: async (match, timeoutMs) => {
      const [first] = await waitForCount(match, 1, timeoutMs)
      if (!first) throw new Error('No delivery')
      return first
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The delivery's event as its receiver reads it: its signature checked first, on the raw body (throws if forged). */
export function verifiedEvent(delivery: ReceivedDelivery, secret: string) {
  const event = new Webhook(secret).verify(delivery.rawBody, delivery.headers) as {
    type: string
    timestamp: string
    data: Record<string, unknown>
  }
  return event
}
