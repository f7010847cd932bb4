import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/test-app'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'

/**
 * Issue 44, SSRF: a webhook endpoint is any URL an admin types, so the store checks where each delivery
 * would go when it sends it, after DNS, on the address the socket would connect to. Loopback, private,
 * link-local and metadata addresses are refused (unless WEBHOOK_ALLOW_PRIVATE=1, which still refuses
 * link-local: 169.254.169.254 is the cloud's metadata service), and no redirect is followed. Receivers
 * on loopback count the connections made to them: a refused delivery opens none.
 */
let guarded: TestServer
let allowing: TestServer
/** Loopback receivers: IPv4, and IPv6 where the machine has it. */
let v4: WebhookReceiver
let v6: WebhookReceiver | null = null
/** Where a redirect points: never reached. */
let target: WebhookReceiver

const SENDER = { timeoutMs: 2_000 }

beforeAll(async () => {
  ;[v4, target, v6, guarded, allowing] = await Promise.all([
    startWebhookReceiver(),
    startWebhookReceiver(),
    startWebhookReceiver({ host: '::1' }).catch(() => null),
    startTestServer({ config: { webhookAllowPrivate: false }, webhookSender: SENDER }),
    startTestServer({ config: { webhookAllowPrivate: true }, webhookSender: SENDER }),
  ])
})
afterAll(async () => {
  await Promise.all([guarded?.close(), allowing?.close()])
  await Promise.all([v4?.close(), v6?.close(), target?.close()])
})

const connections = () => v4.connections() + (v6?.connections() ?? 0) + target.connections()

/** Adds an endpoint for each URL and sends each a test event; resolves once every first attempt is logged. */
async function firstAttempts(server: TestServer, urls: string[]) {
  const { service } = server.app.automations
  const queued = new Map<string, string>()
  for (const url of urls) {
    const endpoint = await service.addEndpoint({ source: 'cli' }, { url, events: ['order.paid'] })
    queued.set((await service.sendTest({ source: 'cli' }, endpoint.$id)).$id, url)
  }
  const until = Date.now() + 10_000
  for (;;) {
    const { deliveries } = await service.deliveries({}, 100)
    const tried = deliveries.filter((one) => queued.has(one.$id) && one.attempts.length > 0)
    if (tried.length === queued.size || Date.now() > until)
      return new Map(
        tried.map((delivery) => [
          queued.get(delivery.$id) ?? '',
          { delivery, attempt: delivery.attempts[0] },
        ]),
      )
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function firstAttempt(server: TestServer, url: string) {
  const found = (await firstAttempts(server, [url])).get(url)
  if (!found?.attempt) throw new Error(`No attempt to ${url} was logged`)
  return { delivery: found.delivery, attempt: found.attempt }
}

describe('without WEBHOOK_ALLOW_PRIVATE', () => {
  const targets: [string, () => string][] = [
    ['IPv4 loopback', () => `http://127.0.0.1:${v4.port}/hook`],
    ['IPv4 loopback written short', () => `http://127.1:${v4.port}/hook`],
    ['IPv4 loopback as a number', () => `http://2130706433:${v4.port}/hook`],
    ['IPv6 loopback', () => `http://[::1]:${v6?.port ?? v4.port}/hook`],
    ['IPv4 loopback mapped into IPv6', () => `http://[::ffff:127.0.0.1]:${v4.port}/hook`],
    ['the unspecified address', () => `http://0.0.0.0:${v4.port}/hook`],
    ['the metadata service', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a private network', () => 'http://10.0.0.1/hook'],
    ['another private network', () => 'https://192.168.1.1/hook'],
    ['an IPv6 unique local address', () => 'http://[fd00::1]/hook'],
    ['a name that resolves to loopback', () => `http://localhost:${v4.port}/hook`],
  ]
  let attempts: Awaited<ReturnType<typeof firstAttempts>>

  beforeAll(async () => {
    // All at once: the sender tries them side by side, as a batch.
    attempts = await firstAttempts(
      guarded,
      targets.map(([, url]) => url()),
    )
  })

  it.each(targets)('refuses %s before connecting, and logs why', (_, url) => {
    const found = attempts.get(url())
    expect(found, 'an attempt was logged').toBeDefined()
    expect(found?.attempt).toMatchObject({ statusCode: null, error: expect.stringMatching(/^refused: /) })
    // Refused before any connection: a private network's address is never tried for 10 s.
    expect(found?.attempt?.durationMs).toBeLessThan(1_000)
    // Still due: tried again later (and refused again) until the owner fixes the address.
    expect(found?.delivery).toMatchObject({ status: 'pending', nextAttemptAt: expect.any(String) })
  })

  it('reached no receiver at all', () => {
    expect(connections()).toBe(0)
    expect(v4.received).toEqual([])
  })
})

describe('with WEBHOOK_ALLOW_PRIVATE=1 (an n8n on the same machine)', () => {
  it('delivers to loopback, by address and by name', async () => {
    const urls = [`http://127.0.0.1:${v4.port}/allowed`, `http://localhost:${v4.port}/by-name`]
    const attempts = await firstAttempts(allowing, urls)
    for (const url of urls) {
      const found = attempts.get(url)
      expect(found?.attempt, url).toMatchObject({ statusCode: 200, error: null })
      expect(v4.received.map((one) => one.id)).toContain(found?.delivery.$id)
    }
  })

  it('still refuses link-local addresses: the metadata service above all', async () => {
    const urls = [
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:169.254.169.254]/latest/meta-data/',
      'http://[fe80::1]/hook',
    ]
    const attempts = await firstAttempts(allowing, urls)
    for (const url of urls) {
      const attempt = attempts.get(url)?.attempt
      expect(attempt, url).toMatchObject({
        statusCode: null,
        error: expect.stringMatching(/^refused: .*the store never sends there$/),
      })
      expect(attempt?.durationMs).toBeLessThan(1_000)
    }
  })

  it('follows no redirect: a 302 to another loopback server is a failed attempt, and that server is never reached', async () => {
    v4.answerWith((delivery) =>
      delivery.path === '/moved'
        ? { status: 302, headers: { location: `http://127.0.0.1:${target.port}/elsewhere` } }
        : { status: 200 },
    )
    const { delivery, attempt } = await firstAttempt(allowing, `http://127.0.0.1:${v4.port}/moved`)
    expect(attempt).toMatchObject({ statusCode: 302, error: 'HTTP 302' })
    expect(delivery.status).toBe('pending')
    expect(v4.received.filter((one) => one.path === '/moved')).toHaveLength(1)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(target.connections()).toBe(0)
    expect(target.received).toEqual([])
  })
})
