import { readFileSync } from 'node:fs'
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEBHOOK_EVENTS, type WebhookDelivery } from '@pg/shared/automations'
import { auditEvents, webhookDeliveries, webhookEndpoints } from '../../src/platform/db/schema'
import { signInConsoleCallers } from '../support/console-callers'
import { signIn } from '../support/inject'
import { createMailbox, startTestServer, testConfig, type TestServer } from '../support/test-app'
import { TIMED, WITHIN_A_SECOND_MS } from '../support/timing-bounds'
import { stripeDelivery } from '../support/webhook-deliveries'
import { startWebhookReceiver, verifiedEvent, type WebhookReceiver } from '../support/webhook-receiver'
import { deliverOk, orderOf, WEBHOOK_SECRETS } from '../support/webhook-store'

/**
 * Issue 44: the store's outgoing webhooks, received by an HTTP server inside the test that checks every
 * delivery's Standard Webhooks signature on the body exactly as it arrived. The store's sender polls
 * once a minute here: what arrives within a second was woken by its own commit's notification. Retries
 * and an endpoint that keeps failing: outgoing-webhook-retries.test.ts.
 */
let server: TestServer
let receiver: WebhookReceiver
let adminCookie = ''
let memberCookie = ''
/** Each endpoint's signing secret, by the receiver's path it posts to. */
const secrets = new Map<string, string>()

const EXAMPLE_CSV = readFileSync(
  new URL('../../../../docs/examples/catalog.example.csv', import.meta.url),
  'utf8',
)
const ORDER_FIELDS = [
  'amount',
  'currency',
  'email',
  'name',
  'orderId',
  'product',
  'provider',
  'providerOrderId',
  'purchasedAt',
  'status',
  'userId',
]
const MEMBER_FIELDS = ['createdAt', 'email', 'enabled', 'labels', 'name', 'userId']
const PROJECT_FIELDS = [
  'author',
  'categoryId',
  'createdAt',
  'projectId',
  'subtitle',
  'title',
  'updatedAt',
  'youtubeUrl',
]
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  server = await startTestServer({
    mailer: createMailbox(),
    config: {
      webhookAllowPrivate: true,
      webhookSecrets: WEBHOOK_SECRETS,
      publicOrigin: 'https://tienda.example.test',
    },
    webhookSender: { pollIntervalMs: 60_000 },
  })
  ;({ adminCookie, memberCookie } = await signInConsoleCallers(server))
})
afterAll(async () => {
  await server?.close()
  await receiver?.close()
})

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
const call = (method: Method, url: string, cookie: string | undefined, payload?: object) =>
  server.app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} })
const asAdmin = (method: Method, url: string, payload?: object) => call(method, url, adminCookie, payload)

/** Adds an endpoint through the console's route; its secret is kept for the receiver's checks. */
async function addEndpoint(path: string, events: string[]) {
  const response = await asAdmin('POST', '/v1/store/webhooks', { url: `${receiver.url}${path}`, events })
  expect(response.statusCode, response.body).toBe(201)
  const created = response.json<{ $id: string; secret: string; url: string; events: string[] }>()
  secrets.set(path, created.secret)
  return created
}

/** The deliveries of `path` whose event is `type`, each checked against its endpoint's secret. */
async function eventsAt(path: string, type: string, count = 1, timeoutMs = 10_000) {
  const secret = secrets.get(path) ?? ''
  const deliveries = await receiver.waitForCount(
    (delivery) => delivery.path === path && (JSON.parse(delivery.rawBody) as { type: string }).type === type,
    count,
    timeoutMs,
  )
  return deliveries.map((delivery) => ({ delivery, event: verifiedEvent(delivery, secret) }))
}
const eventAt = async (path: string, type: string) => {
  const [first] = await eventsAt(path, type)
  if (!first) throw new Error(`No ${type}`)
  return first
}

const queued = async (event: string) =>
  (
    await server.database.db
      .select({ n: count() })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.event, event))
  )[0]?.n ?? 0

async function deliveriesLog(endpointId: string) {
  const response = await asAdmin('GET', `/v1/store/webhooks/deliveries?endpointId=${endpointId}&limit=100`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ total: number; deliveries: WebhookDelivery[] }>()
}

