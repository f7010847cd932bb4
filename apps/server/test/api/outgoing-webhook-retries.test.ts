import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_LABEL } from '@pg/shared/account'
import type { WebhookDelivery } from '@pg/shared/automations'
import { createUserRepository } from '../../src/members/account/user-repository'
import { createMember } from '../support/factories'
import { signIn } from '../support/inject'
import { startTestServer, type TestServer } from '../support/test-app'
import { startWebhookReceiver, verifiedEvent, type WebhookReceiver } from '../support/webhook-receiver'

/**
 * Issue 44: a webhook delivery is tried again with backoff (30 s, doubled, at most 1 h) for three days,
 * with the same `webhook-id`; an endpoint that failed for three days is turned off. The store here tries
 * again after 50 ms, polls every 50 ms, and runs on a clock the test moves three days ahead.
 */
let flaky: TestServer
let receiver: WebhookReceiver
let flakyAdmin = ''
/** How far ahead of the real time the store's clock runs. */
let ahead = 0

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  flaky = await startTestServer({
    config: { webhookAllowPrivate: true },
    now: () => new Date(Date.now() + ahead),
    webhookSender: { firstRetrySeconds: 0.05, pollIntervalMs: 50 },
  })
  const admin = await createMember(flaky.database)
  await createUserRepository(flaky.database.db).setLabels(admin.id, [ADMIN_LABEL])
  flakyAdmin = (await signIn(flaky, admin)).cookie
})
afterAll(async () => {
  await flaky?.close()
  await receiver?.close()
})

describe('retries, and an endpoint that keeps failing', () => {
  it('answered 500 three times, then 200: the event arrives four times with one id, delivered on the fourth try', async () => {
    receiver.answerWith((delivery, seen) =>
      delivery.path === '/flaky' && seen < 3 ? { status: 500 } : { status: 200 },
    )
    const { service } = flaky.app.automations
    const endpoint = await service.addEndpoint(
      { source: 'cli' },
      {
        url: `${receiver.url}/flaky`,
        events: ['member.created'],
      },
    )
    const member = await createMember(flaky.database, { email: 'flaky@example.com' })

    const tries = await receiver.waitForCount((delivery) => delivery.path === '/flaky', 4)
    const ids = new Set(tries.map((delivery) => delivery.id))
    expect(ids.size).toBe(1)
    for (const delivery of tries)
      expect(verifiedEvent(delivery, endpoint.secret)).toMatchObject({
        type: 'member.created',
        data: { userId: member.id, email: 'flaky@example.com' },
      })
    const [id = ''] = ids

    const until = Date.now() + 10_000
    let entry: WebhookDelivery | undefined
    while (Date.now() < until) {
      const response = await flaky.app.inject({
        method: 'GET',
        url: `/v1/store/webhooks/deliveries?endpointId=${endpoint.$id}`,
        headers: { cookie: flakyAdmin },
      })
      entry = response.json<{ deliveries: WebhookDelivery[] }>().deliveries.find((one) => one.$id === id)
      if (entry?.status === 'delivered') break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(entry).toMatchObject({ status: 'delivered', nextAttemptAt: null })
    expect(entry?.attempts.map((attempt) => [attempt.statusCode, attempt.error])).toEqual([
      [500, 'HTTP 500'],
      [500, 'HTTP 500'],
      [500, 'HTTP 500'],
      [200, null],
    ])
    // Delivered: never sent again.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(receiver.received.filter((delivery) => delivery.id === id)).toHaveLength(4)
    const [endpointAfter] = (await service.overview()).endpoints.filter((one) => one.$id === endpoint.$id)
    expect(endpointAfter).toMatchObject({ enabled: true, failingSince: null })
  })

  it('turns off an endpoint that failed for three days, gives up its delivery, and audits it', async () => {
    receiver.answerWith((delivery) => (delivery.path === '/down' ? { status: 503 } : { status: 200 }))
    const { service } = flaky.app.automations
    const endpoint = await service.addEndpoint(
      { source: 'cli' },
      {
        url: `${receiver.url}/down`,
        events: ['member.created'],
      },
    )
    const state = async () => (await service.overview()).endpoints.find((one) => one.$id === endpoint.$id)
    const test = await service.sendTest({ source: 'cli' }, endpoint.$id)
    await receiver.waitFor((delivery) => delivery.path === '/down')
    const until = Date.now() + 10_000
    while ((await state())?.failingSince === null && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await state()).toMatchObject({
      enabled: true,
      disabledReason: null,
      failingSince: expect.any(String),
    })

    // Three days later, it still fails: this failure turns it off.
    ahead = 3 * 24 * 3600 * 1000 + 60_000
    const later = Date.now() + 10_000
    while ((await state())?.enabled && Date.now() < later)
      await new Promise((resolve) => setTimeout(resolve, 50))
    ahead = 0
    expect(await state()).toMatchObject({ enabled: false, disabledReason: 'failing' })
    const [delivery] = (await service.deliveries({ endpointId: endpoint.$id }, 10)).deliveries
    expect(delivery).toMatchObject({ $id: test.$id, status: 'failed', nextAttemptAt: null })
    expect(delivery?.attempts.every((attempt) => attempt.statusCode === 503)).toBe(true)
    const audit = await flaky.database.rows(
      sql`SELECT source, action, subject FROM audit_events WHERE action = 'webhook.endpoint.disable'`,
    )
    expect(audit).toEqual([
      { source: 'store', action: 'webhook.endpoint.disable', subject: `webhooks/${endpoint.$id}` },
    ])

    // Off: no event is queued for it, and nothing more is sent, until the owner turns it on again.
    const tries = receiver.received.filter((one) => one.path === '/down').length
    await createMember(flaky.database)
    const pending = await flaky.database.rows(
      sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = ${endpoint.$id}`,
    )
    expect(pending).toEqual([{ n: 1 }])
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(receiver.received.filter((one) => one.path === '/down')).toHaveLength(tries)
    // The console's Settings says so, naming the endpoint, until the owner turns it on again.
    const settings = await flaky.app.inject({
      method: 'GET',
      url: '/v1/store/settings',
      headers: { cookie: flakyAdmin },
    })
    expect(settings.json().items).toContainEqual(
      expect.objectContaining({
        key: 'webhooks',
        status: 'missing',
        state: { text: 'webhooksOff', urls: [`${receiver.url}/down`] },
      }),
    )
    // Nor by hand: a test event or a redelivery to an endpoint that is off is refused, not left pending.
    await expect(service.sendTest({ source: 'cli' }, endpoint.$id)).rejects.toMatchObject({
      type: 'general_argument_invalid',
      message: expect.stringContaining('turn it on first'),
    })
    await expect(service.redeliver({ source: 'cli' }, test.$id)).rejects.toMatchObject({
      type: 'general_argument_invalid',
    })

    const on = await service.updateEndpoint({ source: 'cli' }, endpoint.$id, { enabled: true })
    expect(on).toMatchObject({ enabled: true, disabledReason: null, failingSince: null })
  })
})