/** The log's entry of one delivery once `check` holds (the sender records an attempt after its answer). */
async function logged(endpointId: string, id: string, check: (delivery: WebhookDelivery) => boolean) {
  const until = Date.now() + 10_000
  for (;;) {
    const found = (await deliveriesLog(endpointId)).deliveries.find((delivery) => delivery.$id === id)
    if ((found && check(found)) || Date.now() > until) return found
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('order events', () => {
  let orders: { $id: string }
  const path = '/orders'

  beforeAll(async () => {
    orders = await addEndpoint(path, ['order.paid'])
    await addEndpoint('/buyers', ['member.created'])
  })

  it(
    'sends a paid Stripe checkout as order.paid within a second, signed by Standard Webhooks',
    TIMED,
    async () => {
      const buyer = 'ana.webhooks@example.com'
      await deliverOk(
        server,
        stripeDelivery({
          secret: WEBHOOK_SECRETS.stripe,
          type: 'checkout.session.completed',
          orderId: 'pi_outgoing',
          email: buyer,
          name: 'Ana López',
          amount: 2500,
          currency: 'usd',
        }),
      )
      const answered = performance.now()
      const { delivery, event } = await eventAt(path, 'order.paid')
      expect(delivery.at - answered).toBeLessThan(WITHIN_A_SECOND_MS)

      const order = await orderOf(server, 'stripe', 'pi_outgoing')
      expect(event).toEqual({
        type: 'order.paid',
        timestamp: expect.stringMatching(ISO),
        data: {
          orderId: order?.id,
          provider: 'stripe',
          providerOrderId: 'pi_outgoing',
          status: 'paid',
          email: buyer,
          name: 'Ana López',
          product: order?.product ?? null,
          amount: 2500,
          currency: 'USD',
          purchasedAt: expect.stringMatching(ISO),
          userId: order?.userId,
        },
      })
      expect(order?.userId).toEqual(expect.any(String))
      expect(delivery.headers).toMatchObject({
        'content-type': 'application/json',
        'webhook-id': expect.stringMatching(/^msg_[a-z0-9]{20}$/),
        'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]+=*$/),
      })
      expect(Math.abs(Number(delivery.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30)
      // Any other secret, or a body changed on the way, fails the check.
      expect(() => verifiedEvent(delivery, secrets.get('/buyers') ?? '')).toThrow()
      expect(() =>
        verifiedEvent(
          { ...delivery, rawBody: delivery.rawBody.replace('2500', '2') },
          secrets.get(path) ?? '',
        ),
      ).toThrow()

      // The buyer became a member: the endpoint that asked for it hears so; the orders' one does not.
      const created = await eventAt('/buyers', 'member.created')
      expect(created.event.data).toMatchObject({ email: buyer, userId: order?.userId, enabled: true })
      expect(receiver.received.filter((one) => one.path === path)).toHaveLength(1)

      const log = await logged(orders.$id, delivery.id, (one) => one.status === 'delivered')
      expect(log).toMatchObject({
        $id: delivery.id,
        event: 'order.paid',
        status: 'delivered',
        nextAttemptAt: null,
        attempts: [{ statusCode: 200, error: null, durationMs: expect.any(Number) }],
      })
    },
  )

  it('announces a sale once: a replay queues nothing; a refund and a dispute are sent once asked for', async () => {
    const paid = stripeDelivery({
      secret: WEBHOOK_SECRETS.stripe,
      type: 'checkout.session.completed',
      orderId: 'pi_refund_me',
      email: 'luis.webhooks@example.com',
      amount: 4000,
    })
    const paidBefore = await queued('order.paid')
    await deliverOk(server, paid)
    await eventsAt(path, 'order.paid', paidBefore + 1)
    expect(await deliverOk(server, paid)).toMatchObject({ duplicate: true })
    expect(await queued('order.paid')).toBe(paidBefore + 1)

    const refund = (eventId: string) =>
      stripeDelivery({
        secret: WEBHOOK_SECRETS.stripe,
        type: 'charge.refunded',
        orderId: 'pi_refund_me',
        amount: 4000,
        eventId,
      })
    // Not asked for: nothing queued.
    await deliverOk(server, refund('evt_refund_unasked'))
    expect(await queued('order.refunded')).toBe(0)

    const changed = await asAdmin('PATCH', `/v1/store/webhooks/${orders.$id}`, {
      events: ['order.paid', 'order.refunded'],
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({ events: ['order.paid', 'order.refunded'], enabled: true })
    // A second refund of an order already refunded changes no status: still nothing.
    await deliverOk(server, refund('evt_refund_again'))
    expect(await queued('order.refunded')).toBe(0)

    const other = stripeDelivery({
      secret: WEBHOOK_SECRETS.stripe,
      type: 'checkout.session.completed',
      orderId: 'pi_refund_later',
      amount: 1500,
    })
    await deliverOk(server, other)
    await deliverOk(
      server,
      stripeDelivery({
        secret: WEBHOOK_SECRETS.stripe,
        type: 'charge.refunded',
        orderId: 'pi_refund_later',
        amount: 1500,
      }),
    )
    const { event } = await eventAt(path, 'order.refunded')
    expect(event.data).toMatchObject({ providerOrderId: 'pi_refund_later', status: 'refunded', amount: 1500 })
    expect(await queued('order.refunded')).toBe(1)

    // A dispute opened on a paid order: order.disputed, once asked for.
    await asAdmin('PATCH', `/v1/store/webhooks/${orders.$id}`, {
      events: ['order.paid', 'order.refunded', 'order.disputed'],
    })
    await deliverOk(
      server,
      stripeDelivery({
        secret: WEBHOOK_SECRETS.stripe,
        type: 'checkout.session.completed',
        orderId: 'pi_disputed',
        amount: 900,
      }),
    )
    await deliverOk(
      server,
      stripeDelivery({
        secret: WEBHOOK_SECRETS.stripe,
        type: 'charge.dispute.created',
        orderId: 'pi_disputed',
      }),
    )
    const disputed = await eventAt(path, 'order.disputed')
    expect(disputed.event.data).toMatchObject({ providerOrderId: 'pi_disputed', status: 'disputed' })
    expect(Object.keys(disputed.event.data).sort()).toEqual(ORDER_FIELDS)
  })
})

describe('member events, from the console’s own routes', () => {
  const path = '/members'
  beforeAll(async () => {
    await addEndpoint(path, ['member.created', 'member.first_sign_in', 'member.disabled'])
  })

  it('sends member.created, member.first_sign_in once and member.disabled, with the documented shape', async () => {
    const email = 'marta.webhooks@example.com'
    const password = 'una contraseña larga'
    const created = await asAdmin('POST', '/v1/users', {
      userId: 'unique()',
      email,
      password,
      name: 'Marta Ruiz',
    })
    expect(created.statusCode, created.body).toBe(201)
    const userId = created.json<{ $id: string }>().$id

    const { event } = await eventAt(path, 'member.created')
    expect(event).toEqual({
      type: 'member.created',
      timestamp: expect.stringMatching(ISO),
      data: {
        userId,
        email,
        name: 'Marta Ruiz',
        labels: [],
        enabled: true,
        createdAt: expect.stringMatching(ISO),
      },
    })

    await signIn(server, { email, password })
    await signIn(server, { email, password })
    const first = await eventAt(path, 'member.first_sign_in')
    expect(first.event.data).toMatchObject({ userId, email })
    expect(Object.keys(first.event.data).sort()).toEqual(MEMBER_FIELDS)
    expect(await queued('member.first_sign_in')).toBe(1)

    const disabled = await asAdmin('PATCH', `/v1/users/${userId}/status`, { status: false })
    expect(disabled.statusCode, disabled.body).toBe(200)
    const gone = await eventAt(path, 'member.disabled')
    expect(gone.event.data).toMatchObject({ userId, email, enabled: false })
    expect(Object.keys(gone.event.data).sort()).toEqual(MEMBER_FIELDS)
    // Disabling again, or enabling, announces nothing more.
    await asAdmin('PATCH', `/v1/users/${userId}/status`, { status: false })
    await asAdmin('PATCH', `/v1/users/${userId}/status`, { status: true })
    expect(await queued('member.disabled')).toBe(1)
  })
})

describe('project events, from the console’s catalogue editing and import', () => {
  const path = '/catalogue'
  const documentsUrl = (id = '') =>
    `/v1/databases/${testConfig.databaseId}/collections/projects/documents${id ? `/${id}` : ''}`
  beforeAll(async () => {
    await addEndpoint(path, ['project.created', 'project.updated', 'project.deleted'])
  })

  it('sends project.created, project.updated and project.deleted with the documented shapes', async () => {
    const created = await asAdmin('POST', documentsUrl(), {
      documentId: 'asistente-reservas',
      data: {
        title: 'Asistente de reservas con n8n',
        subtitle: 'Confirma citas por WhatsApp',
        author: 'Laura Gómez',
        youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const added = await eventAt(path, 'project.created')
    expect(added.event).toEqual({
      type: 'project.created',
      timestamp: expect.stringMatching(ISO),
      data: {
        projectId: 'asistente-reservas',
        title: 'Asistente de reservas con n8n',
        subtitle: 'Confirma citas por WhatsApp',
        author: 'Laura Gómez',
        categoryId: null,
        youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
      },
    })

    const updated = await asAdmin('PATCH', documentsUrl('asistente-reservas'), {
      data: { title: 'Asistente de reservas con n8n y WhatsApp', subtitle: '' },
    })
    expect(updated.statusCode, updated.body).toBe(200)
    const changed = await eventAt(path, 'project.updated')
    expect(changed.event.data).toMatchObject({
      projectId: 'asistente-reservas',
      title: 'Asistente de reservas con n8n y WhatsApp',
      subtitle: null,
    })
    expect(Object.keys(changed.event.data).sort()).toEqual(PROJECT_FIELDS)

    const deleted = await asAdmin('DELETE', documentsUrl('asistente-reservas'))
    expect(deleted.statusCode, deleted.body).toBe(204)
    const removed = await eventAt(path, 'project.deleted')
    expect(removed.event).toEqual({
      type: 'project.deleted',
      timestamp: expect.stringMatching(ISO),
      data: { projectId: 'asistente-reservas', title: 'Asistente de reservas con n8n y WhatsApp' },
    })
  })

  it('sends project.created for each project an import adds, and nothing for those it rewrites', async () => {
    const before = await queued('project.created')
    // One of the file's two projects exists already: the import rewrites it and adds the other.
    const existing = await asAdmin('POST', documentsUrl(), {
      documentId: 'traductor-videos',
      data: { title: 'Traductor de vídeos' },
    })
    expect(existing.statusCode, existing.body).toBe(201)
    const imported = await asAdmin('POST', '/v1/store/catalog/import', {
      fileName: 'catalog.example.csv',
      content: EXAMPLE_CSV,
      dryRun: false,
    })
    expect(imported.statusCode, imported.body).toBe(200)
    expect(imported.json()).toMatchObject({ summary: { projects: { added: 1, updated: 1 } } })
    // Queued in the import's transaction: exactly one more.
    expect(await queued('project.created')).toBe(before + 2)
    const added = (await eventsAt(path, 'project.created', before + 2)).slice(-2)
    expect(added.map(({ event }) => event.data.projectId)).toEqual([
      'traductor-videos',
      'clasificador-facturas',
    ])
    expect(added[1]?.event.data).toMatchObject({
      title: 'Clasificador de facturas',
      subtitle: 'Lee PDFs, extrae importes y los guarda',
      author: 'Pedro Sanz',
      youtubeUrl: null,
    })
    for (const { event } of added) expect(Object.keys(event.data).sort()).toEqual(PROJECT_FIELDS)
  })
})

describe('the test event and a redelivery', () => {
  it('sends webhook.test to the endpoint alone, logs it, and sends it again by hand with the same id', async () => {
    const endpoint = await addEndpoint('/tested', ['project.deleted'])
    const sent = await asAdmin('POST', `/v1/store/webhooks/${endpoint.$id}/test`)
    expect(sent.statusCode, sent.body).toBe(202)
    const queuedTest = sent.json<WebhookDelivery>()
    expect(queuedTest).toMatchObject({
      $id: expect.stringMatching(/^msg_/),
      endpointId: endpoint.$id,
      url: `${receiver.url}/tested`,
      event: 'webhook.test',
    })
    const { delivery, event } = await eventAt('/tested', 'webhook.test')
    expect(delivery.id).toBe(queuedTest.$id)
    expect(event).toEqual({
      type: 'webhook.test',
      timestamp: expect.stringMatching(ISO),
      data: { endpointId: endpoint.$id, message: "A test event from the store's console" },
    })
    expect(receiver.received.filter((one) => one.id === delivery.id)).toHaveLength(1)
    await logged(endpoint.$id, delivery.id, (one) => one.status === 'delivered')

    const again = await asAdmin('POST', `/v1/store/webhooks/deliveries/${delivery.id}/redeliver`)
    expect(again.statusCode, again.body).toBe(202)
    expect(again.json()).toMatchObject({ $id: delivery.id })
    const both = await eventsAt('/tested', 'webhook.test', 2)
    expect(both.map((one) => one.delivery.id)).toEqual([delivery.id, delivery.id])
    expect(both[1]?.event).toEqual(event)
    const log = await logged(
      endpoint.$id,
      delivery.id,
      (one) => one.attempts.length === 2 && one.status === 'delivered',
    )
    expect(log).toMatchObject({
      status: 'delivered',
      attempts: [
        { statusCode: 200, error: null },
        { statusCode: 200, error: null },
      ],
    })

    const unknown = await asAdmin('POST', '/v1/store/webhooks/deliveries/msg_aaaaaaaaaaaaaaaaaaaa/redeliver')
    expect(unknown.statusCode).toBe(404)
    expect((await asAdmin('POST', '/v1/store/webhooks/aaaaaaaaaaaaaaaaaaaa/test')).statusCode).toBe(404)
  })
})

describe('who may manage automations', () => {
  it('lists every automations route among the console’s, whose visitor-and-member test covers them', () => {
    const consoleRoutes = new Set(server.app.consoleRoutes.map((route) => `${route.method} ${route.url}`))
    const ours = server.app.automations.routes.map((route) => `${route.method} ${route.url}`)
    expect(ours.filter((route) => !consoleRoutes.has(route))).toEqual([])
    expect(ours.sort()).toEqual(
      [
        'GET /v1/store/automations',
        'POST /v1/store/keys',
        'DELETE /v1/store/keys/:keyId',
        'POST /v1/store/webhooks',
        'PATCH /v1/store/webhooks/:endpointId',
        'DELETE /v1/store/webhooks/:endpointId',
        'POST /v1/store/webhooks/:endpointId/test',
        'GET /v1/store/webhooks/deliveries',
        'POST /v1/store/webhooks/deliveries/:deliveryId/redeliver',
      ].sort(),
    )
  })

  it('answers 401 user_unauthorized to a visitor and a member, and serves an admin', async () => {
    const before = await tableCounts()
    const endpoint = await addEndpoint('/access', ['member.disabled'])
    const key = await asAdmin('POST', '/v1/store/keys', { name: 'access-test', scopes: ['users.read'] })
    expect(key.statusCode, key.body).toBe(201)
    const keyId = key.json<{ $id: string }>().$id
    const test = await asAdmin('POST', `/v1/store/webhooks/${endpoint.$id}/test`)
    const deliveryId = test.json<{ $id: string }>().$id
    await logged(endpoint.$id, deliveryId, (one) => one.status === 'delivered')

    const routes: [Method, string, object | undefined, number][] = [
      ['GET', '/v1/store/automations', undefined, 200],
      ['GET', `/v1/store/webhooks/deliveries?endpointId=${endpoint.$id}`, undefined, 200],
      ['POST', `/v1/store/webhooks/deliveries/${deliveryId}/redeliver`, undefined, 202],
      ['POST', `/v1/store/webhooks/${endpoint.$id}/test`, undefined, 202],
      ['PATCH', `/v1/store/webhooks/${endpoint.$id}`, { enabled: false }, 200],
      ['POST', '/v1/store/webhooks', { url: `${receiver.url}/access-2`, events: ['order.paid'] }, 201],
      ['POST', '/v1/store/keys', { name: 'access-test-2', scopes: ['users.read'] }, 201],
      ['DELETE', `/v1/store/keys/${keyId}`, undefined, 204],
      ['DELETE', `/v1/store/webhooks/${endpoint.$id}`, undefined, 204],
    ]
    const writesBefore = await tableCounts()
    for (const [method, url, payload] of routes)
      for (const cookie of [undefined, memberCookie]) {
        const refused = await call(method, url, cookie, payload)
        expect(refused.statusCode, `${method} ${url}`).toBe(401)
        expect(refused.json()).toMatchObject({ type: 'user_unauthorized' })
      }
    expect(await tableCounts()).toEqual(writesBefore)

    for (const [method, url, payload, status] of routes) {
      const response = await asAdmin(method, url, payload)
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status)
    }
    const overview = await asAdmin('GET', '/v1/store/automations')
    expect(overview.json<{ endpoints: { url: string }[] }>().endpoints.map((one) => one.url)).not.toContain(
      endpoint.url,
    )
    expect((await tableCounts()).endpoints).toBe(before.endpoints + 2)
  })

  it('refuses an API key, even one with every scope: keys never manage keys or endpoints', async () => {
    const key = await asAdmin('POST', '/v1/store/keys', {
      name: 'all-scopes',
      scopes: ['users.read', 'users.write', 'documents.read', 'documents.write', 'orders.read'],
    })
    const secret = key.json<{ secret: string }>().secret
    for (const [method, url] of [
      ['GET', '/v1/store/automations'],
      ['GET', '/v1/store/webhooks/deliveries'],
      ['POST', '/v1/store/keys'],
    ] as const) {
      const response = await server.app.inject({
        method,
        url,
        headers: { 'x-appwrite-key': secret, 'x-appwrite-project': testConfig.projectId },
        ...(method === 'POST' ? { payload: { name: 'made-by-key', scopes: ['users.read'] } } : {}),
      })
      expect(response.statusCode, `${method} ${url}`).toBe(401)
    }
  })
})

async function tableCounts() {
  const { db } = server.database
  return {
    endpoints: (await db.select({ n: count() }).from(webhookEndpoints))[0]?.n ?? 0,
    audit: (await db.select({ n: count() }).from(auditEvents))[0]?.n ?? 0,
  }
}

describe('what an endpoint may be', () => {
  it('refuses other schemes, credentials, missing or unknown events with 400, writing nothing', async () => {
    const before = await tableCounts()
    const url = `${receiver.url}/refused`
    for (const body of [
      { url: 'ftp://x', events: ['order.paid'] },
      { url: 'javascript:alert(1)', events: ['order.paid'] },
      { url: 'file:///etc/passwd', events: ['order.paid'] },
      { url: 'not a url', events: ['order.paid'] },
      { url: 'https://user:secret@example.com/hook', events: ['order.paid'] },
      { url },
      { url, events: [] },
      { url, events: ['order.shipped'] },
      { url, events: 'order.paid' },
      { events: ['order.paid'] },
      {},
    ]) {
      const response = await asAdmin('POST', '/v1/store/webhooks', body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json()).toMatchObject({ type: 'general_argument_invalid' })
    }
    const existing = await addEndpoint('/unique', ['order.paid'])
    const after = await tableCounts()
    const taken = await asAdmin('POST', '/v1/store/webhooks', { url: existing.url, events: ['order.paid'] })
    expect(taken.statusCode).toBe(400)
    const badChange = await asAdmin('PATCH', `/v1/store/webhooks/${existing.$id}`, { events: ['nope'] })
    expect(badChange.statusCode).toBe(400)
    expect(
      (await asAdmin('PATCH', '/v1/store/webhooks/aaaaaaaaaaaaaaaaaaaa', { enabled: true })).statusCode,
    ).toBe(404)
    expect(await tableCounts()).toEqual(after)
    expect(after).toEqual({ endpoints: before.endpoints + 1, audit: before.audit + 1 })
  })

  it('shows a secret only in the answer to its creation, and keeps it sealed in the database', async () => {
    const created = await addEndpoint('/sealed', WEBHOOK_EVENTS.slice(0, 3))
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    const shown = [
      await asAdmin('GET', '/v1/store/automations'),
      await asAdmin('GET', '/v1/store/webhooks/deliveries?limit=100'),
      await asAdmin('PATCH', `/v1/store/webhooks/${created.$id}`, { enabled: true }),
    ]
    for (const response of shown) {
      expect(response.statusCode).toBe(200)
      expect(response.body).not.toContain('whsec_')
      for (const secret of secrets.values()) {
        expect(response.body).not.toContain(secret)
        expect(response.body).not.toContain(secret.slice('whsec_'.length))
      }
    }
    const rows = await server.database.db.select().from(webhookEndpoints)
    expect(rows.length).toBeGreaterThan(5)
    for (const row of rows) {
      expect(row.secret).toMatch(/^v1\./)
      expect(row.secret).not.toContain('whsec_')
      for (const secret of secrets.values()) expect(row.secret).not.toContain(secret.slice('whsec_'.length))
    }
    const audited = await server.database.rows(sql`SELECT "after"::text AS after FROM audit_events`)
    expect(JSON.stringify(audited)).not.toContain('whsec_')
  })
})
